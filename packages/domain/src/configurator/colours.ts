import { has, intersects, members } from "./bitset.ts";
import { compileTrim, EXTERIOR, INTERIOR, presenceOf } from "./compiled-trim.ts";
import { applyChange, configurationState, currentRoots } from "./engine.ts";
import { satisfies } from "./rule-check.ts";
import { trimModel } from "./trim-model.ts";
import { type ConfigurationState, OPTION_GROUP_IDS, type SearchLimits, type Trim } from "./types.ts";

export type ColourGroupName = "exterior" | "interior";

/**
 * Spec 5, mandatory-colour rule: when the trim offers a non-premium (zero MSRP) exterior colour and a
 * non-premium interior colour, both an exterior and an interior colour must be chosen. The screens ask
 * for the missing ones (select-mandatory-colour modal) before reviewing changes.
 */
export function mandatoryColours(
  trim: Trim,
  selected: readonly string[],
): { applies: boolean; missing: ColourGroupName[]; complete: boolean } {
  const c = compileTrim(trim);
  const offered = (groupId: number) =>
    c.options.some((option, i) => option.group_id === groupId && option.prices.msrp === 0 && !has(c.unavailable, i));
  const applies = offered(OPTION_GROUP_IDS.exterior) && offered(OPTION_GROUP_IDS.interior);
  const presence = presenceOf(c, currentRoots(c, selected));
  const missing: ColourGroupName[] = !applies
    ? []
    : [
        ...(intersects(presence, c.groupMask[EXTERIOR]!) ? [] : ["exterior" as const]),
        ...(intersects(presence, c.groupMask[INTERIOR]!) ? [] : ["interior" as const]),
      ];
  return { applies, missing, complete: missing.length === 0 };
}

/**
 * Drops selected premium-price options (see `trimModel`) that no present option needs any more, e.g. the
 * premium paint charge after a switch to a standard colour. Returns the remaining selection.
 */
export function withoutUnneededPremiumOptions(
  trim: Trim,
  selected: readonly string[],
  premiumPaintCodes: readonly string[] = [],
): string[] {
  const c = compileTrim(trim);
  const roots = currentRoots(c, selected);
  const goal = { lockedIn: new Uint32Array(c.words), mustOut: new Uint32Array(c.words), keep: [] };
  for (const option of trimModel(trim, premiumPaintCodes).premiumPriceOptions) {
    const i = c.index.get(option.code)!;
    if (!has(roots, i)) continue;
    roots[i >>> 5]! &= ~(1 << (i & 31));
    if (!satisfies(c, roots, goal)) roots[i >>> 5]! |= 1 << (i & 31);
  }
  return members(roots).map((i) => c.codes[i]!);
}

/** Spec 4: changing a colour swaps the old one for the new one, then drops premium-price options no longer needed. */
export function changeColour(
  trim: Trim,
  selected: readonly string[],
  colourCode: string,
  limits: SearchLimits = {},
  premiumPaintCodes: readonly string[] = [],
): ConfigurationState {
  const changed = applyChange(trim, selected, { add: [colourCode] }, limits);
  if (changed.conflict) return changed;
  return configurationState(trim, withoutUnneededPremiumOptions(trim, changed.selected, premiumPaintCodes), limits);
}

/**
 * Spec 4, initial configuration: the preferred_for_display exterior colour, else a non-premium one whose
 * colour matches the vehicle's normalized exterior colour, else any non-premium one; with a selection,
 * only colours it can take without removing anything. Null when there is none.
 */
export function defaultExteriorColour(
  trim: Trim,
  options: { normalizedColour?: string | null; selected?: readonly string[] } = {},
): string | null {
  const model = trimModel(trim);
  const excluded = new Set(configurationState(trim, options.selected ?? []).excluded);
  const candidates = model.exteriorColours.filter((colour) => !excluded.has(colour.code));
  const wanted = options.normalizedColour?.trim().toLowerCase();
  const matches = (code: string, name: string) => {
    if (!wanted) return false;
    const record = model.coloursByCode.get(code);
    return record?.simple_value.toLowerCase() === wanted || name.toLowerCase().includes(wanted);
  };
  const nonPremium = candidates.filter((colour) => colour.prices.msrp === 0);
  return (
    candidates.find((colour) => colour.preferred_for_display)?.code ??
    nonPremium.find((colour) => matches(colour.code, colour.name))?.code ??
    nonPremium[0]?.code ??
    null
  );
}

/** Spec 4: after toggling an option, make sure an exterior colour is selected (the default one that commits without a conflict). */
export function ensureExteriorColour(
  trim: Trim,
  selected: readonly string[],
  normalizedColour: string | null = null,
  limits: SearchLimits = {},
): ConfigurationState {
  const state = configurationState(trim, selected, limits);
  const c = compileTrim(trim);
  const present = [...state.selected, ...state.included].some(
    (code) => c.options[c.index.get(code)!]!.group_id === OPTION_GROUP_IDS.exterior,
  );
  if (present) return state;
  const first = defaultExteriorColour(trim, { normalizedColour, selected: state.selected });
  const candidates = [
    first,
    ...trimModel(trim)
      .exteriorColours.map((colour) => colour.code)
      .filter((code) => !state.excluded.includes(code)),
  ];
  for (const code of candidates) {
    if (code === null) continue;
    const next = applyChange(trim, state.selected, { add: [code] }, limits);
    if (!next.conflict) return next;
  }
  return state;
}
