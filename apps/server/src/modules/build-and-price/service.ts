import { randomBytes } from "node:crypto";
import {
  apiMessage,
  applyAlternative,
  applyChange,
  colourHexFor,
  configurationState,
  defaultExteriorColour,
  ensureExteriorColour,
  isValidSelection,
  NORMALIZED_COLOURS,
  OPTION_GROUP_IDS,
  parseHexColor,
  pictureSlug,
  ruleViolations,
  toHexColor,
  trimModel,
  withoutUnneededPremiumOptions,
  type BuildOption,
  type BuildStateSource,
  type BuildStateWire,
  type Cents,
  type ChangeRequest,
  type ConfigQuery,
  type ConfigurationState,
  type RuleViolation,
  type Trim,
  type TrimModel,
} from "@showroom/domain";
import type { z } from "zod";
import type {
  buildDifferencesSchema,
  buildImageSchema,
  configuratorVehicleSchema,
  trimConfigurationCheckSchema,
  trimConfigurationGroupSchema,
  trimConfigurationOptionSchema,
  trimConfigurationQuerySchema,
  trimConfigurationResultSchema,
  trimConfigurationSchema,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { SessionOwner } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound, type FieldMessage } from "../../platform/http-errors.ts";
import { buildAndPriceRepo, type BuildStateChanges, type BuildStateRow } from "./repo.ts";

type Language = "en" | "fr";
type BuildImage = z.infer<typeof buildImageSchema>;
type ConfiguratorVehicle = z.infer<typeof configuratorVehicleSchema>;
type TrimConfigurationOption = z.infer<typeof trimConfigurationOptionSchema>;
type TrimConfigurationGroup = z.infer<typeof trimConfigurationGroupSchema>;

/** What build and price needs of a vehicle (a row of the inventory). */
export type ConfigurableVehicle = {
  id: number;
  jatoId: string | null;
  year: number;
  make: string;
  model: string;
  trim: string;
  marketingTrim: string;
  bodyType: string;
  exteriorColorNormalized: string;
  msrpCents: number | null;
};

/** Who asks for a build state: this session and its customer, or fully signed-in staff of this dealership. */
export type BuildCaller = SessionOwner;

type Deps = {
  db: Db;
  /** A vehicle of this dealership (not of its group: a build is made at the vehicle's own store), or null. */
  vehicleOf(dealershipId: number, vehicleId: number): Promise<ConfigurableVehicle | null>;
  /** The dealership's listed vehicle of a catalogue trim, or null. */
  vehicleOfTrim(dealershipId: number, trimId: number): Promise<ConfigurableVehicle | null>;
};

type Catalogue = { trims: Map<number, Trim>; premiumPaints: Map<string, string[]> };

const TRIM_PREFIX = "trim:";
const trimOptionId = (trim: Trim) => `${TRIM_PREFIX}${trim.unhaggle_trim_id}`;
const isColour = (option: BuildOption | undefined) =>
  option?.group_id === OPTION_GROUP_IDS.exterior || option?.group_id === OPTION_GROUP_IDS.interior;
const unique = <T>(values: readonly T[]) => [...new Set(values)];
const without = (values: readonly string[], removed: readonly string[]) => values.filter((value) => !removed.includes(value));

/** The drawn pictures have no true front view: the closer, mirrored framing (angle 1) stands in for it. */
const IMAGE_VIEWS = [
  { view: "side", angle: 0 },
  { view: "front", angle: 1 },
] as const;
export const BUILD_IMAGE_ANGLES = ["0", "1"] as const;

/** "#RGB" or "#RRGGBB" as six lower-case hex digits, or null for anything else. */
function hexDigits(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return toHexColor(parseHexColor(value)).slice(1).toLowerCase();
  } catch {
    return null;
  }
}

