import { type Trim } from "@showroom/domain";
import { type DemoOption, demoTrim, exclusive } from "./configurator-builders.ts";

type Sub = [string, string];
const POWERTRAIN: Sub = ["POWERTRAIN", "Powertrain"];
const WHEELS: Sub = ["WHEELS", "Wheels and tires"];
const COMFORT: Sub = ["COMFORT", "Comfort and convenience"];
const TECH: Sub = ["TECH", "Technology"];
const SAFETY: Sub = ["SAFETY", "Driver assistance"];
const TOWING: Sub = ["TOWING", "Towing and hauling"];
const BED: Sub = ["BED", "Pickup box"];
const EXTERIOR: Sub = ["EXTERIOR", "Exterior"];
const PROTECTION: Sub = ["PROTECTION", "Protection"];

const o = (
  code: string,
  name: string,
  name_fr: string,
  msrp: number,
  subcategory: Sub,
  rules: Partial<DemoOption> = {},
): DemoOption => ({
  code,
  name,
  name_fr,
  kind: "option",
  msrp,
  subcategory,
  ...rules,
});
const pkg = (
  code: string,
  name: string,
  name_fr: string,
  msrp: number,
  includes: string[],
  texts: [string, string][],
  rules: Partial<DemoOption> = {},
): DemoOption => ({
  code,
  name,
  name_fr,
  kind: "package",
  msrp,
  includes,
  texts,
  ...rules,
});

const ALL_WHEELS = ["W18MA", "W18DA", "W18OR", "W20CH", "W20MD", "W20SP", "W20GB", "W22PO", "W22BK"];
const TONNEAUS_55 = ["TNS55", "TNH55", "TNP55"];
const TONNEAUS_65 = ["TNS65", "TNH65", "TNP65"];
const TONNEAUS = [...TONNEAUS_55, ...TONNEAUS_65];
const TONNEAU_NAMES: [string, string][] = [
  ["Soft roll-up tonneau cover", "Couvre-caisse souple enroulable"],
  ["Hard tri-fold tonneau cover", "Couvre-caisse rigide à trois volets"],
  ["Power retractable tonneau cover", "Couvre-caisse rétractable électrique"],
];
const TONNEAU_PRICES = [69_500, 119_500, 249_500];
const RUNNING_BOARDS = ["RB-BLK", "CHROMESTEP", "RB-PWR"];

const colours: DemoOption[] = [
  {
    code: "YZ",
    name: "Oxford White",
    name_fr: "Blanc Oxford",
    kind: "exterior",
    msrp: 0,
    preferred: true,
    hex: "#f3f3f1",
    simple: "White",
  },
  {
    code: "UM",
    name: "Agate Black Metallic",
    name_fr: "Noir agate métallisé",
    kind: "exterior",
    msrp: 0,
    hex: "#121316",
    simple: "Black",
  },
  {
    code: "JS",
    name: "Iconic Silver Metallic",
    name_fr: "Argent iconique métallisé",
    kind: "exterior",
    msrp: 0,
    hex: "#b6b8ba",
    simple: "Silver",
  },
  {
    code: "M7",
    name: "Carbonized Grey Metallic",
    name_fr: "Gris carbonisé métallisé",
    kind: "exterior",
    msrp: 0,
    hex: "#4c4e52",
    simple: "Grey",
  },
  {
    code: "A3",
    name: "Avalanche Grey",
    name_fr: "Gris avalanche",
    kind: "exterior",
    msrp: 0,
    hex: "#8d9093",
    simple: "Grey",
  },
  {
    code: "E7",
    name: "Antimatter Blue Metallic",
    name_fr: "Bleu antimatière métallisé",
    kind: "exterior",
    msrp: 0,
    hex: "#1f2a3d",
    simple: "Blue",
  },
  {
    code: "AE",
    name: "Atlas Blue Metallic",
    name_fr: "Bleu Atlas métallisé",
    kind: "exterior",
    msrp: 0,
    hex: "#2b4f7e",
    simple: "Blue",
  },
  {
    code: "KU",
    name: "Kodiak Brown Metallic",
    name_fr: "Brun Kodiak métallisé",
    kind: "exterior",
    msrp: 0,
    hex: "#4a3a2c",
    simple: "Brown",
    conflicts: ["CHROME"],
  },
  {
    code: "FT",
    name: "Marsh Grey",
    name_fr: "Gris marais",
    kind: "exterior",
    msrp: 0,
    hex: "#6f7466",
    simple: "Grey",
    conflicts: ["CHROME"],
  },
  {
    code: "D4",
    name: "Rapid Red Metallic Tinted Clearcoat",
    name_fr: "Rouge rapide métallisé teinté",
    kind: "exterior",
    msrp: 59_500,
    hex: "#8c1119",
    simple: "Red",
  },
  {
    code: "UG",
    name: "Star White Metallic Tri-Coat",
    name_fr: "Blanc étoile métallisé trois couches",
    kind: "exterior",
    msrp: 79_500,
    hex: "#ecebe6",
    simple: "White",
  },
  {
    code: "AZ",
    name: "Azure Grey Metallic Tri-Coat",
    name_fr: "Gris azur métallisé trois couches",
    kind: "exterior",
    msrp: 79_500,
    hex: "#7a8087",
    simple: "Grey",
  },
  {
    code: "AS",
    name: "Medium Dark Slate cloth",
    name_fr: "Tissu ardoise moyen foncé",
    kind: "interior",
    msrp: 0,
    hex: "#5b5e62",
    simple: "Grey",
  },
  {
    code: "KS",
    name: "Black cloth",
    name_fr: "Tissu noir",
    kind: "interior",
    msrp: 0,
    hex: "#1b1b1b",
    simple: "Black",
  },
  {
    code: "AK",
    name: "Black ActiveX",
    name_fr: "ActiveX noir",
    kind: "interior",
    msrp: 0,
    hex: "#161616",
    simple: "Black",
    requires: ["302A"],
  },
  {
    code: "BT",
    name: "Baja Tan ActiveX",
    name_fr: "ActiveX beige Baja",
    kind: "interior",
    msrp: 0,
    hex: "#a68a64",
    simple: "Beige",
    requires: ["302A"],
    conflicts: ["D4", "E7", "AE", "KU"],
  },
];

