import { NORMALIZED_COLORS, type FUEL_TYPES, type TRANSMISSION_TYPES } from "../constants.ts";

/** The spec's normalized colours (constants.ts) plus Other for names no keyword recognises. */
export const NORMALIZED_COLOURS = [...NORMALIZED_COLORS, "Other"] as const;
export type NormalizedColour = (typeof NORMALIZED_COLOURS)[number];

export const BODY_TYPES = [
  "SUV", "Sedan", "Pickup", "Hatchback", "Coupe", "Convertible", "Minivan", "Wagon", "Van", "Other",
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const DRIVETRAINS = ["FWD", "RWD", "AWD", "4WD"] as const;
export type Drivetrain = (typeof DRIVETRAINS)[number];

export type FuelType = (typeof FUEL_TYPES)[number];
export type TransmissionType = (typeof TRANSMISSION_TYPES)[number];

export const STOCK_STATUS_CODES = ["I", "D", "P", "S", "T", "U", "V", "R", "As-is"] as const;
export type StockStatusCode = (typeof STOCK_STATUS_CODES)[number];

/**
 * Code to the spec's named stock status (section 3). Each code maps to the named form of the
 * same word. The other named forms have no code of their own and are not produced here:
 * centralized_in_transit is a kind of in_transit; new_demo and used_demo are D split by
 * condition; cpo follows is_certified; is_mine and is_pre_authorized depend on the viewer's
 * order; in_production belongs to factory orders, which a stock feed does not list.
 */
export const STOCK_STATUS_NAMES = {
  I: "available",
  D: "demo",
  P: "pending",
  S: "sold",
  T: "in_transit",
  U: "unavailable",
  V: "virtual",
  R: "reserved",
  "As-is": "as_is",
} as const satisfies Record<StockStatusCode, string>;
export type StockStatusName = (typeof STOCK_STATUS_NAMES)[StockStatusCode];

/** Lower case, accents removed ("Gris magnétique" reads "gris magnetique"). */
export function foldText(value: string): string {
  return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
}

/**
 * Reads a code ("i", "AS-IS", "as is") or its named form ("available", "in transit").
 * Null when the text is neither; an empty text is null too (the caller picks the default).
 */
export function parseStockStatus(value: string): StockStatusCode | null {
  const key = foldText(value).replace(/[\s_-]+/g, "");
  if (key === "") return null;
  for (const code of STOCK_STATUS_CODES) {
    if (key === code.toLowerCase().replace("-", "") || key === STOCK_STATUS_NAMES[code].replace("_", "")) return code;
  }
  return null;
}

const WEIGHTS = ["primary", "secondary", "finish"] as const;
type Keyword = readonly [pattern: RegExp, weight: (typeof WEIGHTS)[number]];

// Basic colour words are primary; evocative names ("onyx", "ruby") only count when no
// basic word is present, so "Black Cherry" is Black; a finish ("pearl") only when nothing
// else is, so "Pearl White" is White, "Ruby Flare Pearl" Red and a bare "Pearl" White. Short or
// ambiguous words must start a word ("red" not in "Sacred", "vert" not in "Convertible").
const COLOUR_KEYWORDS: Record<Exclude<NormalizedColour, "Other">, readonly Keyword[]> = {
  Black: [[/black|noir/, "primary"], [/\b(ebony|ebene|onyx|obsidian|midnight|jet)\b/, "secondary"]],
  White: [[/white|blanc/, "primary"], [/\b(snow|neige|glacier|alabaster)/, "secondary"], [/\b(pearl|perle|nacre)/, "finish"]],
  Silver: [[/silver|argent/, "primary"], [/\b(platinum|platine|titanium|titane|chrome|quicksilver)/, "secondary"]],
  Grey: [[/gr[ae]y|\bgris/, "primary"], [/\b(graphite|charcoal|gunmetal|slate|steel|acier|ardoise|anthracite)/, "secondary"]],
  Blue: [[/blue|bleu/, "primary"], [/\b(navy|azur|cobalt|sapphire|saphir|indigo|teal|aqua|turquoise)/, "secondary"]],
  Red: [[/\bred|rouge/, "primary"], [/\b(ruby|rubis|crimson|scarlet|ecarlate|cherry|cerise|burgundy|bordeaux|maroon|garnet|grenat|carmine)/, "secondary"]],
  Green: [[/green|\bvert/, "primary"], [/\b(emerald|emeraude|olive|jade|lime)/, "secondary"]],
  Brown: [[/brown|\bbrun|\bmarron/, "primary"], [/\b(bronze|mocha|moka|chocolate|chocolat|espresso|coffee|copper|cuivre|saddle)/, "secondary"]],
  Beige: [[/beige/, "primary"], [/\b(tan|sand|sable|champagne|cream|creme|ivory|ivoire|taupe|khaki|kaki)\b/, "secondary"]],
  Yellow: [[/yellow|jaune/, "primary"], [/\b(lemon|citron|canary)/, "secondary"]],
  Orange: [[/orange/, "primary"], [/\b(tangerine|mandarine|mandarin|amber|ambre)/, "secondary"]],
  Gold: [[/gold|\bdoree?\b|\bor\b/, "primary"], [/\b(golden)/, "secondary"]],
  Purple: [[/purple|\bviolet|\bmauve/, "primary"], [/\b(plum|prune|lavender|lavande|amethyst|aubergine)/, "secondary"]],
};

function lastMatchIndex(text: string, pattern: RegExp): number {
  const global = new RegExp(pattern.source, "g");
  let last = -1;
  for (const match of text.matchAll(global)) last = match.index;
  return last;
}

/**
 * The normalized colour of a free-text colour name, English or French. With several basic
 * colour words the rightmost wins: English puts the main colour last ("Silver Blue" is Blue),
 * and French names rarely hold two basic words ("Bleu Nuit", "Gris magnétique").
 */
export function normalizeColour(name: string): NormalizedColour {
  const text = foldText(name);
  if (text === "") return "Other";
  for (const weight of WEIGHTS) {
    let best: NormalizedColour | null = null;
    let bestIndex = -1;
    for (const [colour, keywords] of Object.entries(COLOUR_KEYWORDS) as [NormalizedColour, readonly Keyword[]][]) {
      for (const [pattern, keywordWeight] of keywords) {
        if (keywordWeight !== weight) continue;
        const index = lastMatchIndex(text, pattern);
        if (index > bestIndex) {
          best = colour;
          bestIndex = index;
        }
      }
    }
    if (best) return best;
  }
  return "Other";
}

// First match wins, so the order settles overlaps: "Minivan" before "Van", "Coupe Convertible"
// is a Convertible, "Sport Utility Truck" is a Pickup (it has a bed).
const BODY_TYPE_PATTERNS: readonly [BodyType, RegExp][] = [
  ["Minivan", /mini-?\s?van|fourgonnette/],
  ["Van", /\bvan\b|\bfourgon\b|\bcargo\b/],
  ["Convertible", /convertible|cabrio|roadster|spyder|spider|decapotable/],
  ["Pickup", /pick-?\s?up|truck|\bcab\b|crew|supercab|camionnette/],
  ["SUV", /\bsuv\b|\bcuv\b|\bvus\b|sport utility|crossover|utilitaire|multisegment/],
  ["Wagon", /wagon|wagen|familiale|\bestate\b|\bavant\b/],
  ["Hatchback", /hatch|liftback|\bhayon\b|\b[35]\s?dr\b|\b[35]-door/],
  ["Coupe", /coupe|\b2\s?dr\b|\b2-door/],
  ["Sedan", /sedan|berline|saloon|\b4\s?dr\b|\b4-door/],
];

/** One of BODY_TYPES; "4dr Car" is a Sedan, "2dr Car" a Coupe, "5dr Car" a Hatchback. */
export function normalizeBodyType(value: string): BodyType {
  const text = foldText(value);
  if (text === "") return "Other";
  return BODY_TYPE_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? "Other";
}

/** "8-Speed Automatic", "CVT", "Automated Manual" are Automatic; "6-Speed Manual", "M/T" Manual; else "". */
export function normalizeTransmission(value: string): TransmissionType | "" {
  const text = foldText(value);
  if (/automat|\bauto\b|\ba\/?t\b|\bcvt\b|\bdct\b|dual[- ]clutch|\bivt\b|\becvt\b|tiptronic|single[- ]speed|1[- ]speed/.test(text)) {
    return "Automatic";
  }
  if (/manual|manuelle|\bm\/?t\b|stick|standard/.test(text)) return "Manual";
  return "";
}

/** One of the spec's fuel types or "". Plug-in is checked before hybrid, hybrid before electric. */
export function normalizeFuelType(value: string): FuelType | "" {
  const text = foldText(value);
  if (/plug-?\s?in|\bphev\b|rechargeable/.test(text)) return "Plug-in Hybrid";
  if (/hybrid|hybride|\bhev\b/.test(text)) return "Hybrid";
  if (/electri|\bev\b|\bbev\b/.test(text)) return "Electric";
  if (/diesel/.test(text)) return "Diesel";
  if (/gas|petrol|essence|unleaded|premium|regular|flex|\be85\b/.test(text)) return "Gasoline";
  return "";
}

/** FWD, RWD, AWD, 4WD or "" (unrecognised, including the ambiguous "4x2"). */
export function normalizeDrivetrain(value: string): Drivetrain | "" {
  const text = foldText(value);
  if (/\b4wd\b|\b4x4\b|four[- ]wheel|4 roues motrices|\b4 ?rm\b/.test(text)) return "4WD";
  if (/\bawd\b|all[- ]wheel|integrale|\b4matic\b|quattro|xdrive|4motion|sh-awd/.test(text)) return "AWD";
  if (/\bfwd\b|front[- ]wheel|traction avant|\btraction\b/.test(text)) return "FWD";
  if (/\brwd\b|rear[- ]wheel|propulsion/.test(text)) return "RWD";
  return "";
}

const TRUE_WORDS = new Set(["y", "yes", "true", "1", "oui", "o"]);
const FALSE_WORDS = new Set(["n", "no", "false", "0", "non", ""]);

/** Y/N, Yes/No, True/False, 1/0 (and French Oui/Non); empty is false; null when unreadable. */
export function parseYesNo(value: string): boolean | null {
  const text = foldText(value);
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  return null;
}
