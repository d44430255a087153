import { cents, type Accessory, type PaymentType, type PlanPriceEntry, type PlanTaxFlag, type ProtectionPlan } from "@showroom/domain";
import { CATALOGUE } from "./vehicle-catalogue.ts";

// The demo's accessories and protection plans, as data. Prices are invented but plausible; they are not any
// dealership's or manufacturer's. Pictures are drawn by the server (apps/server/src/modules/add-ons/pictures.ts),
// one drawing per picture kind named in the addresses below.

type Pair = readonly [en: string, fr: string];
/** How the dealership quotes the installation: labour hours at its rate, one flat charge, one installed price, or nothing. */
type Installation = { hours: string } | { flat: number } | { installed: number } | null;

interface AccessoryTemplate {
  /** The end of the sku, after the make's code. */
  code: string;
  oem: boolean;
  /** "{make}" is replaced by the make. */
  name: Pair;
  description: Pair;
  /** Said before the general words for an OEM or a third-party part. */
  disclaimer?: Pair;
  category: "I" | "E";
  picture: string;
  /** Cents, before the make's price level (OEM parts only). */
  price: number;
  installation: Installation;
  /** Body types it fits; absent: every body type. */
  bodies?: readonly string[];
  /** Only on makes with a model that seats a third row. */
  thirdRow?: true;
  preInstalled?: true;
  portInstalled?: true;
  inactive?: true;
  recommended?: true;
  /** Codes of the accessories it cannot be fitted with. */
  conflicts?: readonly string[];
}

const CARGO_BODIES = ["SUV", "Minivan", "Hatchback", "Wagon"];
const ROOF_BODIES = ["SUV", "Sedan", "Hatchback", "Wagon", "Minivan", "Van"];
const TOWING_BODIES = ["SUV", "Pickup", "Minivan", "Van", "Wagon"];
const REAR_SEAT_BODIES = ["SUV", "Sedan", "Hatchback", "Wagon", "Minivan", "Pickup"];