const packages: DemoOption[] = [
  pkg(
    "301A",
    "Mid Equipment Group 301A",
    "Groupe d'équipement intermédiaire 301A",
    250_000,
    ["HTSEAT", "PWRSEAT", "REMOTE", "SYNC-NAV", "AUTOHIGH"],
    [
      ["Heated front seats", "Sièges avant chauffants"],
      ["Power driver's seat", "Siège conducteur à réglage électrique"],
      ["Remote start", "Démarreur à distance"],
    ],
  ),
  pkg(
    "302A",
    "High Equipment Group 302A",
    "Groupe d'équipement supérieur 302A",
    600_000,
    ["301A", "HTWHEEL", "BANDO", "LEDHEAD", "PWRSLIDE", "BLIS"],
    [
      ["Mid Equipment Group 301A", "Groupe d'équipement intermédiaire 301A"],
      ["B&O sound system", "Système audio B&O"],
      ["LED headlamps", "Phares à DEL"],
    ],
  ),
  pkg(
    "SPORT",
    "XLT Sport Appearance Package",
    "Groupe apparence sport XLT",
    295_000,
    ["BODYBUMP", "SPORTGRILLE", "SPORTBADGE"],
    [
      ["Body-colour bumpers", "Pare-chocs couleur carrosserie"],
      ["Sport grille", "Calandre sport"],
      ["Sport badging", "Écussons sport"],
    ],
    { requires: ["W20SP|W22BK|W22PO"], conflicts: ["CHROME"] },
  ),
  pkg(
    "CHROME",
    "Chrome Appearance Package",
    "Groupe apparence chrome",
    195_000,
    ["CHROMESTEP", "CHROMEMIRROR", "CHROMEGRILLE"],
    [
      ["Chrome step bars", "Marchepieds chromés"],
      ["Chrome mirror caps", "Calottes de rétroviseur chromées"],
      ["Chrome bar grille", "Calandre à barres chromées"],
    ],
    { requires: ["W20CH|W22PO"] },
  ),
  pkg(
    "FX4",
    "FX4 Off-Road Package",
    "Groupe hors route FX4",
    120_000,
    ["SKID", "OFFSHOCK", "HILLDESC", "FX4DECAL", "ELOCK"],
    [
      ["Skid plates", "Plaques de protection"],
      ["Off-road shocks", "Amortisseurs hors route"],
      ["Hill descent control", "Aide à la descente"],
    ],
    { requires: ["4X4"] },
  ),
  pkg(
    "MAXTOW",
    "Max Trailer Tow Package",
    "Groupe de remorquage maximal",
    160_000,
    ["TBC", "HDRAD", "TANK36"],
    [
      ["Integrated trailer brake controller", "Commande de freins de remorque intégrée"],
      ["Upgraded radiator", "Radiateur amélioré"],
      ["36-gallon fuel tank", "Réservoir de 136 L"],
    ],
    { requires: ["99G|995|99D", "X373"] },
  ),
  pkg(
    "TOWTECH",
    "Tow Technology Package",
    "Groupe technologie de remorquage",
    95_000,
    ["PROTBA", "TRG", "BLISTRL"],
    [
      ["Pro Trailer Backup Assist", "Aide au recul de remorque Pro"],
      ["Trailer reverse guidance", "Guidage de marche arrière de remorque"],
    ],
    { requires: ["301A|302A"] },
  ),
  pkg(
    "COPILOT",
    "Co-Pilot360 Assist 2.0",
    "Co-Pilot360 Assist 2.0",
    125_000,
    ["ACC", "LANECENT", "EVASIVE"],
    [
      ["Adaptive cruise control", "Régulateur de vitesse adaptatif"],
      ["Lane centring", "Centrage dans la voie"],
    ],
    { requires: ["301A|302A"] },
  ),
  pkg(
    "SNOW",
    "Snow Plow Prep Package",
    "Groupe de préparation pour chasse-neige",
    25_000,
    ["HDALT"],
    [["Heavy-duty alternator", "Alternateur robuste"]],
    { requires: ["4X4", "995|99G"], conflicts: ["99D", "W22PO", "W22BK"] },
  ),
  pkg(
    "HDPAY",
    "Heavy-Duty Payload Package",
    "Groupe charge utile robuste",
    150_000,
    ["HDSPRINGS", "HDALT"],
    [
      ["Heavy-duty rear springs", "Ressorts arrière robustes"],
      ["Heavy-duty alternator", "Alternateur robuste"],
    ],
    { requires: ["BOX65"], conflicts: ["99D", "W22PO", "W22BK"] },
  ),
  pkg(
    "BEDUTIL",
    "Bed Utility Package",
    "Groupe utilitaire de caisse",
    85_000,
    ["TGSTEP", "BEDDIV", "BOXLINK"],
    [
      ["Tailgate step", "Marchepied de hayon"],
      ["Bed divider", "Séparateur de caisse"],
      ["BoxLink system", "Système BoxLink"],
    ],
  ),
  pkg(
    "TECHPKG",
    "Technology Package",
    "Groupe technologie",
    155_000,
    ["SCREEN12", "SYNC-NAV", "CAM360"],
    [
      ["12-in. touchscreen", "Écran tactile de 12 po"],
      ["360-degree camera", "Caméra à 360 degrés"],
    ],
    { requires: ["302A"] },
  ),
  pkg(
    "POWERTG",
    "Power Tailgate Package",
    "Groupe hayon électrique",
    75_000,
    ["PWRTAILGATE", "TGLOCK"],
    [
      ["Power tailgate", "Hayon électrique"],
      ["Tailgate lock", "Verrou de hayon"],
    ],
    { requires: ["301A|302A"] },
  ),
  pkg(
    "LIGHTPKG",
    "LED Lighting Package",
    "Groupe éclairage à DEL",
    110_000,
    ["LEDHEAD", "LEDFOG", "LEDBED", "LEDSPOT"],
    [
      ["LED headlamps", "Phares à DEL"],
      ["LED fog lamps", "Phares antibrouillard à DEL"],
      ["LED box lighting", "Éclairage de caisse à DEL"],
    ],
  ),
];

