import { type z } from "zod";
import { type Cents } from "../money.ts";
import { type colourRecordSchema } from "../schemas/inventory.ts";

/** Option group ids of build and price (spec 3): the four rule-bearing categories, then add-ons. */
export const OPTION_GROUP_IDS = {
  exterior: 101,
  interior: 102,
  packages: 103,
  options: 104,
  accessories: 201,
  protection_plans: 301,
} as const;
export type OptionGroupId = (typeof OPTION_GROUP_IDS)[keyof typeof OPTION_GROUP_IDS];

/** The categories of a trim's build options and the group each belongs to. */
export const OPTION_CATEGORIES = {
  "Exterior Colors": OPTION_GROUP_IDS.exterior,
  "Interior Colors": OPTION_GROUP_IDS.interior,
  "Free Standing Packages": OPTION_GROUP_IDS.packages,
  "Free Standing Options": OPTION_GROUP_IDS.options,
} as const;
export type OptionCategory = keyof typeof OPTION_CATEGORIES;

/** The alternative configurator's option groups as the contract names them, in both languages. */
export const TRIM_CONFIGURATION_GROUP_NAMES = {
  trim: { en: "Trim", fr: "Version" },
  exterior: { en: "Exterior colour", fr: "Couleur extérieure" },
  interior: { en: "Interior colour", fr: "Couleur intérieure" },
  packages: { en: "Packages", fr: "Groupes d’options" },
  options: { en: "Options", fr: "Options" },
} as const;
/** Group ids that carry rules (accessories 201 and protection plans 301 have none here). */
export type RuleGroupId = (typeof OPTION_CATEGORIES)[OptionCategory];

export type ColourRecord = z.infer<typeof colourRecordSchema>;

/**
 * One build option of a trim (spec 3, "Build option"). Prices are in cents.
 * Rules name other options by `code`:
 * - `rule_includes`: codes present at no extra price while this option is present (transitively);
 * - `rule_requires`: every entry must hold while this option is present; an entry is one code or a
 *   one-of set written `"A|B|C"` (at least one of them present);
 * - `rule_conflicts`: codes that may not be present with this option (symmetric: listing it on either side is enough).
 */
export type BuildOption = {
  code: string;
  option_code: string;
  name: string;
  name_fr: string;
  category: OptionCategory;
  group_id: RuleGroupId;
  subcategory: { code: string; name: string } | null;
  images: string[];
  prices: { msrp: Cents };
  is_valid: boolean;
  rule_includes: string[];
  rule_conflicts: string[];
  rule_requires: string[];
  /** Exterior colours: the one shown by default. */
  preferred_for_display: boolean;
  swatch_url: string | null;
  /** Colour value (e.g. "#1b1b1b") of a colour option; null for other options. */
  value: string | null;
  value_type: "hex" | null;
  /** Packages: what the package contains, as display lines. */
  option_texts?: string[];
  option_texts_fr?: string[];
};

/** A trim with its build options (spec 3, "Trim"). */
export type Trim = {
  unhaggle_trim_id: number;
  year: number;
  make: string;
  model: string;
  trim: string;
  prices: { msrp: Cents };
  options: BuildOption[];
  trim_colors: ColourRecord[];
};

export type ConfigurationPrices = {
  /** The trim's MSRP. */
  base_msrp: Cents;
  /** Sum of the selected options' MSRPs (included options are free). */
  options_msrp: Cents;
  /** base_msrp + options_msrp. */
  msrp: Cents;
};

/** A way out of a conflict: options to select and selected options to drop, on top of the request. */
export type Alternative = { additions: string[]; removals: string[] };

export type Conflict = {
  /** The request as the engine applied it (a colour's swapped-out predecessor is listed in `remove`). */
  requested: { add: string[]; remove: string[] };
  /** The proposed resolution: the first alternative's changes (empty when there is none). */
  additions: string[];
  removals: string[];
  /** Minimal resolutions, fewest changes first, then the lowest added price. */
  alternatives: Alternative[];
  /** True when the search stopped on its node budget: there may be other (or any) alternatives. */
  budget_exhausted: boolean;
};

/** Spec 3, "Configuration state". With a conflict, the other fields describe the unchanged configuration. */
export type ConfigurationState = {
  /** Options the shopper chose (none of them included by another present option). */
  selected: string[];
  /** Options present because a present option includes them (no extra price). */
  included: string[];
  /** Options that cannot be added without removing something. */
  excluded: string[];
  /** Present options that a present option needs (the only one present satisfying one of its requirements). */
  required: string[];
  conflict?: Conflict;
  prices: ConfigurationPrices;
};

/** A change of the configuration: add, remove, or swap (add plus remove). */
export type ChangeRequest = {
  add?: string[];
  remove?: string[];
  swap?: { add: string[]; remove: string[] };
};

export type SearchLimits = {
  /** Most alternatives offered (default 6). */
  maxAlternatives?: number;
  /** Most search nodes for one call: repairing the selection and finding alternatives (default 2000). */
  nodeBudget?: number;
};