const ACCESSORY_TEMPLATES: readonly AccessoryTemplate[] = [
  // Interior
  {
    code: "FLM-CP", oem: true, category: "I", picture: "floor-mat", price: 18_999, installation: null, conflicts: ["FLM-AW"],
    name: ["{make} carpet floor mats", "Tapis protège-planchers en moquette {make}"],
    description: [
      "Plush carpet mats cut to the floor of your model, held by the factory retaining hooks.",
      "Tapis en moquette épaisse taillés pour le plancher de votre modèle, retenus par les crochets d'origine.",
    ],
  },
  {
    code: "FLM-AW", oem: true, category: "I", picture: "floor-mat", price: 24_999, installation: null, recommended: true, conflicts: ["FLM-CP"],
    name: ["{make} all-weather floor liners", "Tapis protège-planchers toutes saisons {make}"],
    description: [
      "Deep-channel rubber liners that hold snow, slush and road salt off the carpet all winter.",
      "Tapis en caoutchouc à rainures profondes qui retiennent la neige, la gadoue et le sel de déglaçage tout l'hiver.",
    ],
  },
  {
    code: "CGT", oem: true, category: "I", picture: "cargo-tray", price: 13_999, installation: null, bodies: CARGO_BODIES, conflicts: ["CGL"],
    name: ["{make} cargo tray", "Plateau de coffre {make}"],
    description: [
      "A raised-edge tray that protects the cargo area from spills, groceries and hockey bags.",
      "Plateau à rebords relevés qui protège l'espace de chargement des déversements, de l'épicerie et des sacs de hockey.",
    ],
  },
  {
    code: "CGL", oem: false, category: "I", picture: "cargo-tray", price: 15_999, installation: null, bodies: CARGO_BODIES, conflicts: ["CGT"],
    name: ["Custom-fit cargo liner", "Doublure de coffre sur mesure"],
    description: [
      "A laser-measured liner that covers the cargo floor and the back of the rear seats.",
      "Doublure mesurée au laser qui couvre le plancher du coffre et le dossier des sièges arrière.",
    ],
  },
  {
    code: "NET", oem: true, category: "I", picture: "cargo-net", price: 7_999, installation: null, portInstalled: true,
    name: ["{make} cargo net", "Filet d'espace de chargement {make}"],
    description: [
      "An envelope-style net that keeps small items from sliding around the cargo area.",
      "Filet de type enveloppe qui empêche les petits objets de glisser dans l'espace de chargement.",
    ],
  },
  {
    code: "ORG", oem: false, category: "I", picture: "cargo-net", price: 4_999, installation: null,
    name: ["Collapsible trunk organizer", "Organisateur de coffre pliable"],
    description: [
      "Three compartments with non-slip feet; folds flat when you need the whole trunk.",
      "Trois compartiments avec pieds antidérapants; se replie à plat quand vous avez besoin de tout le coffre.",
    ],
  },
  {
    code: "RST-O", oem: true, category: "I", picture: "key-fob", price: 64_900, installation: { hours: "2.0" }, recommended: true, conflicts: ["RST-T"],
    name: ["{make} remote starter", "Démarreur à distance {make}"],
    description: [
      "Starts the engine and the climate control from up to 300 m away with the factory key fob.",
      "Démarre le moteur et la climatisation jusqu'à 300 m de distance avec la télécommande d'origine.",
    ],
    disclaimer: [
      "Range varies with surroundings. Do not start a vehicle in an enclosed space.",
      "La portée varie selon l'environnement. Ne démarrez pas un véhicule dans un espace clos.",
    ],
  },
  {
    code: "RST-T", oem: false, category: "I", picture: "key-fob", price: 54_900, installation: { installed: 79_900 }, conflicts: ["RST-O"],
    name: ["Two-way remote starter with smartphone app", "Démarreur à distance bidirectionnel avec application mobile"],
    description: [
      "Confirms that the engine is running on its own remote and on your phone; the first year of the app is included.",
      "Confirme le démarrage sur sa propre télécommande et sur votre téléphone; la première année d'application est incluse.",
    ],
    disclaimer: [
      "A failure caused by the installation of a third-party electrical accessory is not covered by the vehicle warranty.",
      "Une défaillance causée par l'installation d'un accessoire électrique d'un tiers n'est pas couverte par la garantie du véhicule.",
    ],
  },
  {
    code: "CAM", oem: false, category: "I", picture: "dash-cam", price: 34_999, installation: { hours: "1.2" },
    name: ["Front and rear dash cam", "Caméra de tableau de bord avant et arrière"],
    description: [
      "Records in 1440p at the front and 1080p at the rear, with a parking mode wired to the fuse box.",
      "Enregistre en 1440p à l'avant et en 1080p à l'arrière, avec un mode stationnement branché au boîtier de fusibles.",
    ],
    disclaimer: [
      "Recording laws vary; tell your passengers that the camera may record sound.",
      "Les lois sur l'enregistrement varient; avisez vos passagers que la caméra peut enregistrer le son.",
    ],
  },
  {
    code: "FAK", oem: true, category: "I", picture: "kit", price: 5_999, installation: null,
    name: ["{make} first-aid kit", "Trousse de premiers soins {make}"],
    description: [
      "A compact kit of bandages, gauze, gloves and a thermal blanket that fits under the cargo floor.",
      "Trousse compacte de pansements, de compresses, de gants et d'une couverture isothermique qui se range sous le plancher du coffre.",
    ],
  },
  {
    code: "EMK", oem: false, category: "I", picture: "kit", price: 8_999, installation: null,
    name: ["Winter emergency roadside kit", "Trousse d'urgence routière hivernale"],
    description: [
      "Booster cables, a folding shovel, a flashlight, a reflective triangle and two emergency blankets in one bag.",
      "Câbles de survoltage, pelle pliante, lampe de poche, triangle réfléchissant et deux couvertures d'urgence dans un seul sac.",
    ],
  },
  {
    code: "SUN", oem: true, category: "I", picture: "sunshade", price: 6_999, installation: null,
    name: ["{make} windshield sunshade", "Pare-soleil de pare-brise {make}"],
    description: [
      "A reflective shade cut to the windshield that keeps the cabin and the steering wheel cooler in summer.",
      "Pare-soleil réfléchissant taillé pour le pare-brise qui garde l'habitacle et le volant plus frais l'été.",
    ],
  },
  {
    code: "SBP", oem: false, category: "I", picture: "seat", price: 4_999, installation: null, bodies: REAR_SEAT_BODIES,
    name: ["Seat-back kick protectors (pair)", "Protège-dossiers de sièges (paire)"],
    description: [
      "Wipe-clean covers that protect the front seat backs from children's boots, with a tablet pocket.",
      "Housses lavables qui protègent le dos des sièges avant des bottes des enfants, avec une pochette pour tablette.",
    ],
  },
  {
    code: "SCV", oem: false, category: "I", picture: "seat", price: 29_999, installation: { hours: "0.5" },
    name: ["Neoprene seat covers (front pair)", "Housses de sièges en néoprène (paire avant)"],
    description: [
      "Water-resistant covers for the front seats, cut for your model's headrests and seat controls.",
      "Housses résistantes à l'eau pour les sièges avant, taillées pour les appuie-tête et les commandes de votre modèle.",
    ],
    disclaimer: [
      "Made with tear-away seams for seat-mounted side airbags; fitted to the airbag maker's instructions.",
      "Coutures détachables pour les coussins gonflables latéraux intégrés aux sièges; installées selon les directives du fabricant.",
    ],
  },
  {
    code: "RSE", oem: true, category: "I", picture: "screen", price: 189_900, installation: { installed: 219_900 }, bodies: ["Minivan", "SUV"], thirdRow: true,
    name: ["{make} rear-seat entertainment system", "Système de divertissement pour sièges arrière {make}"],
    description: [
      "Two 10-inch headrest screens with HDMI inputs and wireless headphones for the second and third rows.",
      "Deux écrans de 10 pouces aux appuie-tête, avec entrées HDMI et casques sans fil pour les deuxième et troisième rangées.",
    ],
  },
  {
    code: "PET", oem: true, category: "I", picture: "pet-barrier", price: 22_999, installation: { hours: "0.5" }, bodies: ["SUV", "Minivan", "Wagon"],
    name: ["{make} pet barrier", "Grille pour animaux {make}"],
    description: [
      "A steel barrier that keeps pets in the cargo area without blocking the rear view.",
      "Grille en acier qui garde les animaux dans l'espace de chargement sans bloquer la vue arrière.",
    ],
  },
  // Exterior
  {
    code: "WLK", oem: true, category: "E", picture: "wheel", price: 8_999, installation: null, preInstalled: true,
    name: ["{make} wheel locks", "Écrous antivol de roues {make}"],
    description: [
      "One locking nut per wheel with a coded key; already on the vehicle.",
      "Un écrou antivol par roue avec une clé codée; déjà installés sur le véhicule.",
    ],
  },
  {
    code: "PLT", oem: true, category: "E", picture: "plate", price: 4_999, installation: null, preInstalled: true,
    name: ["{make} front licence plate bracket", "Support de plaque d'immatriculation avant {make}"],
    description: [
      "The bracket for the front plate that Ontario, Quebec and New York require; already on the vehicle.",
      "Le support de la plaque avant exigée en Ontario, au Québec et dans l'État de New York; déjà installé sur le véhicule.",
    ],
  },
  {
    code: "A18", oem: true, category: "E", picture: "wheel", price: 199_900, installation: { flat: 15_000 }, conflicts: ["A19"],
    name: ["{make} 18-inch alloy wheels (set of 4)", "Jantes en alliage de 18 pouces {make} (ensemble de 4)"],
    description: [
      "Five-spoke machined alloy wheels with centre caps and tire pressure sensors; tires sold separately.",
      "Jantes en alliage usinées à cinq rayons avec enjoliveurs et capteurs de pression; pneus vendus séparément.",
    ],
  },
  {
    code: "A19", oem: true, category: "E", picture: "wheel", price: 289_900, installation: { flat: 15_000 }, conflicts: ["A18"],
    name: ["{make} 19-inch alloy wheels (set of 4)", "Jantes en alliage de 19 pouces {make} (ensemble de 4)"],
    description: [
      "Split-spoke alloy wheels in gloss black with tire pressure sensors; tires sold separately.",
      "Jantes en alliage à rayons doubles noir lustré avec capteurs de pression; pneus vendus séparément.",
    ],
    disclaimer: [
      "Larger wheels may reduce ride comfort and range, and may not fit every trim's brakes.",
      "Des jantes plus grandes peuvent réduire le confort et l'autonomie et ne conviennent pas aux freins de toutes les versions.",
    ],
  },
  {
    code: "WTS", oem: false, category: "E", picture: "winter-tire", price: 119_900, installation: { installed: 134_900 }, recommended: true, conflicts: ["WTA"],
    name: ["Winter tire package on steel wheels", "Ensemble de pneus d'hiver sur jantes en acier"],
    description: [
      "Four studless winter tires bearing the mountain-snowflake symbol, mounted and balanced on steel wheels.",
      "Quatre pneus d'hiver sans crampons portant le pictogramme de montagne et de flocon, montés et équilibrés sur jantes en acier.",
    ],
    disclaimer: [
      "In Quebec, winter tires are mandatory from December 1 to March 15. Tire size is chosen for your trim.",
      "Au Québec, les pneus d'hiver sont obligatoires du 1er décembre au 15 mars. La dimension est choisie selon votre version.",
    ],
  },
  {
    code: "WTA", oem: true, category: "E", picture: "winter-tire", price: 219_900, installation: { hours: "1.0" }, conflicts: ["WTS"],
    name: ["{make} winter tire package on alloy wheels", "Ensemble de pneus d'hiver sur jantes en alliage {make}"],
    description: [
      "Four winter tires on {make} alloy wheels with tire pressure sensors, ready for the first snowfall.",
      "Quatre pneus d'hiver sur jantes en alliage {make} avec capteurs de pression, prêts pour la première neige.",
    ],
    disclaimer: [
      "In Quebec, winter tires are mandatory from December 1 to March 15. Tire size is chosen for your trim.",
      "Au Québec, les pneus d'hiver sont obligatoires du 1er décembre au 15 mars. La dimension est choisie selon votre version.",
    ],
  },
  {
    code: "MUD", oem: true, category: "E", picture: "mud-guard", price: 17_999, installation: { hours: "0.5" }, conflicts: ["SPL"],
    name: ["{make} mud guards (set of 4)", "Garde-boue {make} (ensemble de 4)"],
    description: [
      "Moulded guards shaped to the wheel openings that keep slush and gravel off the lower body.",
      "Garde-boue moulés aux passages de roues qui protègent le bas de caisse de la gadoue et du gravier.",
    ],
  },
  {
    code: "SPL", oem: false, category: "E", picture: "mud-guard", price: 12_999, installation: { hours: "0.5" }, conflicts: ["MUD"],
    name: ["Moulded splash guards (set of 4)", "Pare-éclaboussures moulés (ensemble de 4)"],
    description: [
      "Heavy-duty thermoplastic splash guards that mount in the factory holes, no drilling.",
      "Pare-éclaboussures en thermoplastique robuste fixés dans les trous d'origine, sans perçage.",
    ],
  },
  {
    code: "BAR", oem: true, category: "E", picture: "roof-bars", price: 44_999, installation: { hours: "0.5" }, bodies: ROOF_BODIES, recommended: true,
    name: ["{make} roof rack cross bars", "Barres transversales de toit {make}"],
    description: [
      "Lockable aerodynamic bars that carry a cargo box, skis or a kayak carrier.",
      "Barres aérodynamiques verrouillables pour un coffre de toit, des skis ou un porte-kayak.",
    ],
  },
  {
    code: "BOX", oem: true, category: "E", picture: "cargo-box", price: 99_900, installation: { flat: 4_900 }, bodies: ROOF_BODIES,
    name: ["{make} roof cargo box", "Coffre de toit {make}"],
    description: [
      "A 450-litre box that opens from both sides and holds five pairs of skis.",
      "Coffre de 450 litres qui s'ouvre des deux côtés et contient cinq paires de skis.",
    ],
    disclaimer: [
      "Requires the roof rack cross bars. Respect the roof load limit in the owner's manual.",
      "Nécessite les barres transversales de toit. Respectez la charge maximale sur le toit indiquée dans le guide du propriétaire.",
    ],
  },
  {
    code: "HCH", oem: true, category: "E", picture: "tow-hitch", price: 69_900, installation: { hours: "1.5" }, bodies: TOWING_BODIES,
    name: ["{make} tow hitch receiver", "Attelage de remorque {make}"],
    description: [
      "A Class III receiver bolted to the frame, with a 2-inch opening and a cover.",
      "Attelage de classe III boulonné au châssis, avec ouverture de 2 pouces et capuchon.",
    ],
    disclaimer: [
      "Never tow more than the towing capacity in the owner's manual, whatever the hitch's rating.",
      "Ne remorquez jamais plus que la capacité indiquée dans le guide du propriétaire, quelle que soit la cote de l'attelage.",
    ],
  },
  {
    code: "HWR", oem: true, category: "E", picture: "tow-hitch", price: 14_999, installation: { hours: "0.8" }, bodies: TOWING_BODIES,
    name: ["{make} trailer hitch wiring harness", "Faisceau de câblage pour remorque {make}"],
    description: [
      "A plug-in 4- and 7-pin harness for trailer lights and electric brakes.",
      "Faisceau enfichable à 4 et 7 broches pour les feux et les freins électriques de la remorque.",
    ],
  },
  {
    code: "HBK", oem: false, category: "E", picture: "bike-carrier", price: 64_999, installation: null, bodies: TOWING_BODIES, conflicts: ["HCG"],
    name: ["Hitch-mounted bike carrier (4 bikes)", "Porte-vélos sur attelage (4 vélos)"],
    description: [
      "A tilting platform carrier that holds four bikes by the wheels and folds up when empty.",
      "Porte-vélos à plateforme inclinable qui retient quatre vélos par les roues et se replie à vide.",
    ],
    disclaimer: [
      "Requires a tow hitch receiver. The licence plate and lights must stay visible.",
      "Nécessite un attelage de remorque. La plaque et les feux doivent rester visibles.",
    ],
  },
  {
    code: "HCG", oem: false, category: "E", picture: "tow-hitch", price: 39_999, installation: null, bodies: TOWING_BODIES, conflicts: ["HBK"],
    name: ["Hitch-mounted cargo carrier", "Plateforme de chargement sur attelage"],
    description: [
      "A steel basket for coolers and firewood that slides into the hitch receiver.",
      "Panier en acier pour glacières et bois de chauffage qui s'insère dans l'attelage.",
    ],
    disclaimer: [
      "Requires a tow hitch receiver. The licence plate and lights must stay visible.",
      "Nécessite un attelage de remorque. La plaque et les feux doivent rester visibles.",
    ],
  },
  {
    code: "PPF", oem: false, category: "E", picture: "shield", price: 69_900, installation: { installed: 129_900 },
    name: ["Paint protection film (front end)", "Pellicule de protection de peinture (partie avant)"],
    description: [
      "A clear self-healing film on the hood, bumper, fenders and mirrors against stone chips.",
      "Pellicule transparente autoréparatrice sur le capot, le pare-chocs, les ailes et les rétroviseurs contre les éclats de pierre.",
    ],
    disclaimer: [
      "The installer's 10-year warranty covers yellowing and peeling, not damage from collisions.",
      "La garantie de 10 ans de l'installateur couvre le jaunissement et le décollement, non les dommages de collision.",
    ],
  },
  {
    code: "DEG", oem: true, category: "E", picture: "shield", price: 12_999, installation: { hours: "0.5" },
    name: ["{make} door edge guards", "Protège-bords de portes {make}"],
    description: [
      "Colour-matched guards that protect the door edges in tight parking spots.",
      "Protecteurs agencés à la couleur qui protègent le bord des portes dans les stationnements étroits.",
    ],
  },
  {
    code: "BSM", oem: true, category: "E", picture: "shield", price: 27_999, installation: null, portInstalled: true,
    name: ["{make} body side mouldings", "Moulures de protection latérales {make}"],
    description: [
      "Painted mouldings along the doors against door dings; fitted at the port of entry.",
      "Moulures peintes le long des portes contre les coups de portière; posées au port d'entrée.",
    ],
  },
  {
    code: "RBP", oem: true, category: "E", picture: "shield", price: 9_999, installation: { hours: "0.3" }, bodies: CARGO_BODIES,
    name: ["{make} rear bumper protector", "Protecteur de pare-chocs arrière {make}"],
    description: [
      "A clear film for the top of the rear bumper, where bags and boots scratch it while loading.",
      "Pellicule transparente sur le dessus du pare-chocs arrière, là où les sacs et les bottes l'égratignent au chargement.",
    ],
  },
  {
    code: "RUN", oem: true, category: "E", picture: "running-board", price: 109_900, installation: { hours: "1.5" }, bodies: ["SUV", "Pickup"],
    name: ["{make} running boards", "Marchepieds {make}"],
    description: [
      "Aluminium boards with a non-slip tread that make the step in and out easier for everyone.",
      "Marchepieds en aluminium à surface antidérapante qui facilitent l'entrée et la sortie.",
    ],
  },
  {
    code: "TNS", oem: true, category: "E", picture: "truck-bed", price: 89_900, installation: { hours: "1.0" }, bodies: ["Pickup"], conflicts: ["TNH"],
    name: ["{make} soft roll-up tonneau cover", "Couvre-caisse souple enroulable {make}"],
    description: [
      "A vinyl cover that rolls up to the cab and keeps the box dry without drilling.",
      "Couvre-caisse en vinyle qui s'enroule jusqu'à la cabine et garde la caisse au sec, sans perçage.",
    ],
  },
  {
    code: "TNH", oem: false, category: "E", picture: "truck-bed", price: 149_900, installation: { flat: 12_500 }, bodies: ["Pickup"], conflicts: ["TNS"],
    name: ["Hard tri-fold tonneau cover", "Couvre-caisse rigide pliable en trois"],
    description: [
      "Aluminium panels that fold in three and lock with the tailgate.",
      "Panneaux en aluminium qui se plient en trois et se verrouillent avec le hayon.",
    ],
  },
  {
    code: "BLS", oem: false, category: "E", picture: "truck-bed", price: 54_900, installation: { installed: 69_900 }, bodies: ["Pickup"], conflicts: ["BLD"],
    name: ["Spray-in bed liner", "Revêtement de caisse pulvérisé"],
    description: [
      "A textured polyurethane coating sprayed onto the box floor and walls.",
      "Revêtement texturé en polyuréthane pulvérisé sur le plancher et les parois de la caisse.",
    ],
  },
  {
    code: "BLD", oem: true, category: "E", picture: "truck-bed", price: 44_999, installation: { hours: "0.5" }, bodies: ["Pickup"], conflicts: ["BLS"],
    name: ["{make} drop-in bed liner", "Doublure de caisse amovible {make}"],
    description: [
      "A moulded liner that drops into the box and comes out for cleaning.",
      "Doublure moulée qui se dépose dans la caisse et s'enlève pour le nettoyage.",
    ],
  },
  {
    code: "TNT", oem: false, category: "E", picture: "sunshade", price: 39_999, installation: { installed: 44_999 },
    name: ["Ceramic window tint (rear windows)", "Pellicule teintée en céramique (vitres arrière)"],
    description: [
      "A ceramic film that blocks 99 % of UV rays and keeps the cabin cooler.",
      "Pellicule en céramique qui bloque 99 % des rayons UV et garde l'habitacle plus frais.",
    ],
    disclaimer: [
      "Tint on the windshield and front side windows is restricted by law; this package covers the rear windows only.",
      "La teinte du pare-brise et des vitres latérales avant est réglementée; cet ensemble ne couvre que les vitres arrière.",
    ],
  },
  {
    code: "CVR", oem: true, category: "E", picture: "car-cover", price: 32_999, installation: null,
    name: ["{make} outdoor car cover", "Housse d'extérieur {make}"],
    description: [
      "A breathable, fitted cover with a soft lining and a storage bag.",
      "Housse ajustée et respirante, à doublure douce, avec sac de rangement.",
    ],
  },
  {
    code: "EXH", oem: true, category: "E", picture: "exhaust", price: 11_999, installation: { hours: "0.3" }, inactive: true,
    name: ["{make} chrome exhaust tip", "Embout d'échappement chromé {make}"],
    description: [
      "A polished stainless-steel tip that clamps on the factory exhaust. No longer offered.",
      "Embout en acier inoxydable poli fixé sur l'échappement d'origine. N'est plus offert.",
    ],
  },
];

