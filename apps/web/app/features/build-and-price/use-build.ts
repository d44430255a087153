import { OPTION_GROUP_IDS, type Alternative, type BuildStateWire, type ChangeRequest, type ConfigurationStateWire, type Conflict, type Trim } from "@showroom/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { httpFailure } from "../../lib/api-errors.ts";
import type { BuildApi, BuildDifferences, BuildImage } from "./build-api.ts";
import { forgetBuildState, storeBuildState, storedBuildState } from "./build-storage.ts";

/** The section-8 keys of build and price, each with a message in both catalogues. */
export type BuildErrorKey =
  | "build.error.no_matching_trim"
  | "build.error.cannot_fetch_steps"
  | "build.error.cannot_fetch_trim_options"
  | "build.error.cannot_fetch_build_state"
  | "build.error.cannot_create_build_state"
  | "build.error.cannot_update_build_state";

export type BuildModel = {
  /** starting: the build is being loaded; locked: the start failed and nothing can be changed (spec 4). */
  status: "starting" | "ready" | "locked";
  error: BuildErrorKey | null;
  buildState: BuildStateWire | null;
  premiumCodes: string[];
  images: BuildImage[];
  /** A change that breaks a rule, waiting for the shopper's choice in the conflict dialog. */
  conflict: Conflict | null;
  busy: boolean;
  /** Post-deposit edit mode (spec 4): changes are held in `draft` until saved or discarded. */
  editing: boolean;
  draft: ConfigurationStateWire | null;
  /** The comparison shown before the edited build is saved. */
  review: BuildDifferences | null;
  /** The post-deposit edit was just saved (its confirmation is shown). */
  savedEdit: boolean;
};

/** The configuration on screen: the edit in progress, else the saved build. */
export const shownConfiguration = (model: BuildModel) => model.draft ?? model.buildState?.state ?? null;

class BuildStepError extends Error {
  constructor(readonly key: BuildErrorKey) {
    super(key);
  }
}

const tolerated = (error: unknown) => [403, 404].includes(httpFailure(error)?.status ?? 0);

/**
 * One vehicle's build (spec 4): the start (premium paints first, then the saved or a new build state),
 * changes through the server's config answer, the conflict waiting for a choice, and commits that update
 * the build state. Rules are never decided here: the server answers with the engine's state.
 */