export function buildAndPriceService(deps: Deps) {
  const repo = buildAndPriceRepo(deps.db);
  // The catalogue is immutable manufacturer data: read once per process, one Trim object per trim, so the
  // engine's compiled rules (cached per Trim object) are built once.
  let catalogueLoad: Promise<Catalogue> | null = null;
  const models = new WeakMap<Trim, TrimModel>();

  function catalogue(): Promise<Catalogue> {
    catalogueLoad ??= (async () => {
      const [trimRows, paintRows] = await Promise.all([repo.allTrims(), repo.allPremiumPaints()]);
      const trims = new Map<number, Trim>();
      for (const row of trimRows) {
        trims.set(row.unhaggleTrimId, {
          unhaggle_trim_id: row.unhaggleTrimId,
          year: row.year,
          make: row.make,
          model: row.model,
          trim: row.trim,
          prices: { msrp: row.msrpCents as Cents },
          options: row.options,
          trim_colors: row.trimColors,
        });
      }
      const premiumPaints = new Map<string, string[]>();
      for (const row of paintRows) premiumPaints.set(row.oem.toLowerCase(), [...(premiumPaints.get(row.oem.toLowerCase()) ?? []), row.code]);
      return { trims, premiumPaints };
    })().catch((error: unknown) => {
      catalogueLoad = null;
      throw error;
    });
    return catalogueLoad;
  }

  async function premiumCodesOf(make: string): Promise<string[]> {
    return (await catalogue()).premiumPaints.get(make.toLowerCase()) ?? [];
  }

  async function modelOf(trim: Trim): Promise<TrimModel> {
    let model = models.get(trim);
    if (!model) {
      model = trimModel(trim, await premiumCodesOf(trim.make));
      models.set(trim, model);
    }
    return model;
  }

  async function trimById(id: number): Promise<Trim | null> {
    return (await catalogue()).trims.get(id) ?? null;
  }

  async function trimOfVehicle(vehicle: ConfigurableVehicle): Promise<Trim | null> {
    if (!vehicle.jatoId || !/^\d{1,9}$/.test(vehicle.jatoId)) return null;
    return trimById(Number(vehicle.jatoId));
  }

  /** This dealership's vehicle and its catalogue trim; a missing vehicle or one without a trim is not found. */
  async function vehicleAndTrim(dealershipId: number, vehicleId: number) {
    const vehicle = await deps.vehicleOf(dealershipId, vehicleId);
    if (!vehicle) throw notFound("resource_not_found");
    const trim = await trimOfVehicle(vehicle);
    if (!trim) throw notFound("no_matching_trim");
    return { vehicle, trim };
  }

  /** 400 naming each field that holds codes the trim does not have. */
  async function assertKnownCodes(trim: Trim, fields: Record<string, readonly string[] | undefined>) {
    const { optionsByCode } = await modelOf(trim);
    const errors: Record<string, FieldMessage[]> = {};
    for (const [field, codes] of Object.entries(fields)) {
      const unknown = unique((codes ?? []).filter((code) => !optionsByCode.has(code)));
      if (unknown.length) errors[field] = unknown.map((code) => ({ key: "unknown_option_code", values: { code } }));
    }
    if (Object.keys(errors).length) throw new FieldErrors(errors);
  }

  /** Each rule a selection breaks, as a message with the options' names in the shopper's language. */
  async function violationMessages(trim: Trim, selection: readonly string[], language: Language): Promise<FieldMessage[]> {
    const { optionsByCode } = await modelOf(trim);
    const name = (code: string) => {
      const option = optionsByCode.get(code);
      return option ? (language === "fr" ? option.name_fr : option.name) : code;
    };
    const message = (violation: RuleViolation): FieldMessage => {
      switch (violation.rule) {
        case "unknown":
          return { key: "unknown_option_code", values: { code: violation.code } };
        case "not_valid":
          return { key: "build_option_unavailable", values: { option: name(violation.code) } };
        case "requires": {
          const requirement = violation.requirement.split("|").map((code) => name(code.trim())).join(" / ");
          return { key: "build_option_requires", values: { option: name(violation.code), requirement } };
        }
        case "conflicts":
          return { key: "build_option_conflicts", values: { option: name(violation.code), other: name(violation.other) } };
        case "single_colour":
          return {
            key: violation.group === "exterior" ? "build_single_exterior_colour" : "build_single_interior_colour",
            values: { options: violation.codes.map(name).join(", ") },
          };
      }
    };
    const seen = new Set<string>();
    return ruleViolations(trim, selection)
      .map(message)
      .filter((m) => {
        const key = JSON.stringify(m);
        return seen.has(key) ? false : (seen.add(key), true);
      });
  }

  const resolve = (messages: FieldMessage[], language: Language) =>
    messages.map((m) => (typeof m === "string" ? apiMessage(m, language) : apiMessage(m.key, language, m.values)));

  /** The state of a selection the shopper sent as a whole: it must keep every rule (400 naming them otherwise). */
  async function stateOfValidSelection(trim: Trim, field: string, selection: readonly string[], language: Language) {
    await assertKnownCodes(trim, { [field]: selection });
    if (!isValidSelection(trim, selection)) throw new FieldErrors({ [field]: await violationMessages(trim, selection, language) });
    return configurationState(trim, selection);
  }

  /** BP_EXTERNAL keeps the alternative configurator's selection: the vehicle's own trim id and codes of that trim. */
  async function assertTrimConfiguration(trim: Trim, codes: readonly string[] | undefined) {
    if (!codes) return;
    const trimIds = codes.filter((code) => code.startsWith(TRIM_PREFIX));
    if (trimIds.some((id) => id !== trimOptionId(trim))) throw new FieldErrors({ trim_configuration: ["no_matching_trim"] });
    await assertKnownCodes(trim, { trim_configuration: codes.filter((code) => !code.startsWith(TRIM_PREFIX)) });
  }

  function isUsable(row: BuildStateRow, caller: BuildCaller) {
    if (row.dealershipId !== caller.dealershipId) return false;
    if (caller.staffOfDealership) return true;
    return (row.ownerSessionHash !== null && row.ownerSessionHash === caller.sessionHash) || (row.customerId !== null && row.customerId === caller.customerId);
  }

  /** A build state the caller may use, or null: anyone else's is answered as missing, never as forbidden. */
  async function usableState(uid: string, caller: BuildCaller): Promise<BuildStateRow | null> {
    const row = await repo.stateByUid(uid);
    return row && isUsable(row, caller) ? row : null;
  }

  async function ownedState(uid: string, caller: BuildCaller) {
    const row = await usableState(uid, caller);
    const trim = row ? await trimById(row.trimId) : null;
    if (!row || !trim) throw notFound("resource_not_found");
    return { row, trim };
  }

  function toWire(row: BuildStateRow, trim: Trim): BuildStateWire {
    return {
      uid: row.uid,
      vehicle: row.vehicleId,
      trim: row.trimId,
      source: row.source,
      state: configurationState(trim, row.selected),
      is_locked: row.isLocked,
      post_deposit_edit_enabled: row.postDepositEditEnabled,
      post_deposit_edit_confirm_required: row.postDepositEditConfirmRequired,
      configuration: row.configuration,
      trim_configuration: row.trimConfiguration,
      created: row.createdAt.toISOString(),
      last_updated: row.updatedAt.toISOString(),
    };
  }

  /** Pictures of the vehicle's body in the build's exterior colour (the trim's default colour when it has none). */
  async function imagesOf(trim: Trim, vehicle: ConfigurableVehicle, state: Pick<ConfigurationState, "selected" | "included"> | null): Promise<BuildImage[]> {
    const model = await modelOf(trim);
    const present = state ? [...state.selected, ...state.included] : [];
    const colourCode =
      present.find((code) => model.optionsByCode.get(code)?.group_id === OPTION_GROUP_IDS.exterior) ??
      defaultExteriorColour(trim, { normalizedColour: vehicle.exteriorColorNormalized });
    const colour = colourCode ? model.optionsByCode.get(colourCode) : undefined;
    const normalized = NORMALIZED_COLOURS.find((c) => c.toLowerCase() === vehicle.exteriorColorNormalized.toLowerCase()) ?? "Other";
    const hex = hexDigits(colourCode ? model.coloursByCode.get(colourCode)?.value : null) ?? hexDigits(colourHexFor(normalized))!;
    const title = `${trim.year} ${trim.make} ${trim.model} ${trim.trim}`;
    return IMAGE_VIEWS.map(({ view, angle }) => ({
      src: `/api/build-and-price/build-images/render/${pictureSlug(vehicle.bodyType)}/${hex}/${angle}.svg`,
      alt_en: colour ? `${title}, ${colour.name}` : title,
      alt_fr: colour ? `${title}, ${colour.name_fr}` : title,
      view,
    }));
  }

  /** The catalogue trims of one model year, make and model (names compared without case). */
  async function trimsOfModel(year: number, make: string, model: string): Promise<Trim[]> {
    const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
    return [...(await catalogue()).trims.values()].filter((t) => t.year === year && same(t.make, make) && same(t.model, model));
  }

  async function configuratorVehicle(dealershipId: number, trim: Trim): Promise<ConfiguratorVehicle | null> {
    const vehicle = await deps.vehicleOfTrim(dealershipId, trim.unhaggle_trim_id);
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

  return {
    trimById,
    /** Premium-paint charge codes of a manufacturer (spec 4); none for one the catalogue does not know. */
    async premiumPaints(oem: string) {
      return { oem, codes: await premiumCodesOf(oem) };
    },

    /**
     * GET trims/{id}/config/: the state of `selected`, or of a change to it. A change that breaks a rule answers
     * the engine's conflict (with alternatives) and changes nothing. Otherwise spec 4: a new colour drops the
     * premium-price options no colour needs any more; any other change keeps an exterior colour selected.
     */
    async config(trim: Trim, query: ConfigQuery): Promise<ConfigurationState> {
      await assertKnownCodes(trim, { selected: query.selected, add: query.add, remove: query.remove, swap: query.swap });
      const selected = query.selected ?? [];
      const change: ChangeRequest = {
        ...(query.add?.length ? { add: query.add } : {}),
        ...(query.remove?.length ? { remove: query.remove } : {}),
        ...(query.swap ? { swap: { add: [query.swap[0]!], remove: [query.swap[1]!] } } : {}),
      };
      if (!change.add && !change.remove && !change.swap) return configurationState(trim, selected);
      const changed = applyChange(trim, selected, change);
      if (changed.conflict) return changed;
      const { optionsByCode } = await modelOf(trim);
      const addedColours = [...(change.add ?? []), ...(change.swap?.add ?? [])].filter((code) => isColour(optionsByCode.get(code)));
      if (addedColours.length === 1) {
        return configurationState(trim, withoutUnneededPremiumOptions(trim, changed.selected, await premiumCodesOf(trim.make)));
      }
      return ensureExteriorColour(trim, changed.selected);
    },

    async buildImages(caller: BuildCaller, vehicleId: number, buildStateUid: string | undefined) {
      const { vehicle, trim } = await vehicleAndTrim(caller.dealershipId, vehicleId);
      let state: ConfigurationState | null = null;
      if (buildStateUid !== undefined) {
        const row = await usableState(buildStateUid, caller);
        if (!row || row.vehicleId !== vehicle.id) throw notFound("resource_not_found");
        state = configurationState(trim, row.selected);
      }
      return { results: await imagesOf(trim, vehicle, state) };
    },

    async createState(
      caller: BuildCaller,
      input: { source: BuildStateSource; vehicle: number; options: string[]; configuration?: string | undefined; trim_configuration?: string[] | undefined },
      language: Language,
    ): Promise<BuildStateWire> {
      const { vehicle, trim } = await vehicleAndTrim(caller.dealershipId, input.vehicle);
      await assertKnownCodes(trim, { options: input.options });
      await assertTrimConfiguration(trim, input.trim_configuration);
      // Spec 4, initial configuration: with no options, the trim's default exterior colour for this vehicle.
      const state =
        input.options.length === 0
          ? ensureExteriorColour(trim, [], vehicle.exteriorColorNormalized)
          : await stateOfValidSelection(trim, "options", input.options, language);
      const row = await repo.insertState({
        uid: randomBytes(32).toString("base64url"),
        dealershipId: caller.dealershipId,
        vehicleId: vehicle.id,
        trimId: trim.unhaggle_trim_id,
        source: input.source,
        selected: state.selected,
        configuration: input.configuration ?? null,
        trimConfiguration: input.trim_configuration ?? null,
        ownerSessionHash: caller.sessionHash,
        customerId: caller.customerId,
      });
      return toWire(row, trim);
    },

    async state(uid: string, caller: BuildCaller): Promise<BuildStateWire> {
      const { row, trim } = await ownedState(uid, caller);
      return toWire(row, trim);
    },

    async updateState(
      uid: string,
      caller: BuildCaller,
      patch: { source?: BuildStateSource | undefined; options?: string[] | undefined; configuration?: string | undefined; trim_configuration?: string[] | undefined },
      language: Language,
    ): Promise<BuildStateWire> {
      const { row, trim } = await ownedState(uid, caller);
      // Spec 4: after a deposit the build is locked; where the dealership allows post-deposit editing, saving the edit updates it.
      if (row.isLocked && !row.postDepositEditEnabled) throw new HttpError(403, "build_locked");
      await assertTrimConfiguration(trim, patch.trim_configuration);
      const changes: BuildStateChanges = {
        ...(patch.source !== undefined && { source: patch.source }),
        ...(patch.configuration !== undefined && { configuration: patch.configuration }),
        ...(patch.trim_configuration !== undefined && { trimConfiguration: patch.trim_configuration }),
      };
      if (patch.options !== undefined) changes.selected = (await stateOfValidSelection(trim, "options", patch.options, language)).selected;
      return toWire(await repo.updateState(row.id, changes), trim);
    },

    async deleteState(uid: string, caller: BuildCaller) {
      const { row } = await ownedState(uid, caller);
      await repo.deleteState(row.id);
    },

    /** The deposit workflow's switches (locking the build, post-deposit editing); not a shopper's call. */
    async setFlags(uid: string, flags: Pick<BuildStateChanges, "isLocked" | "postDepositEditEnabled" | "postDepositEditConfirmRequired">) {
      const row = await repo.stateByUid(uid);
      if (row) await repo.updateState(row.id, flags);
    },

    /** Stateless: the state of this vehicle with these options, and its pictures (post-deposit editing regenerates it). */
    async generate(dealershipId: number, input: { vehicle: number; options: string[] }, language: Language) {
      const { vehicle, trim } = await vehicleAndTrim(dealershipId, input.vehicle);
      const state =
        input.options.length === 0
          ? ensureExteriorColour(trim, [], vehicle.exteriorColorNormalized)
          : await stateOfValidSelection(trim, "options", input.options, language);
      return { state, images: await imagesOf(trim, vehicle, state) };
    },

    /** What changes from the stored build to the state these options give: present options added and removed, and the MSRPs. */
    async compare(uid: string, caller: BuildCaller, input: { uid?: string | undefined; vehicle: number; options: string[] }): Promise<z.infer<typeof buildDifferencesSchema>> {
      const { row, trim } = await ownedState(uid, caller);
      if (input.uid !== undefined && input.uid !== uid) throw new FieldErrors({ uid: ["invalid_value"] });
      if (input.vehicle !== row.vehicleId) throw new FieldErrors({ vehicle: ["build_state_unknown"] });
      await assertKnownCodes(trim, { options: input.options });
      const before = configurationState(trim, row.selected);
      const after = configurationState(trim, input.options);
      const presentBefore = new Set([...before.selected, ...before.included]);
      const presentAfter = new Set([...after.selected, ...after.included]);
      const differences = [];
      for (const option of trim.options) {
        const added = presentAfter.has(option.code) && !presentBefore.has(option.code);
        const removed = presentBefore.has(option.code) && !presentAfter.has(option.code);
        if (!added && !removed) continue;
        const included = added ? after.included.includes(option.code) : before.included.includes(option.code);
        differences.push({
          code: option.code,
          name: option.name,
          name_fr: option.name_fr,
          group_id: option.group_id,
          change: added ? ("added" as const) : ("removed" as const),
          msrp: included ? 0 : option.prices.msrp,
        });
      }
      return { differences, prices: { before: before.prices.msrp, after: after.prices.msrp } };
    },

    /** Alternative configurator: the trims of a model as the first group, then the chosen trim's colours, packages and options. */
    async trimConfiguration(dealershipId: number, query: z.output<typeof trimConfigurationQuerySchema>): Promise<z.infer<typeof trimConfigurationSchema>> {
      const trims = await trimsOfModel(query.year, query.make, query.model);
      const wanted = query.trim?.trim().toLowerCase();
      const trim = wanted ? trims.find((t) => t.trim.toLowerCase() === wanted) : trims[0];
      if (!trim) throw notFound("no_matching_trim");
      const model = await modelOf(trim);
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
      const group = (id: string, selectType: TrimConfigurationGroup["select_type"], names: [string, string], options: BuildOption[]): TrimConfigurationGroup => {
        const entries = options.map((option) => optionOf(id, option));
        return { id, select_type: selectType, name_en: names[0], name_fr: names[1], options: entries, disabled: entries.every((o) => o.disabled) };
      };
      const trimGroup: TrimConfigurationGroup = {
        id: "trim",
        select_type: "single",
        name_en: "Trim",
        name_fr: "Version",
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
      const groups = [
        trimGroup,
        group("exterior", "color", ["Exterior colour", "Couleur extérieure"], model.exteriorColours),
        group("interior", "color", ["Interior colour", "Couleur intérieure"], model.interiorColours),
        group("packages", "multi", ["Packages", "Groupes d’options"], model.packages),
        group("options", "multi", ["Options", "Options"], model.freeStandingOptions),
      ].filter((g) => g.options.length > 0);
      const codes = (options: BuildOption[]) => options.map((option) => option.code);
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
     * Alternative configurator, an option change: the new selection (one trim id plus codes of that trim) is
     * checked; valid, it replaces the previous one; invalid, nothing changes and the rules it breaks are named
     * with full selections that would resolve them.
     */
    async checkTrimConfiguration(
      dealershipId: number,
      input: z.output<typeof trimConfigurationCheckSchema>,
      language: Language,
    ): Promise<z.infer<typeof trimConfigurationResultSchema>> {
      const trims = await trimsOfModel(input.year, input.make, input.model);
      if (trims.length === 0) throw notFound("no_matching_trim");
      const trimOf = (selection: string[]) => {
        const ids = selection.filter((code) => code.startsWith(TRIM_PREFIX));
        const chosen = trims.filter((t) => ids.includes(trimOptionId(t)));
        return ids.length === 1 && chosen.length === 1 ? chosen[0]! : null;
      };
      const trim = trimOf(input.selected_options);
      if (!trim) throw new FieldErrors({ selected_options: ["trim_choice_required"] });
      const previousTrim = trimOf(input.prev_selected_options);
      const { optionsByCode } = await modelOf(trim);
      const previousCodes = previousTrim ? input.prev_selected_options.filter((code) => !code.startsWith(TRIM_PREFIX)) : [];
      // Codes of the previous trim that this trim lacks are dropped with the trim change; any other code must be this trim's.
      const requested = input.selected_options.filter((code) => !code.startsWith(TRIM_PREFIX));
      const carriedOver = (code: string) => previousTrim !== null && previousTrim !== trim && previousCodes.includes(code);
      await assertKnownCodes(trim, { selected_options: requested.filter((code) => !carriedOver(code)) });
      const codes = unique(requested.filter((code) => optionsByCode.has(code)));
      const prevCodes = unique(previousCodes.filter((code) => optionsByCode.has(code)));

      if (isValidSelection(trim, codes)) {
        const resulting = [trimOptionId(trim), ...configurationState(trim, codes).selected];
        return {
          is_valid: true,
          added: without(resulting, input.prev_selected_options),
          removed: without(input.prev_selected_options, resulting),
          problems: [],
          problem_reason: null,
          resulting_selection: resulting,
          requested_selection: input.selected_options,
          suggested_selections: [],
          matching_vehicle: await configuratorVehicle(dealershipId, trim),
        };
      }
      const change = { add: without(codes, prevCodes), remove: without(prevCodes, codes) };
      const answer = applyChange(trim, prevCodes, change);
      const suggestions = answer.conflict
        ? answer.conflict.alternatives
            .map((alternative) => applyAlternative(trim, prevCodes, answer.conflict!.requested, alternative))
            .filter((state) => !state.conflict)
        : [answer];
      return {
        is_valid: false,
        added: [],
        removed: [],
        problems: resolve(await violationMessages(trim, codes, language), language),
        problem_reason: apiMessage("build_selection_invalid", language),
        resulting_selection: input.prev_selected_options,
        requested_selection: input.selected_options,
        suggested_selections: suggestions.map((state) => [trimOptionId(trim), ...state.selected]),
        matching_vehicle: previousTrim ? await configuratorVehicle(dealershipId, previousTrim) : null,
      };
    },

    usableState,
    /** The MSRP the build adds to its vehicle (cents), when the caller may use it and it is for that vehicle; else null. */
    async optionsMsrpFor(uid: string, caller: BuildCaller, vehicleId: number): Promise<Cents | null> {
      const row = await usableState(uid, caller);
      const trim = row && row.vehicleId === vehicleId ? await trimById(row.trimId) : null;
      return row && trim ? configurationState(trim, row.selected).prices.options_msrp : null;
    },
    /** Whether the caller may use this build state for this vehicle (a deal may name it then). */
    async usableFor(uid: string, caller: BuildCaller, vehicleId: number): Promise<boolean> {
      const row = await usableState(uid, caller);
      return row !== null && row.vehicleId === vehicleId;
    },
    transferOwner: (fromHash: string, toHash: string, customerId: number) => repo.transferOwner(fromHash, toHash, customerId),
  };
}
export type BuildAndPriceService = ReturnType<typeof buildAndPriceService>;