/** Codes that start each make's skus, so skus are unique across the whole catalogue. */
const MAKE_CODES: Readonly<Record<string, string>> = {
  Toyota: "TOY", Honda: "HON", Ford: "FRD", Chevrolet: "CHV", Volkswagen: "VW", Hyundai: "HYU", Kia: "KIA", Mazda: "MAZ", Subaru: "SUB", Ram: "RAM",
};
/** Each make's price level for its own (OEM) parts. */
const MAKE_PRICE_LEVELS: Readonly<Record<string, number>> = { Volkswagen: 1.08, Mazda: 1.03, Subaru: 1.02, Ford: 0.97, Chevrolet: 0.97, Hyundai: 0.94, Kia: 0.94 };
/** The dealerships' labour rates, cents per hour. */
const LABOUR_RATES: Readonly<Record<string, number>> = { Volkswagen: 15_900, Subaru: 14_900 };
const DEFAULT_LABOUR_RATE = 14_500;
const MIN_PRICE = 4_999;
const MAX_PRICE = 289_900;

export const ACCESSORY_MAKES: readonly string[] = [...new Set(CATALOGUE.map((model) => model.make))];

export const accessoryMakeCode = (make: string) => MAKE_CODES[make] ?? make.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 3);

/** The picture address of a kind; size "wide" and "square" are the recommended-item banners. */
export const accessoryPictureUrl = (kind: string, size?: "wide" | "square") =>
  `/api/accessories/pictures/${kind}.svg${size ? `?size=${size}` : ""}`;

