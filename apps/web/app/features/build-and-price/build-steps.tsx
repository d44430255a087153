import { navigateStep, type BuildStateWire, type BuildStep } from "@showroom/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { useBuildI18n } from "./i18n.ts";
import { ColourChoices, OptionChoices, type PriceFormat } from "./option-choices.tsx";
import { TrimChoices } from "./trim-choices.tsx";
import type { BuildPage, TrimChoice } from "./use-build-page.ts";

/** The steps as numbered buttons; a step the shopper cannot reach yet is disabled. */
export function StepNav(props: { page: BuildPage }) {
  const { t } = useBuildI18n();
  const { steps, index, enabled, go } = props.page;
  return (
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
              {i + 1}. {t(`build.step.${s}`)}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The step shown: its choices (trim, colours, options, packages) or the summary, then Back and Next. */
export function StepContent(props: {
  page: BuildPage;
  trimChoices: TrimChoice[];
  format: PriceFormat;
  stepHref(step: BuildStep): string;
  summary(buildState: BuildStateWire): ReactNode;
  /** The accessories and protection-plan steps' content (the add-on choosers, composed by the route). */
  addOnStep(step: "accessories" | "protection_plans"): ReactNode;
}) {
  const { t } = useBuildI18n();
  const { page, format } = props;
  const { model, state, step, steps, index, enabled, view, locked, mandatory } = page;
  const heading = (key: BuildStep) => t(`build.step.${key}`);
  const toggle = (code: string) => void page.toggle(code);
  const disabled = locked || model.busy;
  return (
    <section
      aria-labelledby="build-step-heading"
      aria-busy={model.busy || model.status === "starting"}
      className="laptop-up:col-start-1 laptop-up:row-span-2 laptop-up:row-start-1"
    >
      <h2 id="build-step-heading" className="sr-only">{heading(step)}</h2>
      {/* The trims come with the page, so the first step is drawn before the build starts and nothing below it moves when it does. */}
      {model.status === "starting" && (
        <p role="status" className={step === "configuration" ? "sr-only" : undefined} data-testid="build-loading">
          {t("build.loading")}
        </p>
      )}
      {step === "configuration" && (
        <TrimChoices
          choices={props.trimChoices}
          format={format}
          disabled={!state || page.trimSwitch.busy || model.busy || model.editing}
          error={page.trimSwitch.error}
          onChoose={(id) => void page.trimSwitch.choose(id)}
        />
      )}
      {state && step === "colour" && (
        <div className="flex flex-col gap-6">
          {(["exterior", "interior"] as const).map((group) => {
            const colours = group === "exterior" ? view.exteriorColours : view.interiorColours;
            return colours.length ? (
              <ColourChoices key={group} group={group} colours={colours} optionsByCode={view.optionsByCode} state={state} swatches={page.swatches} format={format} disabled={disabled} onChoose={toggle} />
            ) : null;
          })}
        </div>
      )}
      {state && step === "options" && (
        <OptionChoices legend={heading("options")} options={page.shownOptions} optionsByCode={view.optionsByCode} state={state} format={format} disabled={disabled} onToggle={toggle} />
      )}
      {state && step === "packages" && (
        <OptionChoices legend={heading("packages")} options={view.packages} optionsByCode={view.optionsByCode} state={state} format={format} disabled={disabled} onToggle={toggle} />
      )}
      {state && (step === "accessories" || step === "protection_plans") && props.addOnStep(step)}
      {state && model.buildState && step === "summary" && mandatory && !mandatory.complete && (
        <div role="alert" className="rounded-lg border-2 border-amber-600 bg-amber-50 p-4" data-testid="mandatory-notice">
          <p className="font-semibold">{t("build.mandatory.needed")}</p>
          <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => page.setAsked(mandatory.missing)}>
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
          <button type="button" className={`${ctaButtonClass} min-h-11`} onClick={() => page.go(index + 1)} disabled={!enabled[index + 1] || locked} data-testid="step-next">
            {t("build.next", { step: heading(steps[index + 1]!) })}
          </button>
        )}
      </div>
    </section>
  );
}