const powertrain: DemoOption[] = [
  ...exclusive([
    o("99G", "3.5L EcoBoost V6 engine", "Moteur V6 EcoBoost de 3,5 L", 210_000, POWERTRAIN),
    o("995", "5.0L V8 engine", "Moteur V8 de 5,0 L", 180_000, POWERTRAIN),
    o("99D", "3.5L PowerBoost full hybrid V6", "V6 hybride PowerBoost de 3,5 L", 400_000, POWERTRAIN),
  ]),
  ...exclusive([
    o("X331", "3.31 limited-slip rear axle", "Essieu arrière autobloquant 3,31", 40_000, POWERTRAIN, {
      conflicts: ["99D"],
    }),
    o("X355", "3.55 electronic-locking rear axle", "Essieu arrière à blocage électronique 3,55", 50_000, POWERTRAIN),
    o("X373", "3.73 electronic-locking rear axle", "Essieu arrière à blocage électronique 3,73", 55_000, POWERTRAIN, {
      requires: ["99G|995|99D"],
    }),
  ]),
  o("4X4", "4x4 with electronic shift-on-the-fly", "4x4 à passage électronique à la volée", 300_000, POWERTRAIN),
  o("BOX65", "6.5-ft. pickup box", "Caisse de 6,5 pi", 150_000, BED),
  o("ELOCK", "Electronic-locking differential", "Différentiel à blocage électronique", 45_000, POWERTRAIN, {
    requires: ["X355|X373"],
  }),
  o("TANK36", "36-gallon fuel tank", "Réservoir de carburant de 136 L", 50_000, POWERTRAIN),
  o("HDRAD", "Upgraded radiator", "Radiateur amélioré", 30_000, POWERTRAIN),
  o("HDALT", "Heavy-duty 240-amp alternator", "Alternateur robuste de 240 A", 25_000, POWERTRAIN, {
    conflicts: ["99D"],
  }),
  o("HDSPRINGS", "Heavy-duty rear springs", "Ressorts arrière robustes", 40_000, POWERTRAIN),
  o("ENGBLOCK", "Engine block heater", "Chauffe-moteur", 12_500, POWERTRAIN, { conflicts: ["99D"] }),
  o("PPO2", "Pro Power Onboard 2.0 kW", "Pro Power Onboard 2,0 kW", 99_500, POWERTRAIN, {
    conflicts: ["99D", "PPO72"],
  }),
  o("PPO72", "Pro Power Onboard 7.2 kW", "Pro Power Onboard 7,2 kW", 120_000, POWERTRAIN, { requires: ["99D"] }),
];