/** A price at the make's level, still ending in .99 or .00 like the template's, within the catalogue's range. */
function levelled(base: number, level: number): number {
  const dollars = Math.round((base * level) / 100) * 100;
  const price = base % 100 === 99 ? dollars - 1 : dollars;
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, price));
}

/**
 * The accessories of a make's dealership: the make's own (OEM) parts, named for it, and third-party parts that
 * fit any make. Parts for body types the make does not sell (a tonneau cover for Mazda) are left out, and body
 * types are narrowed to the make's. Skus start with the make's code; conflicts name skus of the same make.
 */
export function buildAccessoryCatalogue(make: string): Omit<Accessory, "id">[] {
  const models = CATALOGUE.filter((model) => model.make === make);
  const bodies = [...new Set(models.map((model) => model.body))];
  const thirdRowBodies = new Set(models.filter((model) => model.thirdRow).map((model) => model.body));
  const code = accessoryMakeCode(make);
  const level = MAKE_PRICE_LEVELS[make] ?? 1;
  const labourRate = LABOUR_RATES[make] ?? DEFAULT_LABOUR_RATE;
  const fill = (text: string) => text.replaceAll("{make}", make);
  const sku = (itemCode: string) => `${code}-${itemCode}`;

  const fitting = ACCESSORY_TEMPLATES.flatMap((template) => {
    if (!template.bodies) return [{ template, vehicleTypes: [] as string[] }];
    const fits = template.bodies.filter((body) => (template.thirdRow ? thirdRowBodies.has(body) : bodies.includes(body)));
    return fits.length > 0 ? [{ template, vehicleTypes: fits }] : [];
  });
  const offered = new Set(fitting.map(({ template }) => template.code));

  return fitting.map(({ template: t, vehicleTypes }) => {
    const price = t.oem ? levelled(t.price, level) : t.price;
    const installed = t.installation && "installed" in t.installation ? price + (t.installation.installed - t.price) : null;
    const fixed = Boolean(t.preInstalled || t.portInstalled);
    const generalDisclaimer: Pair = t.oem
      ? [
          `Genuine ${make} accessory, covered by ${make}'s accessory warranty when the dealer installs it. Fit depends on the model, year and trim.`,
          `Accessoire d'origine ${make}, couvert par la garantie des accessoires ${make} lorsqu'il est installé par le concessionnaire. La compatibilité dépend du modèle, de l'année et de la version.`,
        ]
      : [
          `Not a genuine ${make} part: covered by its maker's warranty, not by the vehicle's. Fit depends on the model, year and trim.`,
          `Pièce qui n'est pas d'origine ${make} : couverte par la garantie de son fabricant, non par celle du véhicule. La compatibilité dépend du modèle, de l'année et de la version.`,
        ];
    return {
      sku: sku(t.code),
      name: fill(t.name[0]),
      name_fr: fill(t.name[1]),
      description: fill(t.description[0]),
      description_fr: fill(t.description[1]),
      legal_disclaimer: [t.disclaimer?.[0], generalDisclaimer[0]].filter(Boolean).join(" "),
      legal_disclaimer_fr: [t.disclaimer?.[1], generalDisclaimer[1]].filter(Boolean).join(" "),
      category: t.category,
      image: accessoryPictureUrl(t.picture),
      recommended_image_desktop: t.recommended ? accessoryPictureUrl(t.picture, "wide") : null,
      recommended_image_mobile: t.recommended ? accessoryPictureUrl(t.picture, "square") : null,
      origin: t.oem ? "oem" : "third_party",
      pre_installed: Boolean(t.preInstalled),
      port_installed: Boolean(t.portInstalled),
      active: !t.inactive,
      is_removable: !fixed,
      price: cents(price),
      price_including_installation: installed === null ? null : cents(installed),
      price_recurring: null,
      installation_charge_override: t.installation && "flat" in t.installation ? cents(t.installation.flat) : null,
      installation_labour_rate: t.installation && "hours" in t.installation ? cents(labourRate) : null,
      installation_labour_time: t.installation && "hours" in t.installation ? t.installation.hours : null,
      vehicle_types: vehicleTypes,
      makes: t.oem ? [make] : [],
      incompatible_skus: (t.conflicts ?? []).filter((other) => offered.has(other)).map(sku),
    };
  });
}

