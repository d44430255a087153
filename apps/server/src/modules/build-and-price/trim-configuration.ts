import {
  applyAlternative,
  applyChange,
  configurationState,
  defaultExteriorColour,
  isValidSelection,
  OPTION_GROUP_IDS,
  TRIM_CONFIGURATION_GROUP_NAMES,
  type BuildOption,
  type Trim,
} from "@showroom/domain";
import type { z } from "zod";
import type {
  configuratorVehicleSchema,
  trimConfigurationCheckSchema,
  trimConfigurationGroupSchema,
  trimConfigurationOptionSchema,
  trimConfigurationQuerySchema,
  trimConfigurationResultSchema,
  trimConfigurationSchema,
} from "@showroom/domain";
import { isTrimOptionId, trimOptionId } from "./build-states.ts";
import type { BuildCatalogue } from "./catalogue.ts";
import { fail, type NamedViolation } from "./failures.ts";
import { assertKnownCodes, namedViolations } from "./selection-checks.ts";
import type { VehicleLookup } from "./vehicles.ts";

type ConfiguratorVehicle = z.infer<typeof configuratorVehicleSchema>;
type TrimConfigurationOption = z.infer<typeof trimConfigurationOptionSchema>;
type TrimConfigurationGroup = z.infer<typeof trimConfigurationGroupSchema>;
type GroupKey = keyof typeof TRIM_CONFIGURATION_GROUP_NAMES;
/** A checked selection; an invalid one names the rules it breaks (the route words them). */
export type TrimCheck = Omit<z.infer<typeof trimConfigurationResultSchema>, "problems" | "problem_reason"> & { violations: NamedViolation[] };

const unique = <T>(values: readonly T[]) => [...new Set(values)];
const without = (values: readonly string[], removed: readonly string[]) => values.filter((value) => !removed.includes(value));
const codes = (options: BuildOption[]) => options.map((option) => option.code);
const isColour = (option: BuildOption) => option.group_id === OPTION_GROUP_IDS.exterior || option.group_id === OPTION_GROUP_IDS.interior;