const wheels: DemoOption[] = [
  ...exclusive([
    o("W18MA", "18-in. machined aluminum wheels", "Roues en aluminium usiné de 18 po", 95_000, WHEELS),
    o("W18DA", "18-in. dark alloy wheels", "Roues en alliage foncé de 18 po", 110_000, WHEELS),
    o("W18OR", "18-in. black off-road wheels", "Roues hors route noires de 18 po", 140_000, WHEELS, {
      requires: ["4X4"],
    }),
    o("W20CH", "20-in. chrome-like PVD wheels", "Roues PVD chromées de 20 po", 195_000, WHEELS),
    o(
      "W20MD",
      "20-in. machined wheels with dark pockets",
      "Roues usinées de 20 po à alvéoles foncées",
      175_000,
      WHEELS,
    ),
    o("W20SP", "20-in. sport dark alloy wheels", "Roues sport en alliage foncé de 20 po", 185_000, WHEELS),
    o("W20GB", "20-in. gloss black wheels", "Roues noir lustré de 20 po", 180_000, WHEELS),
    o("W22PO", "22-in. polished aluminum wheels", "Roues en aluminium poli de 22 po", 320_000, WHEELS, {
      requires: ["SPORT|CHROME"],
    }),
    o("W22BK", "22-in. black wheels", "Roues noires de 22 po", 320_000, WHEELS, { requires: ["SPORT"] }),
  ]),
  ...exclusive([
    o("T18AT", "275/65R18 all-terrain tires", "Pneus tout-terrain 275/65R18", 45_000, WHEELS, {
      requires: ["W18MA|W18DA|W18OR"],
    }),
    o("T18AS", "275/65R18 all-season tires", "Pneus toutes saisons 275/65R18", 20_000, WHEELS, {
      requires: ["W18MA|W18DA|W18OR"],
    }),
    o("T20AT", "275/60R20 all-terrain tires", "Pneus tout-terrain 275/60R20", 55_000, WHEELS, {
      requires: ["W20CH|W20MD|W20SP|W20GB"],
    }),
    o("T20AS", "275/60R20 all-season tires", "Pneus toutes saisons 275/60R20", 25_000, WHEELS, {
      requires: ["W20CH|W20MD|W20SP|W20GB"],
    }),
    o("T22AS", "275/45R22 all-season tires", "Pneus toutes saisons 275/45R22", 60_000, WHEELS, {
      requires: ["W22PO|W22BK"],
    }),
  ]),
  o("WHLLOCK", "Wheel locks", "Écrous antivol", 9_500, WHEELS, { requires: [ALL_WHEELS.join("|")] }),
  o("WINTERSET", "18-in. winter wheel and tire set", "Ensemble de roues et pneus d'hiver de 18 po", 265_000, WHEELS, {
    conflicts: ["W22PO", "W22BK"],
  }),
  o("SPARE", "Full-size spare on matching wheel", "Roue de secours pleine grandeur assortie", 45_000, WHEELS, {
    requires: [ALL_WHEELS.join("|")],
  }),
];

