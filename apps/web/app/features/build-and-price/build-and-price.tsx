import {
  availableBuildSteps,
  canEditAfterDeposit,
  cents,
  enabledSteps,
  formatMoney,
  isBuildEditable,
  mandatoryColours,
  navigateStep,
  trimModel,
  type BuildStateWire,
  type BuildStep,
  type Trim,
} from "@showroom/domain";
import { Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { Link, useBlocker, useNavigate } from "react-router";
import { useBuildI18n } from "./i18n.ts";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import type { BuildApi } from "./build-api.ts";
import { ColourChoices, OptionChoices, optionName, type PriceFormat } from "./option-choices.tsx";
import { ConfirmModal, ConflictDialog, MandatoryColoursModal, prefetchBuildModals, ReviewChangesModal } from "./lazy-modals.ts";
import { PostDepositBar } from "./post-deposit-bar.tsx";
import { switchTrim } from "./switch-trim.ts";
import { shownConfiguration, useBuild, type BuildErrorKey } from "./use-build.ts";

/** The trims a shopper can start from (the alternative configurator's trim group), when it could be read. */
export type TrimChoice = { id: string; name: string; msrp: number; current: boolean };

/**
 * The build-and-price screens (spec 2.6 and 4): the steps that have options, then the summary. Each step
 * has its address, so Back and a reload keep the shopper where they were.
 */
export function BuildAndPrice(props: {
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
  summary(buildState: BuildStateWire): ReactNode;
}) {
  const { t, locale } = useBuildI18n();
  const navigate = useNavigate();
  const { trim, format } = props;
  const { model, toggle, resolve, cancelConflict, startOver, retry, edit } = useBuild({ api: props.api, vehicleId: props.vehicleId, trim });
  const view = useMemo(() => trimModel(trim, model.premiumCodes), [trim, model.premiumCodes]);
  const swatches = useMemo(() => new Map([...view.coloursByCode].map(([code, record]) => [code, record.value] as const)), [view]);
  const premium = new Set(view.premiumPriceOptions.map((o) => o.code));
  const shownOptions = view.freeStandingOptions.filter((o) => !premium.has(o.code));
  const steps = availableBuildSteps({
    configuration: props.trimChoices.length,
    colour: view.exteriorColours.length + view.interiorColours.length,
    options: shownOptions.length,
    packages: view.packages.length,
    // Accessories and protection plans have no catalogue yet: their steps drop out (spec 2.6).
    accessories: 0,
    protection_plans: 0,
  });
  const enabled = enabledSteps(steps, props.trimChoices.some((c) => c.current));
  const index = Math.max(0, steps.indexOf((props.step ?? steps[0]) as BuildStep));
  const step = steps[index]!;
  const [asked, setAsked] = useState<("exterior" | "interior")[] | null>(null);
  const state = shownConfiguration(model);
  const flags = {
    editMode: model.editing,
    postDepositEditEnabled: model.buildState?.post_deposit_edit_enabled ?? false,
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

  const heading = (key: BuildStep) => t(`build.step.${key}`);
  return (
    <div className="mx-auto max-w-7xl px-4 pb-20 pt-6 laptop-up:pb-6">
      <p className="text-sm font-semibold uppercase">{t("build.heading")}</p>
      <h1 className="text-2xl font-bold laptop-up:text-3xl" data-testid="build-title">{props.title}</h1>
      <nav aria-label={t("build.steps_label")} className="mt-4 overflow-x-auto">
        <ol className="flex gap-2">
          {steps.map((s, i) => (
            <li key={s}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-current={i === index ? "step" : undefined}
                disabled={navigateStep(enabled, index, i) === index && i !== index}
                className={`min-h-11 whitespace-nowrap rounded-full border-2 px-3 py-1 text-sm font-semibold ${i === index ? "border-[var(--accent)] bg-[var(--accent)] text-white" : "border-black/20"} disabled:opacity-50`}
                data-testid={`step-${s}`}
              >
                {i + 1}. {heading(s)}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      {props.notice && (
        <p role="status" className="mt-4 rounded-lg border-2 border-amber-600 bg-amber-50 p-3" data-testid="build-notice">
          {t(props.notice)}
        </p>
      )}
      {model.error && (
        <div role="alert" className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900" data-testid="build-error">
          <p className="font-semibold">{t(model.error)}</p>
          {model.status === "locked" && (
            <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void retry()}>
              {t("build.retry")}
            </button>
          )}
        </div>
      )}

      {model.buildState && (props.depositPlaced || flags.isLocked) && flags.postDepositEditEnabled && (
        <PostDepositBar
          editing={canEditAfterDeposit(flags)}
          busy={model.busy}
          onEdit={edit.enter}
          onReview={reviewEdit}
          onDiscard={() => (unsaved ? setConfirming("discard") : void edit.discard())}
        />
      )}

      <div className="mt-6 grid gap-6 laptop-up:grid-cols-[3fr_2fr] laptop-up:grid-rows-[auto_1fr]">
        {/* The picture comes first on a phone, above the choices; on a screen it heads the recap column. */}
        {model.images[0] && (
          <img src={model.images[0].src} alt={locale === "fr-ca" ? model.images[0].alt_fr : model.images[0].alt_en} className="max-h-56 w-full rounded-xl bg-black/[0.03] object-contain laptop-up:col-start-2 laptop-up:row-start-1 laptop-up:max-h-none" width={640} height={360} data-testid="build-image" />
        )}
        <section
          aria-labelledby="build-step-heading"
          aria-busy={model.busy || model.status === "starting"}
          className="laptop-up:col-start-1 laptop-up:row-span-2 laptop-up:row-start-1"
        >
          <h2 id="build-step-heading" className="sr-only">{heading(step)}</h2>
          {model.status === "starting" && <p role="status" data-testid="build-loading">{t("build.loading")}</p>}
          {state && step === "configuration" && (
            <fieldset data-testid="trim-choices">
              <legend className="mb-2 text-xl font-semibold">{t("build.configuration.legend")}</legend>
              <div className="flex flex-col gap-2">
                {props.trimChoices.map((choice) => (
                  <label
                    key={choice.id}
                    className={`flex items-start gap-3 rounded-lg border-2 p-3 ${choice.current ? "border-[var(--accent)]" : "border-black/15"}`}
                    data-testid={`trim-${choice.id}`}
                  >
                    <input
                      type="radio"
                      name="trim"
                      className="mt-1 h-5 w-5 shrink-0 accent-[var(--accent)]"
                      checked={choice.current}
                      disabled={switchingTrim || model.busy || model.editing}
                      onChange={() => void chooseTrim(choice.id)}
                    />
                    <span>
                      <span className="block font-semibold">{choice.name}</span>
                      <span className="block">{t("build.configuration.starting_at", { price: formatMoney(cents(choice.msrp), format) })}</span>
                      {choice.current && <span className="text-sm font-semibold">{t("build.configuration.current")}</span>}
                    </span>
                  </label>
                ))}
              </div>
              {trimError && (
                <p role="alert" className="mt-2 font-semibold text-red-800" data-testid="trim-error">
                  {trimError}
                </p>
              )}
            </fieldset>
          )}
          {state && step === "colour" && (
            <div className="flex flex-col gap-6">
              {(["exterior", "interior"] as const).map((group) => {
                const colours = group === "exterior" ? view.exteriorColours : view.interiorColours;
                return colours.length ? (
                  <ColourChoices key={group} group={group} colours={colours} optionsByCode={view.optionsByCode} state={state} swatches={swatches} format={format} disabled={locked || model.busy} onChoose={(code) => void toggle(code)} />
                ) : null;
              })}
            </div>
          )}
          {state && step === "options" && (
            <OptionChoices legend={heading("options")} options={shownOptions} optionsByCode={view.optionsByCode} state={state} format={format} disabled={locked || model.busy} onToggle={(code) => void toggle(code)} />
          )}
          {state && step === "packages" && (
            <OptionChoices legend={heading("packages")} options={view.packages} optionsByCode={view.optionsByCode} state={state} format={format} disabled={locked || model.busy} onToggle={(code) => void toggle(code)} />
          )}
          {state && model.buildState && step === "summary" && mandatory && !mandatory.complete && (
            <div role="alert" className="rounded-lg border-2 border-amber-600 bg-amber-50 p-4" data-testid="mandatory-notice">
              <p className="font-semibold">{t("build.mandatory.needed")}</p>
              <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => setAsked(mandatory.missing)}>
                {t("build.mandatory.open")}
              </button>
            </div>
          )}
          {state && model.buildState && step === "summary" && mandatory?.complete && props.summary(model.buildState)}

          <div className="mt-6 flex flex-wrap gap-3">
            {index > 0 && (
              <Link to={props.stepHref(steps[index - 1]!)} className={secondaryButtonClass} data-testid="step-back">
                {t("build.back")}
              </Link>
            )}
            {index < steps.length - 1 && (
              <button type="button" className={`${ctaButtonClass} min-h-11`} onClick={() => go(index + 1)} disabled={!enabled[index + 1] || locked} data-testid="step-next">
                {t("build.next", { step: heading(steps[index + 1]!) })}
              </button>
            )}
          </div>
        </section>

        <aside aria-labelledby="build-recap-heading" className="flex flex-col gap-4 laptop-up:col-start-2 laptop-up:row-start-2 laptop-up:self-start">
          <div className="rounded-xl border border-black/10 bg-white p-4">
            <h2 id="build-recap-heading" className="text-lg font-semibold">{t("build.recap.heading")}</h2>
            {state ? (
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="build-prices">
                <dt>{t("build.recap.base")}</dt>
                <dd className="text-right tabular-nums">{formatMoney(cents(state.prices.base_msrp), format)}</dd>
                {state.selected.map((code) => {
                  const option = view.optionsByCode.get(code);
                  if (!option) return null;
                  return [
                    <dt key={`${code}-name`} className="text-sm">{optionName(option, locale)}</dt>,
                    <dd key={`${code}-price`} className="text-right text-sm tabular-nums">{formatMoney(cents(option.prices.msrp), format)}</dd>,
                  ];
                })}
                <dt className="border-t border-black/10 pt-1 font-semibold">{t("build.recap.total")}</dt>
                <dd className="border-t border-black/10 pt-1 text-right font-semibold tabular-nums" data-testid="build-msrp">{formatMoney(cents(state.prices.msrp), format)}</dd>
              </dl>
            ) : (
              <p className="mt-2">{t("build.loading")}</p>
            )}
            {model.busy && <p role="status" className="mt-2 text-sm">{t("build.updating")}</p>}
          </div>
          {model.buildState && !locked && !model.editing && (
            <button type="button" className={`${secondaryButtonClass} text-sm`} onClick={() => void startOver()} disabled={model.busy} data-testid="build-start-over">
              {t("build.start_over")}
            </button>
          )}
        </aside>
      </div>

      {state && step !== "summary" && (
        // On a phone the recap sits below the choices: the total and the next step stay in view while the shopper
        // chooses. The summary's deal panel keeps its own bar (the payment and the save).
        <div className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-black/10 bg-white px-4 py-2 font-semibold shadow-[0_-2px_8px_rgba(0,0,0,0.08)] laptop-up:hidden" data-testid="phone-total">
          <p className="leading-tight">
            <span className="block text-xs font-normal opacity-75">{t("build.recap.total")}</span>
            <span className="tabular-nums">{formatMoney(cents(state.prices.msrp), format)}</span>
          </p>
          {index < steps.length - 1 && (
            <button type="button" className={`${ctaButtonClass} min-h-11 whitespace-nowrap`} onClick={() => go(index + 1)} disabled={!enabled[index + 1] || locked} aria-label={t("build.next", { step: heading(steps[index + 1]!) })} data-testid="phone-step-next">
              {t("build.next_short")}
            </button>
          )}
        </div>
      )}
      <Suspense fallback={null}>
        {model.conflict && (
          <ConflictDialog conflict={model.conflict} optionsByCode={view.optionsByCode} format={format} onConfirm={(alternative) => void resolve(alternative)} onCancel={cancelConflict} />
        )}
        {asked && state && mandatory && (
          <MandatoryColoursModal
            asked={asked}
            missing={mandatory.missing}
            colours={{ exterior: view.exteriorColours, interior: view.interiorColours }}
            optionsByCode={view.optionsByCode}
            state={state}
            swatches={swatches}
            format={format}
            busy={model.busy}
            onChoose={(code) => void toggle(code)}
            onClose={() => setAsked(null)}
            onContinue={() => {
              setAsked(null);
              if (model.editing) void edit.review();
              else if (step !== "summary") void navigate(props.stepHref("summary"));
            }}
          />
        )}
        {model.review && (
          <ReviewChangesModal
            differences={model.review}
            optionsByCode={view.optionsByCode}
            format={format}
            busy={model.busy}
            onSave={() => (model.buildState?.post_deposit_edit_confirm_required ? setConfirming("save") : void edit.save())}
            onClose={edit.closeReview}
          />
        )}
        {confirming && (
          <ConfirmModal
            testId={`post-deposit-${confirming}-confirmation`}
            title={t(confirming === "save" ? "build.post_deposit.confirm_title" : "build.post_deposit.discard_title")}
            message={t(confirming === "save" ? "build.post_deposit.confirm_message" : "build.post_deposit.discard_message")}
            confirm={t(confirming === "save" ? "build.post_deposit.save" : "build.post_deposit.discard")}
            cancel={t("build.post_deposit.keep_editing")}
            onConfirm={() => {
              setConfirming(null);
              void (confirming === "save" ? edit.save() : edit.discard());
            }}
            onCancel={() => setConfirming(null)}
          />
        )}
        {blocker.state === "blocked" && (
          <ConfirmModal
            testId="unsaved-changes"
            title={t("build.post_deposit.unsaved_title")}
            message={t("build.post_deposit.unsaved_message")}
            confirm={t("build.post_deposit.leave")}
            cancel={t("build.post_deposit.keep_editing")}
            onConfirm={() => blocker.proceed()}
            onCancel={() => blocker.reset()}
          />
        )}
      </Suspense>
    </div>
  );
}
