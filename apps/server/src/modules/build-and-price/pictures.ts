import {
  colourHexFor,
  defaultExteriorColour,
  NORMALIZED_COLOURS,
  OPTION_GROUP_IDS,
  parseHexColor,
  pictureSlug,
  toHexColor,
  type ConfigurationState,
  type Trim,
  type TrimModel,
} from "@showroom/domain";
import type { ConfigurableVehicle } from "./vehicles.ts";

/** The drawn pictures have no true front view: the closer, mirrored framing (angle 1) stands in for it. */
const VIEWS = [
  { view: "side", angle: 0 },
  { view: "front", angle: 1 },
] as const;
export const BUILD_IMAGE_ANGLES = ["0", "1"] as const;

/** A drawn picture of a build: which body, in which colour, from which angle (the route turns it into an address). */
export type BuildPicture = { bodySlug: string; hex: string; angle: 0 | 1; view: "side" | "front"; alt_en: string; alt_fr: string };

/** "#RGB" or "#RRGGBB" as six lower-case hex digits, or null for anything else. */
function hexDigits(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return toHexColor(parseHexColor(value)).slice(1).toLowerCase();
  } catch {
    return null;
  }
}

/** Pictures of the vehicle's body in the build's exterior colour (the trim's default colour when it has none). */
export function picturesOf(
  trim: Trim,
  model: TrimModel,
  vehicle: ConfigurableVehicle,
  state: Pick<ConfigurationState, "selected" | "included"> | null,
): BuildPicture[] {
  const present = state ? [...state.selected, ...state.included] : [];
  const colourCode =
    present.find((code) => model.optionsByCode.get(code)?.group_id === OPTION_GROUP_IDS.exterior) ??
    defaultExteriorColour(trim, { normalizedColour: vehicle.exteriorColorNormalized });
  const colour = colourCode ? model.optionsByCode.get(colourCode) : undefined;
  const normalized = NORMALIZED_COLOURS.find((c) => c.toLowerCase() === vehicle.exteriorColorNormalized.toLowerCase()) ?? "Other";
  const hex = hexDigits(colourCode ? model.coloursByCode.get(colourCode)?.value : null) ?? hexDigits(colourHexFor(normalized))!;
  const title = `${trim.year} ${trim.make} ${trim.model} ${trim.trim}`;
  return VIEWS.map(({ view, angle }) => ({
    bodySlug: pictureSlug(vehicle.bodyType),
    hex,
    angle,
    view,
    alt_en: colour ? `${title}, ${colour.name}` : title,
    alt_fr: colour ? `${title}, ${colour.name_fr}` : title,
  }));
}