const comfortAndTech: DemoOption[] = [
  o("HTSEAT", "Heated front seats", "Sièges avant chauffants", 50_000, COMFORT),
  o("PWRSEAT", "10-way power driver's seat", "Siège conducteur à réglage électrique en 10 sens", 65_000, COMFORT),
  o("REMOTE", "Remote start", "Démarreur à distance", 49_900, COMFORT),
  o("REMOTEXT", "Extended-range remote start", "Démarreur à distance à portée étendue", 29_900, COMFORT, {
    requires: ["REMOTE"],
  }),
  o("HTWHEEL", "Heated steering wheel", "Volant chauffant", 30_000, COMFORT, { requires: ["HTSEAT"] }),
  o("HTREAR", "Heated rear seats", "Sièges arrière chauffants", 40_000, COMFORT, { requires: ["302A"] }),
  o("VENTSEAT", "Ventilated front seats", "Sièges avant ventilés", 60_000, COMFORT, { requires: ["AK|BT", "HTSEAT"] }),
  o("MAXRECLINE", "Max Recline front seats", "Sièges avant à inclinaison maximale", 85_000, COMFORT, {
    requires: ["302A", "PWRSEAT"],
  }),
  o("INTWORK", "Interior work surface", "Surface de travail intérieure", 30_000, COMFORT, {
    requires: ["302A"],
    conflicts: ["MAXRECLINE"],
  }),
  o("MOONROOF", "Twin-panel moonroof", "Toit ouvrant à deux panneaux", 195_000, COMFORT, {
    requires: ["302A"],
    conflicts: ["LADDER", "TENTMOUNT"],
  }),
  o("PWRSLIDE", "Power sliding rear window", "Lunette arrière coulissante électrique", 40_000, COMFORT),
  o("UNDERSEAT", "Under-seat lockable storage", "Rangement verrouillable sous le siège", 15_000, COMFORT),
  o("AUTOHIGH", "Auto high-beam headlamps", "Phares de route automatiques", 20_000, SAFETY),
  o("BANDO", "B&O sound system, 8 speakers", "Système audio B&O, 8 haut-parleurs", 95_000, TECH, {
    requires: ["301A|302A"],
  }),
  o("SYNC-NAV", "Connected navigation", "Navigation connectée", 60_000, TECH),
  o("SCREEN12", "12-in. touchscreen", "Écran tactile de 12 po", 90_000, TECH, { requires: ["302A"] }),
  o("CAM360", "360-degree camera", "Caméra à 360 degrés", 80_000, TECH, { requires: ["301A|302A"] }),
  o("WIFI", "Wi-Fi hotspot", "Point d'accès Wi-Fi", 15_000, TECH, { requires: ["SYNC-NAV"] }),
  o("DASHCAM", "Dash camera", "Caméra de tableau de bord", 39_900, TECH),
  o("RSE", "Rear-seat entertainment", "Divertissement aux places arrière", 150_000, TECH, {
    requires: ["302A", "SCREEN12"],
  }),
  o("PHONEKEY", "Phone as a key", "Téléphone comme clé", 25_000, TECH, { requires: ["SYNC-NAV"] }),
  o("LEDHEAD", "LED headlamps", "Phares à DEL", 85_000, EXTERIOR),
  o("LEDFOG", "LED fog lamps", "Phares antibrouillard à DEL", 35_000, EXTERIOR, { conflicts: ["GRILLEGUARD"] }),
  o("LEDBED", "LED box lighting", "Éclairage de caisse à DEL", 25_000, BED),
  o("LEDSPOT", "LED side-mirror spotlights", "Projecteurs à DEL dans les rétroviseurs", 30_000, EXTERIOR, {
    conflicts: ["TOWMIRROR"],
  }),
  o("LIGHTBAR", "Off-road LED light bar", "Barre lumineuse à DEL hors route", 69_500, EXTERIOR, {
    requires: ["4X4"],
    conflicts: ["CHROMEGRILLE"],
  }),
  o("BLIS", "Blind spot information system", "Système de surveillance des angles morts", 55_000, SAFETY),
  o(
    "BLISTRL",
    "BLIS with trailer coverage",
    "Surveillance des angles morts avec couverture de remorque",
    35_000,
    SAFETY,
    { requires: ["BLIS"] },
  ),
  o("ACC", "Adaptive cruise control", "Régulateur de vitesse adaptatif", 70_000, SAFETY),
  o("LANECENT", "Lane centring", "Centrage dans la voie", 40_000, SAFETY, { requires: ["ACC"] }),
  o("EVASIVE", "Evasive steering assist", "Aide à la direction d'évitement", 30_000, SAFETY),
  o("BLUECRUISE", "BlueCruise hands-free driving", "Conduite mains libres BlueCruise", 180_000, SAFETY, {
    requires: ["COPILOT", "SYNC-NAV"],
  }),
];

