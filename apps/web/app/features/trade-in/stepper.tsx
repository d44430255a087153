import type { TradeInSection } from "@showroom/domain";
import { StepProgress } from "../../ui/step-progress.tsx";
import type { TradeInTranslate } from "./i18n.ts";

/**
 * The flow's sections with the progress through them: a section already reached can be opened again; those after
 * it wait (and, before the shopper identified, are locked).
 */
export function Stepper(props: {
  t: TradeInTranslate;
  sections: readonly TradeInSection[];
  current: number;
  /** The furthest section the shopper reached: the ones up to it can be opened. */
  reached: number;
  locked: boolean;
  onOpen(index: number): void;
}) {
  const { t, sections, current } = props;
  const percent = Math.round(((current + 1) / sections.length) * 100);
  const progress = t("tradein.progress", {
    step: current + 1,
    count: sections.length,
    section: t(`tradein.section.${sections[current]!}`),
  });
  return (
    <nav
      aria-label={t("tradein.steps_label")}
      className="rounded-xl border border-black/10 bg-white p-4"
      data-testid="tradein-stepper"
    >
      <StepProgress id="tradein-progress-label" text={progress} percent={percent} testId="tradein-progress" />
      <ol
        className="mt-3 grid gap-1 tablet-up:gap-2"
        style={{ gridTemplateColumns: `repeat(${sections.length}, minmax(0, 1fr))` }}
      >
        {sections.map((section, index) => {
          const open = index <= props.reached && !(props.locked && index > 0);
          const state = index === current ? "current" : index < props.reached ? "done" : "todo";
          const label = t(`tradein.section.${section}`);
          return (
            <li key={section}>
              <button
                type="button"
                disabled={!open || index === current}
                aria-current={index === current ? "step" : undefined}
                onClick={() => props.onOpen(index)}
                className={`flex h-full min-h-11 w-full flex-col items-center gap-1 rounded-md px-1 py-2 text-center text-xs font-semibold focus-visible:outline-2 focus-visible:outline-[var(--accent)] tablet-up:flex-row tablet-up:gap-2 tablet-up:px-3 tablet-up:text-left tablet-up:text-sm ${
                  index === current
                    ? "bg-[var(--accent)] text-white"
                    : open
                      ? "border border-black/20 hover:bg-black/5"
                      : "border border-dashed border-black/20 opacity-70"
                }`}
                data-testid={`tradein-step-${section}`}
              >
                <span
                  aria-hidden="true"
                  className={`grid h-6 w-6 shrink-0 place-items-center rounded-full text-xs ${index === current ? "bg-white text-black" : "bg-black/10"}`}
                >
                  {state === "done" ? "✓" : index + 1}
                </span>
                <span>{label}</span>
                {props.locked && index > 0 && <span className="sr-only">{` (${t("tradein.locked")})`}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** A panel's heading: the focus moves to it when the section opens, so a screen reader starts there. */
export const SECTION_HEADING_ID = "tradein-section-heading";

/** A busy line (role status) with a spinner. */
export function Busy(props: { label: string; testId?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-2" data-testid={props.testId}>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="h-5 w-5 animate-spin motion-reduce:animate-none"
        fill="none"
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {props.label}
    </p>
  );
}

/** Messages that name no field, said once (role alert). */
export function GeneralErrors(props: { messages: string[]; testId?: string }) {
  if (props.messages.length === 0) return null;
  return (
    <p
      role="alert"
      className="rounded-md border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900"
      data-testid={props.testId ?? "tradein-error"}
    >
      {props.messages.join(" ")}
    </p>
  );
}