/** The picture kinds the accessory catalogue draws on (each must be drawable by the server). */
export const ACCESSORY_CATALOGUE_PICTURE_KINDS: readonly string[] = [...new Set(ACCESSORY_TEMPLATES.map((t) => t.picture))];

// Protection plans

export type PlanRegion = { country: "CA" | "US"; province_code: string; length_unit: "km" | "mi" };

type PlanTaxing = "standard" | "insurance_like" | "appearance_qst_only";

interface PlanTemplate {
  code: string;
  category: ProtectionPlan["category"];
  name: Pair;
  /** The name in the United States, where an extended warranty sold by a dealer is a vehicle service contract. */
  nameUs?: Pair;
  description: Pair;
  conditions: ProtectionPlan["vehicle_condition"];
  payments: PaymentType[];
  durations: readonly number[];
  /** Banded: priced by total distance covered; unlimited: one entry with no distance limit. */
  distance: "banded" | "unlimited";
  deductibles?: PlanPriceEntry["deductible_type"];
  /** Cents for the shortest duration, the first distance band and no deductible. */
  base: number;
  /** Cents added for each further 12 months. */
  perYear: number;
  taxing?: PlanTaxing;
  /** Warranties: a Quebec dealership must tell the buyer about the legal warranty of quality before selling one. */
  warranty?: true;
  customDuration?: Pair;
  forceMatchLease?: true;
  immutable?: true;
  fallback?: number;
}