const exterior: DemoOption[] = [
  o("BODYBUMP", "Body-colour bumpers", "Pare-chocs couleur carrosserie", 60_000, EXTERIOR, {
    conflicts: ["CHROMEGRILLE"],
  }),
  o("SPORTGRILLE", "Sport grille", "Calandre sport", 45_000, EXTERIOR, { conflicts: ["CHROMEGRILLE", "GRILLEGUARD"] }),
  o("SPORTBADGE", "Sport badging", "Écussons sport", 10_000, EXTERIOR),
  o("CHROMEMIRROR", "Chrome mirror caps", "Calottes de rétroviseur chromées", 25_000, EXTERIOR, {
    conflicts: ["TOWMIRROR", "BLKMIRROR"],
  }),
  o("CHROMEGRILLE", "Chrome bar grille", "Calandre à barres chromées", 55_000, EXTERIOR, {
    conflicts: ["GRILLEGUARD"],
  }),
  o("BLKMIRROR", "Black mirror caps", "Calottes de rétroviseur noires", 25_000, EXTERIOR, { conflicts: ["TOWMIRROR"] }),
  o(
    "TOWMIRROR",
    "Power-folding trailer tow mirrors",
    "Rétroviseurs de remorquage rabattables électriquement",
    55_000,
    TOWING,
  ),
  o("GRILLEGUARD", "Grille guard", "Protège-calandre", 99_500, EXTERIOR, { conflicts: ["SNOW", "CAM360"] }),
  o("FENDERFLARES", "Fender flares", "Élargisseurs d'ailes", 79_500, EXTERIOR, {
    conflicts: ["CHROME", "W22PO", "W22BK"],
  }),
  o("SKID", "Skid plates", "Plaques de protection", 45_000, PROTECTION),
  o("OFFSHOCK", "Off-road tuned shocks", "Amortisseurs réglés pour le hors-route", 60_000, POWERTRAIN, {
    requires: ["4X4"],
  }),
  o("HILLDESC", "Hill descent control", "Aide à la descente", 20_000, SAFETY, { requires: ["4X4"] }),
  o("FX4DECAL", "FX4 Off-Road box decal", "Autocollant hors route FX4", 5_000, EXTERIOR, { requires: ["FX4"] }),
  o("ROCKRAILS", "Rock rails", "Rails de protection", 69_500, PROTECTION, {
    requires: ["FX4"],
    conflicts: RUNNING_BOARDS,
  }),
  ...exclusive([
    o("RB-BLK", "Black platform running boards", "Marchepieds plateformes noirs", 60_000, EXTERIOR),
    o("CHROMESTEP", "Chrome step bars", "Marchepieds tubulaires chromés", 70_000, EXTERIOR),
    o("RB-PWR", "Power-deployable running boards", "Marchepieds escamotables électriques", 195_000, EXTERIOR, {
      requires: ["302A"],
    }),
  ]),
  ...exclusive([
    o("GR-HOOD", "Black hood graphic", "Graphique de capot noir", 45_000, EXTERIOR, { conflicts: ["CHROME"] }),
    o("GR-SIDEBK", "Black side stripe", "Bande latérale noire", 55_000, EXTERIOR, { conflicts: ["UM"] }),
    o("GR-SIDERD", "Red side stripe", "Bande latérale rouge", 55_000, EXTERIOR, { conflicts: ["D4"] }),
    o("GR-SIDEGY", "Grey side stripe", "Bande latérale grise", 55_000, EXTERIOR, {
      conflicts: ["M7", "A3", "AZ", "FT"],
    }),
    o("GR-FX4", "FX4 bed-side graphic", "Graphique latéral FX4", 49_500, EXTERIOR, { requires: ["FX4"] }),
  ]),
  ...exclusive([
    o("TIPS-CH", "Chrome exhaust tips", "Embouts d'échappement chromés", 19_500, EXTERIOR, { conflicts: ["99D"] }),
    o("TIPS-BK", "Black exhaust tips", "Embouts d'échappement noirs", 19_500, EXTERIOR, { conflicts: ["99D"] }),
    o("TIPS-DUAL", "Dual exhaust with polished tips", "Double échappement à embouts polis", 89_500, EXTERIOR, {
      requires: ["995"],
    }),
  ]),
  o("SPLASH-F", "Front splash guards", "Bavettes avant", 12_000, PROTECTION, { conflicts: ["ROCKRAILS"] }),
  o("SPLASH-R", "Rear splash guards", "Bavettes arrière", 12_000, PROTECTION),
  o("PAINTPROT", "Paint protection film", "Pellicule de protection de peinture", 89_500, PROTECTION),
  o("CERAMIC", "Ceramic coating", "Revêtement céramique", 69_500, PROTECTION),
  o("FLOORLIN-F", "Front all-weather floor liners", "Tapis avant toutes saisons", 19_000, PROTECTION),
  o("FLOORLIN-R", "Rear all-weather floor liners", "Tapis arrière toutes saisons", 17_000, PROTECTION, {
    requires: ["FLOORLIN-F"],
  }),
  ...exclusive([
    o("SEATC-NEO", "Neoprene seat covers", "Housses de siège en néoprène", 49_500, PROTECTION),
    o("SEATC-CAN", "Canvas seat covers", "Housses de siège en toile", 39_500, PROTECTION),
    o("SEATC-LTH", "Leather-look seat covers", "Housses de siège similicuir", 59_500, PROTECTION, {
      conflicts: ["VENTSEAT"],
    }),
  ]),
];