/** The alternative configurator: a model's trims as the first choice, then the chosen trim's colours, packages and options. */
export function trimConfigurator({ catalogue, vehicles }: { catalogue: BuildCatalogue; vehicles: VehicleLookup }) {
  async function configuratorVehicle(dealershipId: number, trim: Trim): Promise<ConfiguratorVehicle | null> {
    const vehicle = await vehicles.vehicleOfTrim(dealershipId, trim.unhaggle_trim_id);
    if (!vehicle) return null;
    return {
      id: vehicle.id,
      make: vehicle.make,
      trim: vehicle.trim,
      marketing_trim: vehicle.marketingTrim || null,
      model: vehicle.model,
      msrp: vehicle.msrpCents ?? trim.prices.msrp,
      year: vehicle.year,
    };
  }

  function trimGroup(trims: Trim[]): TrimConfigurationGroup {
    const names = TRIM_CONFIGURATION_GROUP_NAMES.trim;
    return {
      id: "trim",
      select_type: "single",
      name_en: names.en,
      name_fr: names.fr,
      disabled: false,
      options: trims.map((t) => ({
        id: trimOptionId(t),
        name_en: t.trim,
        name_fr: t.trim,
        group_id: "trim",
        color: null,
        descriptions: [],
        disabled: false,
        image: null,
        price: t.prices.msrp,
        subtitle: `${t.year} ${t.make} ${t.model}`,
        starting_price: t.prices.msrp,
      })),
    };
  }

  return {
    async configuration(dealershipId: number, query: z.output<typeof trimConfigurationQuerySchema>): Promise<z.infer<typeof trimConfigurationSchema>> {
      const trims = await catalogue.trimsOfModel(query.year, query.make, query.model);
      const wanted = query.trim?.trim().toLowerCase();
      const trim = (wanted ? trims.find((t) => t.trim.toLowerCase() === wanted) : trims[0]) ?? fail({ kind: "no_matching_trim" });
      const model = await catalogue.modelOf(trim);
      const defaultColour = defaultExteriorColour(trim);
      const initial = defaultColour ? [defaultColour] : [];
      const excluded = new Set(configurationState(trim, initial).excluded);
      const unresolved = new Set(model.unresolvedColourCodes);
      const optionOf = (groupId: string, option: BuildOption): TrimConfigurationOption => ({
        id: option.code,
        name_en: option.name,
        name_fr: option.name_fr,
        group_id: groupId,
        color: isColour(option) ? (model.coloursByCode.get(option.code)?.value ?? null) : null,
        descriptions: option.option_texts ?? [],
        disabled: excluded.has(option.code) || unresolved.has(option.code),
        image: option.images[0] ? { src: option.images[0], alt_en: option.name, alt_fr: option.name_fr } : null,
        price: option.prices.msrp,
        subtitle: option.subcategory?.name ?? null,
        starting_price: null,
      });
      const group = (id: GroupKey, selectType: TrimConfigurationGroup["select_type"], options: BuildOption[]): TrimConfigurationGroup => {
        const entries = options.map((option) => optionOf(id, option));
        const names = TRIM_CONFIGURATION_GROUP_NAMES[id];
        return { id, select_type: selectType, name_en: names.en, name_fr: names.fr, options: entries, disabled: entries.every((o) => o.disabled) };
      };
      const groups = [
        trimGroup(trims),
        group("exterior", "color", model.exteriorColours),
        group("interior", "color", model.interiorColours),
        group("packages", "multi", model.packages),
        group("options", "multi", model.freeStandingOptions),
      ].filter((g) => g.options.length > 0);
      const steps = [
        { step_type: "configuration", options: trims.map(trimOptionId) },
        { step_type: "colour", options: [...codes(model.exteriorColours), ...codes(model.interiorColours)] },
        { step_type: "options", options: codes(model.freeStandingOptions) },
        { step_type: "packages", options: codes(model.packages) },
      ].filter((step) => step.options.length > 0);
      return {
        groups,
        steps,
        initial_configuration: { selected_options: [trimOptionId(trim), ...initial], vehicle: await configuratorVehicle(dealershipId, trim) },
      };
    },

    /**
     * An option change: the new selection (one trim id plus codes of that trim) is checked; valid, it replaces
     * the previous one; invalid, nothing changes and the rules it breaks are named with full selections that
     * would resolve them.
     */
    async check(dealershipId: number, input: z.output<typeof trimConfigurationCheckSchema>): Promise<TrimCheck> {
      const trims = await catalogue.trimsOfModel(input.year, input.make, input.model);
      if (trims.length === 0) fail({ kind: "no_matching_trim" });
      const trimOf = (selection: string[]) => {
        const ids = selection.filter(isTrimOptionId);
        const chosen = trims.filter((t) => ids.includes(trimOptionId(t)));
        return ids.length === 1 && chosen.length === 1 ? chosen[0]! : null;
      };
      const trim = trimOf(input.selected_options) ?? fail({ kind: "trim_choice_required" });
      const previousTrim = trimOf(input.prev_selected_options);
      const model = await catalogue.modelOf(trim);
      const previousCodes = previousTrim ? input.prev_selected_options.filter((code) => !isTrimOptionId(code)) : [];
      // Codes of the previous trim that this trim lacks are dropped with the trim change; any other code must be this trim's.
      const requested = input.selected_options.filter((code) => !isTrimOptionId(code));
      const carriedOver = (code: string) => previousTrim !== null && previousTrim !== trim && previousCodes.includes(code);
      assertKnownCodes(model, { selected_options: requested.filter((code) => !carriedOver(code)) });
      const selection = unique(requested.filter((code) => model.optionsByCode.has(code)));
      const previousSelection = unique(previousCodes.filter((code) => model.optionsByCode.has(code)));

      if (isValidSelection(trim, selection)) {
        const resulting = [trimOptionId(trim), ...configurationState(trim, selection).selected];
        return {
          is_valid: true,
          added: without(resulting, input.prev_selected_options),
          removed: without(input.prev_selected_options, resulting),
          violations: [],
          resulting_selection: resulting,
          requested_selection: input.selected_options,
          suggested_selections: [],
          matching_vehicle: await configuratorVehicle(dealershipId, trim),
        };
      }
      const answer = applyChange(trim, previousSelection, { add: without(selection, previousSelection), remove: without(previousSelection, selection) });
      const suggestions = answer.conflict
        ? answer.conflict.alternatives
            .map((alternative) => applyAlternative(trim, previousSelection, answer.conflict!.requested, alternative))
            .filter((state) => !state.conflict)
        : [answer];
      return {
        is_valid: false,
        added: [],
        removed: [],
        violations: namedViolations(trim, model, selection),
        resulting_selection: input.prev_selected_options,
        requested_selection: input.selected_options,
        suggested_selections: suggestions.map((state) => [trimOptionId(trim), ...state.selected]),
        matching_vehicle: previousTrim ? await configuratorVehicle(dealershipId, previousTrim) : null,
      };
    },
  };
}
