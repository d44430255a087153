import type { CreditScreen } from "@showroom/domain";
import { StepProgress } from "../../ui/step-progress.tsx";
import { useEffect, useRef } from "react";
import type { SaveStatus } from "./autosave.ts";
import type { CreditMessageKey, CreditTranslate } from "./i18n.ts";

export const screenName = (t: CreditTranslate, screen: CreditScreen) =>
  t(`credit.screen.${screen}` as CreditMessageKey);

/**
 * Where the shopper is among the application's screens: "Step 3 of 10: About you", a bar, and the screens (those
 * already reached can be opened again). On a phone the list folds under "All steps" so the page never scrolls sideways.
 */
export function Stepper(props: {
  t: CreditTranslate;
  screens: readonly CreditScreen[];
  current: number;
  reached: number;
  onOpen(index: number): void;
}) {
  const { t, screens, current } = props;
  const percent = Math.round(((current + 1) / screens.length) * 100);
  const progress = t("credit.progress", {
    step: current + 1,
    count: screens.length,
    screen: screenName(t, screens[current]!),
  });
  const list = (phone: boolean) => (
    <ol className={phone ? "mt-2 grid gap-1" : "mt-3 flex flex-wrap gap-2"}>
      {screens.map((screen, index) => {
        const open = index <= props.reached && index !== current;
        const done = index < props.reached && index !== current;
        return (
          <li key={screen}>
            <button
              type="button"
              disabled={!open}
              aria-current={index === current ? "step" : undefined}
              onClick={() => props.onOpen(index)}
              className={`flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-1 text-left text-sm font-semibold focus-visible:outline-2 focus-visible:outline-[var(--accent)] ${
                index === current
                  ? "bg-[var(--accent)] text-white"
                  : open
                    ? "border border-black/20 hover:bg-black/5"
                    : "border border-dashed border-black/20 opacity-70"
              }`}
              data-testid={phone ? `credit-step-phone-${screen}` : `credit-step-${screen}`}
            >
              <span
                aria-hidden="true"
                className={`grid h-6 w-6 shrink-0 place-items-center rounded-full text-xs ${index === current ? "bg-white text-black" : "bg-black/10"}`}
              >
                {done ? "✓" : index + 1}
              </span>
              <span>{screenName(t, screen)}</span>
              {done && <span className="sr-only">{` (${t("credit.step_done")})`}</span>}
            </button>
          </li>
        );
      })}
    </ol>
  );
  return (
    <nav
      aria-label={t("credit.steps_label")}
      className="rounded-xl border border-black/10 bg-white p-4"
      data-testid="credit-stepper"
    >
      <StepProgress id="credit-progress-label" text={progress} percent={percent} testId="credit-progress" />
      <details className="mt-2 tablet-up:hidden">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">{t("credit.all_steps")}</summary>
        {list(true)}
      </details>
      <div className="hidden tablet-up:block">{list(false)}</div>
    </nav>
  );
}

export const SUMMARY_ID = "credit-error-summary";

export type SummaryItem = { id: string; label: string; message: string };

/**
 * The messages of a screen that did not pass, at the top: each links to its field. It takes the focus when it
 * appears (`focusKey` changes on every failed Next), so a screen reader reads it first.
 */
export function ErrorSummary(props: { t: CreditTranslate; items: SummaryItem[]; general: string[]; focusKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = props.items.length > 0 || props.general.length > 0;
  useEffect(() => {
    if (shown && props.focusKey > 0) ref.current?.focus();
  }, [props.focusKey]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      id={SUMMARY_ID}
      tabIndex={-1}
      aria-labelledby="credit-error-summary-title"
      className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-950 outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      data-testid="credit-error-summary"
    >
      <h3 id="credit-error-summary-title" className="font-semibold">
        {props.t("credit.errors.title")}
      </h3>
      <ul className="mt-2 grid gap-1">
        {props.general.map((message) => (
          <li key={message}>{message}</li>
        ))}
        {props.items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(event) => {
                event.preventDefault();
                focusById(item.id);
              }}
              className="underline underline-offset-2"
            >
              {props.t("credit.errors.item", { label: item.label, message: item.message })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Focus a field by id (a radio group: its chosen answer, else its first). */
export function focusById(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  const target =
    element instanceof HTMLFieldSetElement
      ? (element.querySelector<HTMLInputElement>("input:checked") ?? element.querySelector<HTMLInputElement>("input"))
      : element;
  target?.focus();
  element.scrollIntoView?.({ block: "center" });
}

/** The auto-save's state, said politely. */
export function SaveState(props: { t: CreditTranslate; status: SaveStatus }) {
  const { t, status } = props;
  return (
    <p
      role="status"
      aria-live="polite"
      className={`min-h-6 text-sm ${status === "error" ? "font-semibold text-red-800" : "opacity-80"}`}
      data-testid="credit-save-status"
      data-status={status}
    >
      {status === "saving"
        ? t("credit.save.saving")
        : status === "saved"
          ? t("credit.save.saved")
          : status === "error"
            ? t("credit.save.failed")
            : ""}
    </p>
  );
}
