import {
  availableBuildSteps,
  enabledSteps,
  isBuildEditable,
  mandatoryColours,
  navigateStep,
  trimModel,
  type BuildStateWire,
  type BuildStep,
  type Trim,
} from "@showroom/domain";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useBlocker, useNavigate } from "react-router";
import { addLeaveGuard } from "../../lib/leave-guard.ts";
import type { BuildApi, BuildImage } from "./build-api.ts";
import { useBuildI18n } from "./i18n.ts";
import { prefetchBuildModals } from "./lazy-modals.ts";
import type { PriceFormat } from "./option-choices.tsx";
import { switchTrim } from "./switch-trim.ts";
import { shownConfiguration, useBuild, type BuildErrorKey } from "./use-build.ts";

/** The trims a shopper can start from (the alternative configurator's trim group), when it could be read. */
export type TrimChoice = { id: string; name: string; msrp: number; current: boolean };

export type BuildAndPriceProps = {
  vehicleId: number;
  title: string;
  trim: Trim;
  trimChoices: TrimChoice[];
  /** The vehicle's model: the alternative configurator checks a trim choice among its trims. */
  model: { year: number; make: string; model: string };
  /** Opens the build of another vehicle (the one matching another trim). */
  openBuild(vehicleId: number): void;
  /** A problem that leaves the build usable (the trim step could not be read). */
  notice: BuildErrorKey | null;
  api: BuildApi;
  step: string | undefined;
  stepHref(step: BuildStep): string;
  format: PriceFormat;
  /** A deposit is placed on the deal holding this build: it is locked, or edited in post-deposit edit mode. */
  depositPlaced: boolean;
  /** The build of that deal (loaded instead of the one this browser last kept). */
  heldBuildUid: string | null;
  /** Fully signed-in staff who may act for customers: the only ones who change a build its deposit holds (spec 6). */
  staffEditor: boolean;
  /** The trim's pictures in its default colour, read by the loader: the server renders the page's largest paint. */
  initialImages: BuildImage[];
  summary(buildState: BuildStateWire): ReactNode;
  /** How many accessories and protection plans the dealership offers for the vehicle (0: the step is dropped). */
  addOnCounts: { accessories: number; protection_plans: number };
  addOnStep(step: "accessories" | "protection_plans"): ReactNode;
};

/**
 * The build-and-price page's state: the build (useBuild), its steps and the one shown, whether it can be
 * changed, the trim switch, the mandatory colours asked for, the confirmations and the unsaved-edit guard.
 */
export function useBuildPage(props: BuildAndPriceProps) {
  const { t } = useBuildI18n();
  const navigate = useNavigate();
  const { trim } = props;
  const build = useBuild({ api: props.api, vehicleId: props.vehicleId, trim, initialImages: props.initialImages, heldBuildUid: props.heldBuildUid });
  const { model, edit } = build;
  const view = useMemo(() => trimModel(trim, model.premiumCodes), [trim, model.premiumCodes]);
  const swatches = useMemo(() => new Map([...view.coloursByCode].map(([code, record]) => [code, record.value] as const)), [view]);
  const premium = new Set(view.premiumPriceOptions.map((o) => o.code));
  const shownOptions = view.freeStandingOptions.filter((o) => !premium.has(o.code));
  const steps = availableBuildSteps({
    configuration: props.trimChoices.length,
    colour: view.exteriorColours.length + view.interiorColours.length,
    options: shownOptions.length,
    packages: view.packages.length,
    // Without a catalogue for this vehicle, the accessories and protection-plan steps drop out (spec 2.6).
    accessories: props.addOnCounts.accessories,
    protection_plans: props.addOnCounts.protection_plans,
  });
  const enabled = enabledSteps(steps, props.trimChoices.some((c) => c.current));
  const index = Math.max(0, steps.indexOf((props.step ?? steps[0]) as BuildStep));
  const step = steps[index]!;
  const [asked, setAsked] = useState<("exterior" | "interior")[] | null>(null);
  const state = shownConfiguration(model);
  const flags = {
    editMode: model.editing,
    postDepositEditEnabled: props.staffEditor && (model.buildState?.post_deposit_edit_enabled ?? false),
    depositPlaced: props.depositPlaced,
    isLocked: model.buildState?.is_locked ?? false,
  };
  const locked = model.status !== "ready" || !isBuildEditable(flags);
  const [confirming, setConfirming] = useState<"save" | "discard" | null>(null);
  const [switchingTrim, setSwitchingTrim] = useState(false);
  const [trimError, setTrimError] = useState<string | null>(null);
  const chooseTrim = async (choiceId: string) => {
    setSwitchingTrim(true);
    const outcome = await switchTrim(props.api, {
      ...props.model,
      current: props.trimChoices.find((choice) => choice.current)?.id ?? null,
      choice: choiceId,
      selected: state?.selected ?? [],
    });
    setSwitchingTrim(false);
    if (outcome.kind === "opened") return props.openBuild(outcome.vehicleId);
    setTrimError(outcome.kind === "refused" ? outcome.message : t(outcome.key));
  };
  const unsaved = model.editing && model.draft !== null;
  // Spec 4: leaving the page with an unsaved post-deposit edit asks first (moving between steps does not).
  const blocker = useBlocker(({ nextLocation }) => unsaved && !nextLocation.pathname.includes(`/build-and-price/${props.vehicleId}/`));
  // ... and so do the dealer's logout, end session and back to the panel, and closing or reloading the tab.
  const [leaveAsked, setLeaveAsked] = useState<{ answer(leave: boolean): void } | null>(null);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    const removeGuard = addLeaveGuard(
      () =>
        new Promise<boolean>((resolve) =>
          setLeaveAsked({
            answer(leave) {
              setLeaveAsked(null);
              if (leave) window.removeEventListener("beforeunload", warn);
              resolve(leave);
            },
          }),
        ),
    );
    return () => {
      removeGuard();
      window.removeEventListener("beforeunload", warn);
    };
  }, [unsaved]);
  const mandatory = state ? mandatoryColours(trim, [...state.selected]) : null;
  const reviewEdit = () => {
    if (mandatory && !mandatory.complete) return setAsked(mandatory.missing);
    void edit.review();
  };

  const go = (target: number) => {
    const next = navigateStep(enabled, index, target);
    if (next === index) return;
    // Spec 5: both colours must be chosen before the summary when the trim offers standard ones.
    if (steps[next] === "summary" && mandatory && !mandatory.complete) return setAsked(mandatory.missing);
    void navigate(props.stepHref(steps[next]!));
  };

  useEffect(() => {
    if (model.status === "ready") prefetchBuildModals();
  }, [model.status]);

  return {
    ...build,
    view,
    swatches,
    shownOptions,
    steps,
    enabled,
    index,
    step,
    state,
    flags,
    locked,
    unsaved,
    blocker,
    leaveAsked,
    mandatory,
    go,
    reviewEdit,
    asked,
    setAsked,
    confirming,
    setConfirming,
    trimSwitch: { choose: chooseTrim, busy: switchingTrim, error: trimError },
    /** After the mandatory colours: back to the edit's review, or on to the summary. */
    continueAfterColours() {
      setAsked(null);
      if (model.editing) void edit.review();
      else if (step !== "summary") void navigate(props.stepHref("summary"));
    },
  };
}
export type BuildPage = ReturnType<typeof useBuildPage>;
