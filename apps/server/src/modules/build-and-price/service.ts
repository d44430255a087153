import {
  applyChange,
  configurationState,
  ensureExteriorColour,
  OPTION_GROUP_IDS,
  withoutUnneededPremiumOptions,
  type Cents,
  type ChangeRequest,
  type ConfigQuery,
  type ConfigurationState,
  type Trim,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { buildStates } from "./build-states.ts";
import { buildCatalogue } from "./catalogue.ts";
import { buildAndPriceRepo } from "./repo.ts";
import { assertKnownCodes } from "./selection-checks.ts";
import { trimConfigurator } from "./trim-configuration.ts";
import type { VehicleLookup } from "./vehicles.ts";

/**
 * Build and price: the catalogue, the configurator on its rules engine, the shoppers' builds and the
 * alternative configurator. Failures are thrown as BuildFailed values (failures.ts); the routes word them.
 */
export function buildAndPriceService(deps: { db: Db } & VehicleLookup) {
  const repo = buildAndPriceRepo(deps.db);
  const catalogue = buildCatalogue(repo);
  const states = buildStates({ repo, catalogue, vehicles: deps });
  const configurator = trimConfigurator({ catalogue, vehicles: deps });

  return {
    trimById: catalogue.trimById,
    /** Premium-paint charge codes of a manufacturer (spec 4); none for one the catalogue does not know. */
    async premiumPaints(oem: string) {
      return { oem, codes: await catalogue.premiumCodesOf(oem) };
    },

    /**
     * GET trims/{id}/config/: the state of `selected`, or of a change to it. A change that breaks a rule answers
     * the engine's conflict (with alternatives) and changes nothing. Otherwise spec 4: a new colour drops the
     * premium-price options no colour needs any more; any other change keeps an exterior colour selected.
     */
    async config(trim: Trim, query: ConfigQuery): Promise<ConfigurationState> {
      const model = await catalogue.modelOf(trim);
      assertKnownCodes(model, { selected: query.selected, add: query.add, remove: query.remove, swap: query.swap });
      const selected = query.selected ?? [];
      const change: ChangeRequest = {
        ...(query.add?.length ? { add: query.add } : {}),
        ...(query.remove?.length ? { remove: query.remove } : {}),
        ...(query.swap ? { swap: { add: [query.swap[0]!], remove: [query.swap[1]!] } } : {}),
      };
      if (!change.add && !change.remove && !change.swap) return configurationState(trim, selected);
      const changed = applyChange(trim, selected, change);
      if (changed.conflict) return changed;
      const isColour = (code: string) => {
        const group = model.optionsByCode.get(code)?.group_id;
        return group === OPTION_GROUP_IDS.exterior || group === OPTION_GROUP_IDS.interior;
      };
      const addedColours = [...(change.add ?? []), ...(change.swap?.add ?? [])].filter(isColour);
      if (addedColours.length === 1) {
        return configurationState(trim, withoutUnneededPremiumOptions(trim, changed.selected, await catalogue.premiumCodesOf(trim.make)));
      }
      return ensureExteriorColour(trim, changed.selected);
    },

    buildPictures: states.pictures,
    createState: states.create,
    state: states.get,
    updateState: states.update,
    deleteState: states.remove,
    setFlags: states.setFlags,
    afterStaffEdit: states.afterStaffEdit,
    generate: states.generate,
    compare: states.compare,
    usableState: states.usableState,
    optionsMsrpFor: states.optionsMsrpFor,
    /**
     * The MSRP these option codes add to a vehicle of a catalogue trim (the pricing call's options_code_list),
     * or null when the vehicle has no trim or a code is not one of its options or is left out by its rules.
     */
    async optionsMsrpForCodes(vehicle: { jatoId: string | null }, codes: readonly string[]): Promise<Cents | null> {
      const trim = await catalogue.trimOfVehicle(vehicle);
      if (!trim) return null;
      const known = new Set(trim.options.map((o) => o.code));
      if (codes.some((code) => !known.has(code))) return null;
      const state = configurationState(trim, codes);
      const present = new Set([...state.selected, ...state.included]);
      return codes.every((code) => present.has(code)) ? state.prices.options_msrp : null;
    },
    usableFor: states.usableFor,
    transferOwner: states.transferOwner,
    trimConfiguration: configurator.configuration,
    checkTrimConfiguration: configurator.check,
  };
}
export type BuildAndPriceService = ReturnType<typeof buildAndPriceService>;
