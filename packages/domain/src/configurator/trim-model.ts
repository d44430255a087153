import { requirementCodes } from "./compiled-trim.ts";
import { type BuildOption, type ColourRecord, OPTION_GROUP_IDS, type Trim } from "./types.ts";

/** The views of a trim the screens use (spec 3, "Trim model"). */
export type TrimModel = {
  trim: Trim;
  allOptions: BuildOption[];
  optionsByCode: Map<string, BuildOption>;
  exteriorColours: BuildOption[];
  interiorColours: BuildOption[];
  /** Exterior colours with a price of their own. */
  pricedExteriorColours: BuildOption[];
  /**
   * Priced options that only exist to charge for a colour: free-standing options (never packages) a
   * colour requires (a premium paint or premium interior charge), plus any code the premium-paint list names.
   */
  premiumPriceOptions: BuildOption[];
  freeStandingOptions: BuildOption[];
  packages: BuildOption[];
  /** Colour records by option code: the trim's `trim_colors`, else the option's own value and swatch. */
  coloursByCode: Map<string, ColourRecord>;
  /** Colour options with no colour record and no value: the screens disable them. */
  unresolvedColourCodes: string[];
};

const isColour = (option: BuildOption) =>
  option.group_id === OPTION_GROUP_IDS.exterior || option.group_id === OPTION_GROUP_IDS.interior;

export function trimModel(trim: Trim, premiumPaintCodes: readonly string[] = []): TrimModel {
  const allOptions = trim.options;
  const optionsByCode = new Map(allOptions.map((option) => [option.code, option] as const));
  const exteriorColours = allOptions.filter((option) => option.group_id === OPTION_GROUP_IDS.exterior);
  const interiorColours = allOptions.filter((option) => option.group_id === OPTION_GROUP_IDS.interior);
  const chargedByColours = new Set(
    allOptions.filter(isColour).flatMap((colour) => colour.rule_requires.flatMap(requirementCodes)),
  );
  const premiumPriceOptions = allOptions.filter(
    (option) =>
      option.group_id === OPTION_GROUP_IDS.options &&
      option.prices.msrp > 0 &&
      (chargedByColours.has(option.code) || premiumPaintCodes.includes(option.code)),
  );
  const coloursByCode = new Map<string, ColourRecord>(trim.trim_colors.map((record) => [record.code, record] as const));
  for (const option of allOptions) {
    if (!isColour(option) || coloursByCode.has(option.code) || option.value === null) continue;
    coloursByCode.set(option.code, {
      code: option.code,
      value: option.value,
      value_type: "hex",
      exact: true,
      image_code: null,
      simple_value: option.name,
      swatch_url: option.swatch_url,
      name: option.name,
    });
  }
  return {
    trim,
    allOptions,
    optionsByCode,
    exteriorColours,
    interiorColours,
    pricedExteriorColours: exteriorColours.filter((option) => option.prices.msrp > 0),
    premiumPriceOptions,
    freeStandingOptions: allOptions.filter((option) => option.group_id === OPTION_GROUP_IDS.options),
    packages: allOptions.filter((option) => option.group_id === OPTION_GROUP_IDS.packages),
    coloursByCode,
    unresolvedColourCodes: allOptions
      .filter((option) => isColour(option) && !coloursByCode.has(option.code))
      .map((option) => option.code),
  };
}