const ALL_CONDITIONS: ProtectionPlan["vehicle_condition"] = ["new", "used", "cpo"];
const ALL_PAYMENTS: PaymentType[] = ["cash", "finance", "lease"];

const PLAN_TEMPLATES: readonly PlanTemplate[] = [
  {
    code: "PP-PFP", category: "PP", conditions: ALL_CONDITIONS, payments: ALL_PAYMENTS, durations: [36, 60, 84], distance: "unlimited",
    base: 89_500, perYear: 20_000, taxing: "appearance_qst_only",
    name: ["Paint and fabric protection", "Protection de la peinture et des tissus"],
    description: [
      "A sealant on the paint and a stain guard on the seats and carpets; covered stains, bird droppings and tree sap damage are repaired or paid for.",
      "Un scellant sur la peinture et un traitement antitaches sur les sièges et les tapis; les taches, les fientes d'oiseaux et les dommages de sève couverts sont réparés ou remboursés.",
    ],
  },
  {
    code: "PP-RST", category: "PP", conditions: ALL_CONDITIONS, payments: ["cash", "finance"], durations: [48, 72, 96], distance: "unlimited",
    base: 99_500, perYear: 15_000,
    name: ["Rust protection", "Protection antirouille"],
    description: [
      "A yearly oil-based undercoating and an electronic corrosion module; perforation from the inside out is repaired at no charge. Not offered on a lease.",
      "Un traitement antirouille annuel à base d'huile et un module électronique anticorrosion; la perforation de l'intérieur vers l'extérieur est réparée sans frais. Non offert en location.",
    ],
  },
  {
    code: "PP-LSE", category: "PP", conditions: ["new"], payments: ["lease"], durations: [24, 36, 48, 60], distance: "unlimited",
    base: 89_500, perYear: 20_000, taxing: "insurance_like", forceMatchLease: true,
    customDuration: ["Lifetime of the lease", "Durée du bail"],
    name: ["Lease-end wear protection", "Protection d'usure de fin de bail"],
    description: [
      "Pays up to $5,000 of excess wear charges when you return the vehicle: dents, scratches, worn tires and chipped glass. Lasts exactly as long as the lease.",
      "Paie jusqu'à 5 000 $ de frais d'usure excessive au retour du véhicule : bosses, égratignures, pneus usés et vitres écaillées. Dure exactement le temps du bail.",
    ],
  },
  {
    code: "PN-PWR", category: "PN", conditions: ["new"], payments: ["cash", "finance"], durations: [60, 72, 84, 96], distance: "banded", deductibles: "per_visit",
    base: 129_500, perYear: 25_000, warranty: true,
    name: ["Powertrain extended warranty", "Garantie prolongée du groupe motopropulseur"],
    nameUs: ["Powertrain vehicle service contract", "Contrat de service du groupe motopropulseur"],
    description: [
      "Extends the coverage of the engine, transmission and drive axles beyond the manufacturer's warranty, with roadside assistance. Not offered on a lease.",
      "Prolonge la couverture du moteur, de la transmission et des essieux moteurs au-delà de la garantie du fabricant, avec assistance routière. Non offert en location.",
    ],
  },
  {
    code: "PN-CMP", category: "PN", conditions: ["new"], payments: ALL_PAYMENTS, durations: [48, 60, 72, 84, 96], distance: "banded", deductibles: "per_visit",
    base: 189_500, perYear: 40_000, warranty: true, fallback: 249_500,
    name: ["Comprehensive extended warranty", "Garantie prolongée complète"],
    nameUs: ["Comprehensive vehicle service contract", "Contrat de service complet"],
    description: [
      "Bumper-to-bumper coverage of more than 5,000 parts, including electronics and the infotainment screen, with a rental car during covered repairs.",
      "Couverture pare-chocs à pare-chocs de plus de 5 000 pièces, y compris l'électronique et l'écran multimédia, avec voiture de location pendant les réparations couvertes.",
    ],
  },
  {
    code: "PU-ESS", category: "PU", conditions: ["used", "cpo"], payments: ["cash", "finance"], durations: [24, 36, 48], distance: "banded", deductibles: "per_repair",
    base: 109_500, perYear: 30_000, warranty: true,
    name: ["Used vehicle warranty – Essential", "Garantie de véhicule d'occasion – Essentielle"],
    nameUs: ["Used vehicle service contract – Essential", "Contrat de service de véhicule d'occasion – Essentiel"],
    description: [
      "Covers the engine, transmission, cooling system and seals of a pre-owned vehicle, whatever its mileage at purchase.",
      "Couvre le moteur, la transmission, le système de refroidissement et les joints d'un véhicule d'occasion, quel que soit son kilométrage à l'achat.",
    ],
  },
  {
    code: "PU-PRM", category: "PU", conditions: ["used", "cpo"], payments: ["cash", "finance"], durations: [24, 36, 48, 60], distance: "banded", deductibles: "per_repair",
    base: 169_500, perYear: 45_000, warranty: true, fallback: 219_500,
    name: ["Used vehicle warranty – Premium", "Garantie de véhicule d'occasion – Supérieure"],
    nameUs: ["Used vehicle service contract – Premium", "Contrat de service de véhicule d'occasion – Supérieur"],
    description: [
      "Adds air conditioning, steering, brakes, electrical and high-tech parts to the Essential coverage, with towing and trip interruption.",
      "Ajoute la climatisation, la direction, les freins, l'électricité et les composantes de haute technologie à la couverture Essentielle, avec remorquage et interruption de voyage.",
    ],
  },
  {
    code: "PS-MNT", category: "PS", conditions: ALL_CONDITIONS, payments: ALL_PAYMENTS, durations: [24, 36, 48, 60], distance: "banded",
    base: 89_500, perYear: 30_000,
    name: ["Prepaid maintenance", "Entretien prépayé"],
    description: [
      "Oil changes, tire rotations, inspections and filters at the manufacturer's intervals, at today's prices, at any dealership of the group.",
      "Vidanges d'huile, permutations de pneus, inspections et filtres aux intervalles du fabricant, aux prix d'aujourd'hui, chez tout concessionnaire du groupe.",
    ],
  },
  {
    code: "PS-TWP", category: "PS", conditions: ALL_CONDITIONS, payments: ALL_PAYMENTS, durations: [36, 60, 84], distance: "unlimited",
    base: 89_500, perYear: 17_500, taxing: "insurance_like", immutable: true,
    name: ["Tire and wheel protection", "Protection pneus et jantes"],
    description: [
      "Repairs or replaces tires and wheels damaged by potholes, nails and road debris, including mounting and balancing.",
      "Répare ou remplace les pneus et les jantes endommagés par les nids-de-poule, les clous et les débris routiers, montage et équilibrage compris.",
    ],
  },
  {
    code: "PS-KEY", category: "PS", conditions: ALL_CONDITIONS, payments: ["finance", "lease"], durations: [36, 48, 60, 72, 84], distance: "unlimited",
    base: 59_500, perYear: 5_000, taxing: "insurance_like",
    customDuration: ["Term of the finance or lease contract", "Durée du contrat de financement ou de location"],
    name: ["Key replacement protection", "Protection de remplacement de clés"],
    description: [
      "Replaces and programs a lost, stolen or broken smart key, up to $800 per claim, for as long as the contract runs.",
      "Remplace et programme une clé intelligente perdue, volée ou brisée, jusqu'à 800 $ par réclamation, pendant toute la durée du contrat.",
    ],
  },
];

