// Builders of hand-written trims for the configurator's tests.
import { cents } from "../money.ts";
import { type BuildOption, OPTION_CATEGORIES, type OptionCategory, type Trim } from "./types.ts";

const CATEGORY_BY_KIND = {
  exterior: "Exterior Colors",
  interior: "Interior Colors",
  package: "Free Standing Packages",
  option: "Free Standing Options",
} as const satisfies Record<string, OptionCategory>;

export function buildOption(
  code: string,
  kind: keyof typeof CATEGORY_BY_KIND,
  msrp: number,
  rules: Partial<
    Pick<
      BuildOption,
      "rule_includes" | "rule_requires" | "rule_conflicts" | "is_valid" | "preferred_for_display" | "name"
    >
  > = {},
): BuildOption {
  const category = CATEGORY_BY_KIND[kind];
  const colour = kind === "exterior" || kind === "interior";
  return {
    code,
    option_code: code,
    name: rules.name ?? code,
    name_fr: rules.name ?? code,
    category,
    group_id: OPTION_CATEGORIES[category],
    subcategory: null,
    images: [],
    prices: { msrp: cents(msrp) },
    is_valid: rules.is_valid ?? true,
    rule_includes: rules.rule_includes ?? [],
    rule_conflicts: rules.rule_conflicts ?? [],
    rule_requires: rules.rule_requires ?? [],
    preferred_for_display: rules.preferred_for_display ?? false,
    swatch_url: null,
    value: colour ? "#777777" : null,
    value_type: colour ? "hex" : null,
  };
}

export function buildTrim(options: BuildOption[], msrp = 3_450_000): Trim {
  return {
    unhaggle_trim_id: 1,
    year: 2026,
    make: "Toyota",
    model: "RAV4",
    trim: "XLE",
    prices: { msrp: cents(msrp) },
    options,
    trim_colors: [],
  };
}

/** A compact SUV with packages, a package-only option, a premium paint, a paint/interior conflict and a sunroof/roof-rack conflict. */
export function rav4(): Trim {
  return buildTrim([
    buildOption("EXT_WHITE", "exterior", 0, { preferred_for_display: true, name: "Super White" }),
    buildOption("EXT_BLACK", "exterior", 0, { name: "Midnight Black Metallic" }),
    buildOption("EXT_RED", "exterior", 0, { name: "Ruby Flare Pearl", rule_requires: ["PAINT_PREM"] }),
    buildOption("EXT_BLUE", "exterior", 45_000, { name: "Blueprint", rule_conflicts: ["INT_GREY"] }),
    buildOption("INT_BLACK", "interior", 0, { name: "Black SofTex" }),
    buildOption("INT_GREY", "interior", 0, { name: "Light Grey fabric" }),
    buildOption("INT_CHESTNUT", "interior", 0, { name: "Chestnut leather", rule_requires: ["PKG_PREMIUM"] }),
    buildOption("PKG_TECH", "package", 250_000, { rule_includes: ["NAV", "AUDIO", "WCHG"] }),
    buildOption("PKG_WINTER", "package", 120_000, { rule_includes: ["HSEAT", "HWHEEL", "RSTART"] }),
    buildOption("PKG_PREMIUM", "package", 350_000, { rule_includes: ["NAV", "AUDIO", "WCHG", "HSEAT", "SUNROOF"] }),
    buildOption("PKG_TOW", "package", 95_000, { rule_includes: ["HITCH"] }),
    buildOption("NAV", "option", 90_000),
    buildOption("AUDIO", "option", 110_000),
    buildOption("WCHG", "option", 25_000),
    buildOption("HSEAT", "option", 60_000),
    buildOption("HWHEEL", "option", 30_000),
    buildOption("RSTART", "option", 40_000),
    buildOption("SUNROOF", "option", 150_000),
    buildOption("HITCH", "option", 50_000),
    buildOption("HUD", "option", 65_000, { rule_requires: ["PKG_TECH|PKG_PREMIUM"] }),
    buildOption("ROOF_RACK", "option", 45_000, { rule_conflicts: ["SUNROOF"] }),
    buildOption("BIKE_RACK", "option", 70_000, { rule_requires: ["HITCH"] }),
    buildOption("PAINT_PREM", "option", 45_000, { name: "Premium paint" }),
  ]);
}