export function useBuild(input: {
  api: BuildApi;
  vehicleId: number;
  trim: Trim | null;
  initialImages?: BuildImage[];
  /** The build of the deal a deposit holds (spec 4: it is loaded, not the one this browser last kept). */
  heldBuildUid?: string | null;
}) {
  const { heldBuildUid = null } = input;
  const { api, vehicleId, trim } = input;
  const [model, setModel] = useState<BuildModel>({
    status: "starting",
    error: null,
    buildState: null,
    premiumCodes: [],
    images: input.initialImages ?? [],
    conflict: null,
    busy: false,
    editing: false,
    draft: null,
    review: null,
    savedEdit: false,
  });
  const inProgress = useRef(false);
  const current = useRef(model);
  current.current = model;
  const patch = (changes: Partial<BuildModel>) => setModel((m) => ({ ...m, ...changes }));

  const remember = useCallback(
    (state: BuildStateWire) => storeBuildState(vehicleId, { id: state.uid, codes: state.state.selected, options_price: state.state.prices.options_msrp }),
    [vehicleId],
  );

  const start = useCallback(async () => {
    if (!trim || inProgress.current) return;
    inProgress.current = true;
    patch({ status: "starting", error: null });
    try {
      // Spec 8: a premium-paint failure is only logged; the build goes on without the list.
      const premium = await api.premiumPaints(trim.make).catch((error: unknown) => {
        console.warn("premium paints", error);
        return { codes: [] as string[] };
      });
      const kept = heldBuildUid ? { id: heldBuildUid } : storedBuildState(vehicleId);
      let state: BuildStateWire | null = null;
      if (kept) {
        state = await api.fetchState(kept.id).catch((error: unknown) => {
          if (tolerated(error)) return null;
          throw new BuildStepError("build.error.cannot_fetch_build_state");
        });
        if (state && state.vehicle !== vehicleId) state = null;
      }
      if (!state) {
        state = await api.createState(vehicleId).catch(() => {
          throw new BuildStepError("build.error.cannot_create_build_state");
        });
      }
      remember(state);
      const images = await api.images(vehicleId, state.uid).then((r) => r.results, () => []);
      patch({ status: "ready", buildState: state, premiumCodes: premium.codes, images });
    } catch (error) {
      console.error("build-and-price start", error);
      patch({ status: "locked", error: error instanceof BuildStepError ? error.key : "build.error.cannot_fetch_build_state" });
    } finally {
      inProgress.current = false;
    }
  }, [api, heldBuildUid, remember, trim, vehicleId]);

  useEffect(() => {
    void start();
  }, [start]);

  const commit = useCallback(
    async (selected: readonly string[]) => {
      const before = current.current.buildState;
      if (!before) return;
      if (current.current.editing) {
        // After a deposit the saved build stays as it is until the shopper saves the edit.
        const generated = await api.generate(vehicleId, selected);
        patch({ draft: generated.state, images: generated.images.length ? generated.images : current.current.images, conflict: null });
        return;
      }
      const updated = await api.updateState(before.uid, selected);
      remember(updated);
      const exterior = (s: BuildStateWire) =>
        [...s.state.selected, ...s.state.included].find((code) => trim?.options.find((o) => o.code === code)?.group_id === OPTION_GROUP_IDS.exterior);
      patch({ buildState: updated, conflict: null });
      if (exterior(updated) !== exterior(before)) {
        const images = await api.images(vehicleId, updated.uid).then((r) => r.results, () => current.current.images);
        patch({ images });
      }
    },
    [api, remember, trim, vehicleId],
  );

  /** Spec 4: the server answers a change; a conflict waits for the dialog, anything else is committed. */
  const change = useCallback(
    async (request: ChangeRequest) => {
      const { buildState, busy, status } = current.current;
      const shown = shownConfiguration(current.current);
      if (!trim || !buildState || !shown || busy || status !== "ready") return;
      patch({ busy: true, error: null });
      try {
        const next = await api.config(trim.unhaggle_trim_id, shown.selected, request);
        if (next.conflict) patch({ conflict: next.conflict });
        else await commit(next.selected);
      } catch (error) {
        console.error("build-and-price change", error);
        patch({ error: "build.error.cannot_update_build_state" });
      } finally {
        patch({ busy: false });
      }
    },
    [api, commit, trim],
  );

  const toggle = useCallback(
    (code: string) => {
      const option = trim?.options.find((o) => o.code === code);
      const selected = shownConfiguration(current.current)?.selected ?? [];
      if (!option) return;
      const colour = option.group_id === OPTION_GROUP_IDS.exterior || option.group_id === OPTION_GROUP_IDS.interior;
      // A colour is chosen, never unticked: choosing another swaps it (the server drops a premium charge no longer needed).
      if (colour) return selected.includes(code) ? undefined : change({ add: [code] });
      return change(selected.includes(code) ? { remove: [code] } : { add: [code] });
    },
    [change, trim],
  );

  /** The shopper's way out of the conflict: the request plus the chosen alternative. */
  const resolve = useCallback(
    (alternative: Alternative) => {
      const conflict = current.current.conflict;
      if (!conflict) return;
      patch({ conflict: null });
      return change({
        add: [...conflict.requested.add, ...alternative.additions],
        remove: [...conflict.requested.remove, ...alternative.removals],
      });
    },
    [change],
  );

  const cancelConflict = useCallback(() => patch({ conflict: null }), []);

  /** Spec 4: deleting the build removes it on the server and starts a fresh one. */
  const startOver = useCallback(async () => {
    const uid = current.current.buildState?.uid;
    if (uid) await api.removeState(uid).catch((error: unknown) => console.warn("build delete", error));
    forgetBuildState(vehicleId);
    patch({ buildState: null, draft: null, editing: false, review: null });
    await start();
  }, [api, start, vehicleId]);

  const edit = {
    enter: () => patch({ editing: true, draft: null, review: null }),
    /** Compares the edit with the saved build (the post-deposit review). */
    review: async () => {
      const { buildState, draft } = current.current;
      if (!buildState) return;
      patch({ busy: true });
      try {
        patch({ review: await api.compare(buildState.uid, vehicleId, (draft ?? buildState.state).selected) });
      } catch (error) {
        console.error("build compare", error);
        patch({ error: "build.error.cannot_fetch_build_state" });
      } finally {
        patch({ busy: false });
      }
    },
    closeReview: () => patch({ review: null }),
    closeSaved: () => patch({ savedEdit: false }),
    /** Save pushes the regenerated build state and leaves edit mode; the saved confirmation follows. */
    save: async (lastDateOfChangeChecked: boolean) => {
      const { buildState, draft } = current.current;
      if (!buildState) return;
      patch({ busy: true, error: null });
      try {
        const updated = draft
          ? await api.updateState(buildState.uid, draft.selected, { last_date_of_change_checked: lastDateOfChangeChecked })
          : buildState;
        remember(updated);
        patch({ buildState: updated, draft: null, editing: false, review: null, savedEdit: draft !== null });
      } catch (error) {
        console.error("build save", error);
        // The edit stays on screen (nothing is lost); the review closes so the message shows.
        patch({ error: "build.error.cannot_update_build_state", review: null });
      } finally {
        patch({ busy: false });
      }
    },
    /** Discard reloads the saved build and leaves edit mode. */
    discard: async () => {
      const { buildState } = current.current;
      if (!buildState) return;
      patch({ busy: true });
      try {
        const saved = await api.fetchState(buildState.uid);
        const images = await api.images(vehicleId, saved.uid).then((r) => r.results, () => current.current.images);
        patch({ buildState: saved, images, draft: null, editing: false, review: null });
      } catch (error) {
        console.error("build discard", error);
        patch({ error: "build.error.cannot_fetch_build_state" });
      } finally {
        patch({ busy: false });
      }
    },
  };

  return { model, toggle, change, resolve, cancelConflict, startOver, retry: start, edit };
}