const bedAndTowing: DemoOption[] = [
  ...exclusive([
    o("LINER-SPRAY", "Spray-in bedliner", "Doublure de caisse pulvérisée", 59_500, BED),
    o("LINER-DROP", "Drop-in bedliner", "Doublure de caisse amovible", 39_500, BED, {
      conflicts: ["BEDMAT", "BEDRUG"],
    }),
  ]),
  ...exclusive([
    o("BEDMAT", "Rubber bed mat", "Tapis de caisse en caoutchouc", 19_500, BED),
    o("BEDRUG", "BedRug carpet bed liner", "Tapis de caisse BedRug", 49_500, BED),
  ]),
  ...exclusive([
    ...TONNEAUS_55.map((code, i) =>
      o(
        code,
        `${TONNEAU_NAMES[i]![0]}, 5.5-ft. box`,
        `${TONNEAU_NAMES[i]![1]}, caisse de 5,5 pi`,
        TONNEAU_PRICES[i]!,
        BED,
        { conflicts: ["BOX65"] },
      ),
    ),
    ...TONNEAUS_65.map((code, i) =>
      o(
        code,
        `${TONNEAU_NAMES[i]![0]}, 6.5-ft. box`,
        `${TONNEAU_NAMES[i]![1]}, caisse de 6,5 pi`,
        TONNEAU_PRICES[i]! + 10_000,
        BED,
        { requires: ["BOX65"] },
      ),
    ),
    o("BEDCAP", "Fibreglass bed cap", "Couvercle de caisse en fibre de verre", 350_000, BED),
  ]),
  o("LADDER", "Bed ladder rack", "Support à échelle de caisse", 145_000, BED, {
    conflicts: ["BEDCAP", "TNP55", "TNP65"],
  }),
  o("KAYAK", "Kayak carrier", "Porte-kayak", 39_500, BED, { requires: ["LADDER"] }),
  o("TENTMOUNT", "Rooftop tent mount", "Support de tente de toit", 49_500, BED, { requires: ["LADDER"] }),
  o("TOOLBOX", "Crossover toolbox", "Coffre à outils transversal", 69_500, BED, { conflicts: [...TONNEAUS, "BEDCAP"] }),
  o("BEDEXT", "Bed extender", "Rallonge de caisse", 29_500, BED, {
    conflicts: ["TNH55", "TNH65", "TNP55", "TNP65", "BEDCAP", "TOOLBOX"],
  }),
  o("TGSTEP", "Tailgate step", "Marchepied de hayon", 35_000, BED),
  o("TGLOCK", "Tailgate lock", "Verrou de hayon", 9_500, BED),
  o("PWRTAILGATE", "Power tailgate", "Hayon électrique", 60_000, BED),
  o("BEDDIV", "Bed divider", "Séparateur de caisse", 15_000, BED),
  o("BOXLINK", "BoxLink cleat system", "Système de taquets BoxLink", 20_000, BED),
  o("CARGOMGMT", "Cargo management system", "Système de gestion du chargement", 35_000, BED, { requires: ["BOXLINK"] }),
  o("BXCLEATS", "Premium BoxLink locking cleats", "Taquets verrouillables BoxLink de qualité supérieure", 12_000, BED, {
    requires: ["BOXLINK"],
  }),
  o("CARGONET", "Bed cargo net", "Filet de chargement de caisse", 8_500, BED),
  o("TBC", "Integrated trailer brake controller", "Commande de freins de remorque intégrée", 35_000, TOWING),
  o("PROTBA", "Pro Trailer Backup Assist", "Aide au recul de remorque Pro", 45_000, TOWING, {
    requires: ["CAM360|TRG"],
  }),
  o("TRG", "Trailer reverse guidance", "Guidage de marche arrière de remorque", 30_000, TOWING),
  o("TRAILERCAM", "Trailer camera kit", "Caméra de remorque", 49_500, TOWING, { requires: ["PROTBA"] }),
  o("GOOSENECK", "Gooseneck hitch prep", "Préparation pour attelage à col de cygne", 50_000, TOWING, {
    requires: ["BOX65", "MAXTOW|HDPAY"],
    conflicts: ["BEDCAP", "TOOLBOX", ...TONNEAUS_65],
  }),
  o("FIFTHWHEEL", "Fifth-wheel hitch prep", "Préparation pour sellette d'attelage", 65_000, TOWING, {
    requires: ["BOX65", "MAXTOW"],
    conflicts: ["BEDCAP", "TOOLBOX", "LINER-DROP", ...TONNEAUS_65],
  }),
  o("WDH", "Weight-distributing hitch", "Attelage répartiteur de charge", 79_500, TOWING, {
    requires: ["MAXTOW|TOWTECH"],
  }),
  o("TRLADAPT", "Trailer brake wiring adapter", "Adaptateur de câblage de freins de remorque", 9_500, TOWING, {
    requires: ["TBC"],
  }),
  ...exclusive([
    o("BALL-2", "Ball mount, 2-in. drop", "Support de boule, abaissement de 2 po", 9_500, TOWING),
    o("BALL-4", "Ball mount, 4-in. drop", "Support de boule, abaissement de 4 po", 11_500, TOWING),
    o("BALL-6", "Ball mount, 6-in. drop", "Support de boule, abaissement de 6 po", 13_500, TOWING, {
      conflicts: ["W22PO", "W22BK"],
    }),
  ]),
  o("BIKERACK", "Hitch-mounted bike rack", "Porte-vélos sur attelage", 69_900, TOWING, {
    conflicts: ["BALL-2", "BALL-4", "BALL-6"],
  }),
];

/**
 * Full-size pickup (Ford F-150 XLT): 150 build options and over 300 rules. Engines, axles, wheels, tires,
 * tonneau covers and running boards are choose-one families; packages include options (302A includes 301A);
 * towing packages need an engine and an axle; ActiveX interiors need 302A and one conflicts with some paints;
 * three paints are premium-priced.
 */
export function buildPickupTrim(year = 2026): Trim {
  return demoTrim(
    { unhaggle_trim_id: year * 1_000 + 104, year, make: "Ford", model: "F-150", trim: "XLT", msrp: 5_290_000 },
    [...colours, ...packages, ...powertrain, ...wheels, ...comfortAndTech, ...exterior, ...bedAndTowing],
  );
}