/** Total distance covered, by length unit: three bands of a plan priced by distance. */
const DISTANCE_BANDS: Record<PlanRegion["length_unit"], readonly { from: number; to: number }[]> = {
  km: [{ from: 0, to: 60_000 }, { from: 60_000, to: 100_000 }, { from: 100_000, to: 160_000 }],
  mi: [{ from: 0, to: 36_000 }, { from: 36_000, to: 60_000 }, { from: 60_000, to: 100_000 }],
};
const BAND_FACTORS = [1, 1.18, 1.4] as const;
/** Deductibles in cents, and what each takes off the price. */
const DEDUCTIBLES = [
  { amount: 0, label: "$0", factor: 1 },
  { amount: 10_000, label: "$100", factor: 0.9 },
  { amount: 25_000, label: "$250", factor: 0.8 },
] as const;
/** The APR a finance or lease quote was made at. */
const QUOTE_RATES: Record<PaymentType, string | null> = { cash: null, finance: "7.49", lease: "5.99" };

const HST_PROVINCES = ["ON", "NB", "NS", "NL", "PE"];
const GST_PST_PROVINCES = ["BC", "SK", "MB"];
const GST_ONLY_PROVINCES = ["AB", "YT", "NT", "NU"];

function taxFlags(...flags: PlanTaxFlag[]): Record<PlanTaxFlag, boolean> {
  return { hst: flags.includes("hst"), gst: flags.includes("gst"), pst: flags.includes("pst"), qst: flags.includes("qst") };
}

/**
 * The taxes a plan is subject to where the dealership is (a demo's simplification, not tax advice): HST in the HST
 * provinces; GST and QST in Quebec; GST and PST in British Columbia, Saskatchewan and Manitoba, GST alone in the
 * GST-only provinces and territories, where insurance-like plans (tire and wheel, lease-end, keys) are only
 * GST-taxed or not taxed at all; in the United States, the state's sales tax in New York, where service contracts
 * are taxable, and none elsewhere.
 */
function planTaxes(region: PlanRegion, taxing: PlanTaxing): Record<PlanTaxFlag, boolean> {
  const province = region.province_code.toUpperCase();
  if (region.country === "US") return province === "NY" ? taxFlags("pst") : taxFlags();
  if (HST_PROVINCES.includes(province)) return taxFlags("hst");
  // Demo choice: in Quebec the appearance plan is shown with QST only, to exercise a plan taxed by one component.
  if (province === "QC") return taxing === "appearance_qst_only" ? taxFlags("qst") : taxFlags("gst", "qst");
  if (GST_PST_PROVINCES.includes(province)) return taxing === "insurance_like" ? taxFlags("gst") : taxFlags("gst", "pst");
  if (GST_ONLY_PROVINCES.includes(province)) return taxing === "insurance_like" ? taxFlags() : taxFlags("gst");
  return taxFlags("gst");
}

const groupDigits = (value: number, separator: string) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);

function distanceLabels(range: { to: number | null }, unit: PlanRegion["length_unit"]): Pair {
  if (range.to === null) return [`unlimited ${unit}`, unit === "km" ? "km illimités" : "milles illimités"];
  return [`${groupDigits(range.to, ",")} ${unit}`, `${groupDigits(range.to, "\u00a0")} ${unit === "km" ? "km" : "milles"}`];
}

const QUEBEC_LEGAL_WARRANTY: Pair = [
  " This plan is in addition to the legal warranty of quality and use provided by the Quebec Consumer Protection Act, which the merchant must explain before offering it.",
  " Ce plan s'ajoute à la garantie légale de qualité et d'usage prévue par la Loi sur la protection du consommateur, que le commerçant doit vous expliquer avant de vous l'offrir.",
];

/**
 * The protection plans of a dealership in a region: appearance (PP), new-vehicle (PN) and used-vehicle (PU)
 * warranties and service plans (PS), two or three of each, priced by payment type, duration, total distance covered
 * (km in Canada, miles in the United States) and deductible. Prices rise with duration and distance and fall with
 * the deductible. Price entries carry id and protection_plan_id 0: the seed assigns them.
 */
