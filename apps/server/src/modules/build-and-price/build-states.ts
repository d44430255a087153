import { randomBytes } from "node:crypto";
import { configurationState, ensureExteriorColour, type BuildStateSource, type BuildStateWire, type Cents, type ConfigurationState, type Trim } from "@showroom/domain";
import type { z } from "zod";
import type { buildDifferencesSchema } from "@showroom/domain";
import type { SessionOwner } from "../../platform/actor.ts";
import type { BuildCatalogue } from "./catalogue.ts";
import { fail } from "./failures.ts";
import { picturesOf } from "./pictures.ts";
import type { buildAndPriceRepo, BuildStateChanges, BuildStateRow } from "./repo.ts";
import { assertKnownCodes, stateOfValidSelection } from "./selection-checks.ts";
import type { ConfigurableVehicle, VehicleLookup } from "./vehicles.ts";

/**
 * Who asks for a build state: this session and its customer, fully signed-in staff of this dealership, or the holder
 * of a customer configuration's token (`tokenFor`: that build only, checked by the configurations module).
 */
export type BuildCaller = SessionOwner & { tokenFor?: string };

type Deps = { repo: ReturnType<typeof buildAndPriceRepo>; catalogue: BuildCatalogue; vehicles: VehicleLookup };

const TRIM_PREFIX = "trim:";
export const trimOptionId = (trim: Trim) => `${TRIM_PREFIX}${trim.unhaggle_trim_id}`;
export const isTrimOptionId = (code: string) => code.startsWith(TRIM_PREFIX);

function isUsable(row: BuildStateRow, caller: BuildCaller) {
  if (row.dealershipId !== caller.dealershipId) return false;
  if (caller.tokenFor !== undefined && caller.tokenFor === row.uid) return true;
  if (caller.staffOfDealership) return true;
  return (row.ownerSessionHash !== null && row.ownerSessionHash === caller.sessionHash) || (row.customerId !== null && row.customerId === caller.customerId);
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

export type BuildDifferences = z.infer<typeof buildDifferencesSchema>;

/** What changes from one selection to another: present options added and removed (an included one at no charge), and the MSRPs. */
export function differencesBetween(trim: Trim, beforeSelected: readonly string[], afterSelected: readonly string[]): BuildDifferences {
  const before = configurationState(trim, beforeSelected);
  const after = configurationState(trim, afterSelected);
  const presentBefore = new Set([...before.selected, ...before.included]);
  const presentAfter = new Set([...after.selected, ...after.included]);
  const differences: BuildDifferences["differences"] = [];
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
      change: added ? "added" : "removed",
      msrp: included ? 0 : option.prices.msrp,
    });
  }
  return { differences, prices: { before: before.prices.msrp, after: after.prices.msrp } };
}

/** Staff changing a build its deposit holds (spec 4): who they are, and whether they checked the order's Last Date of Change. */
export type PostDepositEditor = { staffUserId: number; staffName: string };

/** What a staff post-deposit edit changed, for whoever must hear of it (the buyer's email). */
export type StaffBuildEdit = {
  dealershipId: number;
  buildStateUid: string;
  vehicleId: number;
  editor: PostDepositEditor;
  changes: BuildDifferences;
};

