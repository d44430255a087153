import {
  type BuildOption,
  cents,
  type ColourRecord,
  OPTION_CATEGORIES,
  type OptionCategory,
  type Trim,
} from "@showroom/domain";

/** One build option as the demo catalogue writes it: prices in cents, rules by code. */
export type DemoOption = {
  code: string;
  name: string;
  name_fr: string;
  kind: "exterior" | "interior" | "package" | "option";
  msrp: number;
  includes?: string[];
  /** Each entry must hold; "A|B" is one of A or B. */
  requires?: string[];
  conflicts?: string[];
  subcategory?: [code: string, name: string];
  preferred?: boolean;
  /** Colours: hex value and normalized colour name (simple_value). */
  hex?: string;
  simple?: string;
  /** Packages: contents as [English, French] lines. */
  texts?: [string, string][];
};

const CATEGORY: Record<DemoOption["kind"], OptionCategory> = {
  exterior: "Exterior Colors",
  interior: "Interior Colors",
  package: "Free Standing Packages",
  option: "Free Standing Options",
};

export function demoBuildOption(option: DemoOption): BuildOption {
  const category = CATEGORY[option.kind];
  const colour = option.kind === "exterior" || option.kind === "interior";
  return {
    code: option.code,
    option_code: option.code,
    name: option.name,
    name_fr: option.name_fr,
    category,
    group_id: OPTION_CATEGORIES[category],
    subcategory: option.subcategory ? { code: option.subcategory[0], name: option.subcategory[1] } : null,
    images: [],
    prices: { msrp: cents(option.msrp) },
    is_valid: true,
    rule_includes: option.includes ?? [],
    rule_conflicts: option.conflicts ?? [],
    rule_requires: option.requires ?? [],
    preferred_for_display: option.preferred ?? false,
    swatch_url: null,
    value: colour ? (option.hex ?? null) : null,
    value_type: colour && option.hex ? "hex" : null,
    ...(option.texts
      ? { option_texts: option.texts.map(([en]) => en), option_texts_fr: option.texts.map(([, fr]) => fr) }
      : {}),
  };
}

function colourRecord(option: DemoOption): ColourRecord {
  return {
    code: option.code,
    value: option.hex ?? "#808080",
    value_type: "hex",
    exact: true,
    image_code: option.code,
    simple_value: option.simple ?? option.name,
    swatch_url: null,
    name: option.name,
  };
}

export function demoTrim(
  head: { unhaggle_trim_id: number; year: number; make: string; model: string; trim: string; msrp: number },
  options: DemoOption[],
): Trim {
  const codes = new Set<string>();
  for (const option of options) {
    if (codes.has(option.code)) throw new Error(`duplicate option code ${option.code} in ${head.model} ${head.trim}`);
    codes.add(option.code);
  }
  return {
    unhaggle_trim_id: head.unhaggle_trim_id,
    year: head.year,
    make: head.make,
    model: head.model,
    trim: head.trim,
    prices: { msrp: cents(head.msrp) },
    options: options.map(demoBuildOption),
    trim_colors: options.filter((option) => option.kind === "exterior" || option.kind === "interior").map(colourRecord),
  };
}

/** Rules of a trim: every includes, requires and conflicts entry counts once. */
export function ruleCount(trim: Trim): number {
  return trim.options.reduce(
    (sum, option) => sum + option.rule_includes.length + option.rule_requires.length + option.rule_conflicts.length,
    0,
  );
}

/** Each option of a family conflicts with the ones after it (a choose-at-most-one family). */
export function exclusive(options: DemoOption[]): DemoOption[] {
  return options.map((option, i) => ({
    ...option,
    conflicts: [...(option.conflicts ?? []), ...options.slice(i + 1).map((other) => other.code)],
  }));
}