export function buildProtectionPlans(region: PlanRegion): Omit<ProtectionPlan, "id">[] {
  const us = region.country === "US";
  const quebec = region.country === "CA" && region.province_code.toUpperCase() === "QC";
  const unit = region.length_unit;

  return PLAN_TEMPLATES.map((t) => {
    const [name, nameFr] = us && t.nameUs ? t.nameUs : t.name;
    const legal = quebec && t.warranty ? QUEBEC_LEGAL_WARRANTY : (["", ""] as const);
    const bands = t.distance === "banded" ? DISTANCE_BANDS[unit].map((band, index) => ({ band, factor: BAND_FACTORS[index]! })) : [{ band: { from: 0, to: null }, factor: 1 }];
    const deductibles = t.deductibles ? DEDUCTIBLES : DEDUCTIBLES.slice(0, 1);
    const shortest = t.durations[0]!;

    const prices_set: PlanPriceEntry[] = t.payments.flatMap((payment) =>
      t.durations.flatMap((duration) =>
        bands.flatMap(({ band, factor }) =>
          deductibles.map((deductible): PlanPriceEntry => {
            const raw = (t.base + (t.perYear * (duration - shortest)) / 12) * factor * deductible.factor;
            const [distanceEn, distanceFr] = distanceLabels(band, unit);
            const [termEn, termFr] = t.customDuration ?? [`${duration} months`, `${duration} mois`];
            return {
              id: 0,
              protection_plan_id: 0,
              vehicle_id: null,
              payment_type: payment,
              price: cents(Math.round(raw / 100) * 100),
              price_recurring: null,
              duration,
              km_range: { from: band.from, to: band.to },
              deductible_amount: cents(deductible.amount),
              deductible_label: deductible.label,
              deductible_type: deductible.amount === 0 ? "none" : (t.deductibles ?? "none"),
              rate: QUOTE_RATES[payment],
              source: "catalogue",
              force_match_lease_term: Boolean(t.forceMatchLease),
              name_en: `${name} – ${termEn} / ${distanceEn}`,
              name_fr: `${nameFr} – ${termFr} / ${distanceFr}`,
              custom_duration_en: t.customDuration?.[0] ?? null,
              custom_duration_fr: t.customDuration?.[1] ?? null,
            };
          }),
        ),
      ),
    );

    return {
      product_code: t.code,
      name,
      name_fr: nameFr,
      category: t.category,
      description: t.description[0] + legal[0],
      description_fr: t.description[1] + legal[1],
      vehicle_condition: [...t.conditions],
      payment_type: [...t.payments],
      taxes: planTaxes(region, t.taxing ?? "standard"),
      pdf_url: null,
      video_url: null,
      force_match_lease_term: Boolean(t.forceMatchLease),
      is_price_immutable: Boolean(t.immutable),
      pre_installed: false,
      use_fallback_prices: t.fallback !== undefined,
      duration_type: t.customDuration ? "custom" : "months",
      custom_duration_en: t.customDuration?.[0] ?? null,
      custom_duration_fr: t.customDuration?.[1] ?? null,
      prices_set,
      fallback_price: t.fallback === undefined ? null : cents(t.fallback),
    };
  });
}

// Questions shoppers ask about accessories

export const ACCESSORY_QUESTIONS: { id: number; question: string; question_fr: string; answer: string; answer_fr: string }[] = [
  {
    id: 1,
    question: "Are accessories installed by the dealership covered by a warranty?",
    question_fr: "Les accessoires installés par le concessionnaire sont-ils couverts par une garantie?",
    answer:
      "Yes. Genuine accessories installed by the dealership before delivery are covered for the rest of the new-vehicle warranty, or at least 12 months. Third-party accessories are covered by their maker's warranty.",
    answer_fr:
      "Oui. Les accessoires d'origine installés par le concessionnaire avant la livraison sont couverts pour le reste de la garantie du véhicule neuf, ou au moins 12 mois. Les accessoires d'un tiers sont couverts par la garantie de leur fabricant.",
  },
  {
    id: 2,
    question: "How long does the installation take?",
    question_fr: "Combien de temps l'installation prend-elle?",
    answer:
      "Most accessories are installed before you pick up the vehicle, so delivery is not delayed. Larger items such as a remote starter or running boards take one to two hours; the time shown with each accessory is the labour we charge.",
    answer_fr:
      "La plupart des accessoires sont installés avant que vous preniez possession du véhicule, sans retarder la livraison. Les articles plus importants, comme un démarreur à distance ou des marchepieds, prennent une à deux heures; le temps affiché avec chaque accessoire est la main-d'œuvre facturée.",
  },
  {
    id: 3,
    question: "Can I bring my own accessories for the dealership to install?",
    question_fr: "Puis-je apporter mes propres accessoires pour que le concessionnaire les installe?",
    answer:
      "Ask your sales advisor: the service department can install many parts bought elsewhere at its labour rate, but it cannot warrant the part itself.",
    answer_fr:
      "Demandez à votre conseiller : le service après-vente peut installer bien des pièces achetées ailleurs, au taux horaire de l'atelier, mais il ne peut pas garantir la pièce elle-même.",
  },
  {
    id: 4,
    question: "Do accessories change my monthly payment?",
    question_fr: "Les accessoires modifient-ils mon paiement mensuel?",
    answer:
      "Yes. Accessories added to your purchase are included in the amount financed or leased, with their installation and taxes, so the payment shown is updated as you add or remove them.",
    answer_fr:
      "Oui. Les accessoires ajoutés à votre achat sont inclus dans le montant financé ou loué, avec leur installation et les taxes; le paiement affiché est mis à jour à mesure que vous en ajoutez ou en retirez.",
  },
  {
    id: 5,
    question: "Can I return an accessory?",
    question_fr: "Puis-je retourner un accessoire?",
    answer:
      "Accessories that are not yet installed can be removed from your order until delivery. Installed accessories, and those installed at the factory or the port, cannot be returned.",
    answer_fr:
      "Les accessoires qui ne sont pas encore installés peuvent être retirés de votre commande jusqu'à la livraison. Les accessoires installés, et ceux installés à l'usine ou au port, ne peuvent pas être retournés.",
  },
  {
    id: 6,
    question: "Why are some accessories already included in the price?",
    question_fr: "Pourquoi certains accessoires sont-ils déjà inclus dans le prix?",
    answer:
      "Some accessories, such as wheel locks, are installed before the vehicle reaches the dealership. They are listed so you know they are there, but they are not charged a second time.",
    answer_fr:
      "Certains accessoires, comme les écrous antivol, sont installés avant l'arrivée du véhicule chez le concessionnaire. Ils sont énumérés pour que vous sachiez qu'ils y sont, mais ne sont pas facturés une deuxième fois.",
  },
];