/** The shoppers' builds: made for a vehicle of the dealership, owned by a session and its customer. */
export function buildStates({ repo, catalogue, vehicles }: Deps) {
  const staffEditListeners: ((edit: StaffBuildEdit) => Promise<void>)[] = [];
  /** This dealership's vehicle and its catalogue trim; a missing vehicle or one without a trim fails. */
  async function vehicleAndTrim(dealershipId: number, vehicleId: number) {
    const vehicle = (await vehicles.vehicleOf(dealershipId, vehicleId)) ?? fail({ kind: "vehicle_not_found" });
    const trim = (await catalogue.trimOfVehicle(vehicle)) ?? fail({ kind: "no_matching_trim" });
    return { vehicle, trim, model: await catalogue.modelOf(trim) };
  }

  /** A build state the caller may use, or null: anyone else's is answered as missing, never as forbidden. */
  async function usableState(uid: string, caller: BuildCaller): Promise<BuildStateRow | null> {
    const row = await repo.stateByUid(uid);
    return row && isUsable(row, caller) ? row : null;
  }

  async function ownedState(uid: string, caller: BuildCaller) {
    const row = await usableState(uid, caller);
    const trim = row ? await catalogue.trimById(row.trimId) : null;
    if (!row || !trim) return fail({ kind: "build_state_not_found" });
    return { row, trim, model: await catalogue.modelOf(trim) };
  }

  /** BP_EXTERNAL keeps the alternative configurator's selection: the vehicle's own trim id and codes of that trim. */
  async function assertTrimConfiguration(trim: Trim, codes: readonly string[] | undefined) {
    if (!codes) return;
    if (codes.some((code) => isTrimOptionId(code) && code !== trimOptionId(trim))) fail({ kind: "trim_configuration_of_other_trim" });
    assertKnownCodes(await catalogue.modelOf(trim), { trim_configuration: codes.filter((code) => !isTrimOptionId(code)) });
  }

  /** Spec 4, initial configuration: with no options, the trim's default exterior colour for this vehicle. */
  async function initialState(vehicle: ConfigurableVehicle, trim: Trim, options: readonly string[]): Promise<ConfigurationState> {
    if (options.length === 0) return ensureExteriorColour(trim, [], vehicle.exteriorColorNormalized);
    return stateOfValidSelection(trim, await catalogue.modelOf(trim), "options", options);
  }

  return {
    usableState,

    async pictures(caller: BuildCaller, vehicleId: number, buildStateUid: string | undefined) {
      const { vehicle, trim, model } = await vehicleAndTrim(caller.dealershipId, vehicleId);
      let state: ConfigurationState | null = null;
      if (buildStateUid !== undefined) {
        const row = await usableState(buildStateUid, caller);
        if (!row || row.vehicleId !== vehicle.id) return fail({ kind: "build_state_not_found" });
        state = configurationState(trim, row.selected);
      }
      return picturesOf(trim, model, vehicle, state);
    },

    async create(
      caller: BuildCaller,
      input: { source: BuildStateSource; vehicle: number; options: string[]; configuration?: string | undefined; trim_configuration?: string[] | undefined },
    ): Promise<BuildStateWire> {
      const { vehicle, trim, model } = await vehicleAndTrim(caller.dealershipId, input.vehicle);
      assertKnownCodes(model, { options: input.options });
      await assertTrimConfiguration(trim, input.trim_configuration);
      const state = await initialState(vehicle, trim, input.options);
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

    async get(uid: string, caller: BuildCaller): Promise<BuildStateWire> {
      const { row, trim } = await ownedState(uid, caller);
      return toWire(row, trim);
    },

    async update(
      uid: string,
      caller: BuildCaller,
      patch: {
        source?: BuildStateSource | undefined;
        options?: string[] | undefined;
        configuration?: string | undefined;
        trim_configuration?: string[] | undefined;
        last_date_of_change_checked?: boolean | undefined;
      },
      editor: PostDepositEditor | null,
    ): Promise<BuildStateWire> {
      const { row, trim, model } = await ownedState(uid, caller);
      if (row.isLocked) {
        // Spec 4 and 6: a deposit locks the build to its customer; only staff change it, where the dealership
        // allows post-deposit editing, after checking the order's Last Date of Change when it asks for that.
        if (!row.postDepositEditEnabled) fail({ kind: "build_locked" });
        if (!editor) fail({ kind: "build_locked_to_customer" });
        if (row.postDepositEditConfirmRequired && patch.last_date_of_change_checked !== true) fail({ kind: "last_date_of_change_unchecked" });
      }
      await assertTrimConfiguration(trim, patch.trim_configuration);
      const changes: BuildStateChanges = {
        ...(patch.source !== undefined && { source: patch.source }),
        ...(patch.configuration !== undefined && { configuration: patch.configuration }),
        ...(patch.trim_configuration !== undefined && { trimConfiguration: patch.trim_configuration }),
      };
      if (patch.options !== undefined) changes.selected = stateOfValidSelection(trim, model, "options", patch.options).selected;
      const updated = await repo.updateState(row.id, changes);
      if (row.isLocked && editor) {
        await repo.insertEdit({
          buildStateId: row.id,
          staffUserId: editor.staffUserId,
          before: row.selected,
          after: updated.selected,
          lastDateOfChangeCheckedAt: patch.last_date_of_change_checked ? updated.updatedAt : null,
        });
        const edit = { dealershipId: row.dealershipId, buildStateUid: row.uid, vehicleId: row.vehicleId, editor, changes: differencesBetween(trim, row.selected, updated.selected) };
        for (const listener of staffEditListeners) await listener(edit);
      }
      return toWire(updated, trim);
    },

    /** Work to do once staff changed a build its deposit holds (the buyer is told). */
    afterStaffEdit(listener: (edit: StaffBuildEdit) => Promise<void>) {
      staffEditListeners.push(listener);
    },

    async remove(uid: string, caller: BuildCaller) {
      const { row } = await ownedState(uid, caller);
      await repo.deleteState(row.id);
    },

    /** The deposit workflow's switches (locking the build, post-deposit editing); not a shopper's call. */
    async setFlags(uid: string, flags: Pick<BuildStateChanges, "isLocked" | "postDepositEditEnabled" | "postDepositEditConfirmRequired">) {
      const row = await repo.stateByUid(uid);
      if (row) await repo.updateState(row.id, flags);
    },

    /** Stateless: the state of this vehicle with these options, and its pictures (post-deposit editing regenerates it). */
    async generate(dealershipId: number, input: { vehicle: number; options: string[] }) {
      const { vehicle, trim, model } = await vehicleAndTrim(dealershipId, input.vehicle);
      const state = await initialState(vehicle, trim, input.options);
      return { state, pictures: picturesOf(trim, model, vehicle, state) };
    },

    /** What changes from the stored build to the state these options give: present options added and removed, and the MSRPs. */
    async compare(uid: string, caller: BuildCaller, input: { uid?: string | undefined; vehicle: number; options: string[] }): Promise<z.infer<typeof buildDifferencesSchema>> {
      const { row, trim, model } = await ownedState(uid, caller);
      if (input.uid !== undefined && input.uid !== uid) fail({ kind: "compare_uid_mismatch" });
      if (input.vehicle !== row.vehicleId) fail({ kind: "compare_vehicle_mismatch" });
      assertKnownCodes(model, { options: input.options });
      return differencesBetween(trim, row.selected, input.options);
    },

    /** The MSRP the build adds to its vehicle (cents), when the caller may use it and it is for that vehicle; else null. */
    async optionsMsrpFor(uid: string, caller: BuildCaller, vehicleId: number): Promise<Cents | null> {
      const row = await usableState(uid, caller);
      const trim = row && row.vehicleId === vehicleId ? await catalogue.trimById(row.trimId) : null;
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
