import type { CreditAnswerScreen, Currency, Language, Locale } from "@showroom/domain";
import { useEffect, useRef } from "react";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import type { CreditStaticData } from "./credit-api.ts";
import { fieldId, visibleFields } from "./field-specs.ts";
import type { CreditTranslate } from "./i18n.ts";
import { ErrorSummary, SaveState, screenName, Stepper, SUMMARY_ID, type SummaryItem } from "./progress.tsx";
import { ReviewAnswers } from "./review-answers.tsx";
import { fieldLabel, ScreenFields } from "./screen-fields.tsx";
import type { CreditForm } from "./use-credit-form.ts";

export const SCREEN_HEADING_ID = "credit-screen-heading";

/** The messages of a screen in the order its fields show (those of hidden fields last), for the summary. */
function summaryItems(
  t: CreditTranslate,
  screen: CreditAnswerScreen,
  data: CreditStaticData,
  form: CreditForm,
): SummaryItem[] {
  const errors = form.problems[screen] ?? {};
  const answers = form.answers[screen] ?? {};
  const shown = visibleFields(screen, data, answers).map((f) => f.name);
  const names = [
    ...shown.filter((name) => errors[name]),
    ...Object.keys(errors).filter((name) => !shown.includes(name)),
  ];
  return names.map((name) => ({
    id: shown.includes(name) ? fieldId(screen, name) : SCREEN_HEADING_ID,
    label: shown.includes(name) ? fieldLabel(t, screen, name, data, answers) : screenName(t, screen),
    message: errors[name]!,
  }));
}

/**
 * The form's view: the stepper, the screen (its heading takes the focus when it opens), the error summary, the
 * auto-save state, Back and Next (Send on the review).
 */
export function FormView(props: {
  t: CreditTranslate;
  locale: Locale;
  language: Language;
  currency: Currency;
  data: CreditStaticData;
  form: CreditForm;
  sinOnFile: { applicant: string | null; co_applicant: string | null };
  dealer: { name: string; phone: string; termsLink: string | null };
  submitting: boolean;
  onSubmit(): void;
}) {
  const { t, data, form } = props;
  const screen = form.screen!;
  const isReview = screen === "review";
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A screen opened with its problems (a refused submission) starts at their summary, else at its heading.
    (document.getElementById(SUMMARY_ID) ?? document.getElementById(SCREEN_HEADING_ID))?.focus();
  }, [form.current]);

  const sinOf = screen === "co_applicant" ? props.sinOnFile.co_applicant : props.sinOnFile.applicant;
  const following = form.screens[form.index + 1];
  return (
    <>
      <Stepper
        t={t}
        screens={form.screens.filter((s) => s !== "result")}
        current={form.index}
        reached={form.reached}
        onOpen={(i) => form.goTo(form.screens[i]!)}
      />
      <section
        aria-labelledby={SCREEN_HEADING_ID}
        className="grid min-w-0 gap-5 rounded-xl border border-black/10 bg-white p-4 tablet-up:p-6"
        data-testid={`credit-screen-${screen}`}
      >
        <h2 id={SCREEN_HEADING_ID} tabIndex={-1} className="text-xl font-semibold outline-none">
          {screenName(t, screen)}
        </h2>
        <ErrorSummary
          t={t}
          items={summaryItems(t, screen, data, form)}
          general={form.general}
          focusKey={form.summaryKey}
        />
        {isReview && (
          <ReviewAnswers
            t={t}
            locale={props.locale}
            language={props.language}
            currency={props.currency}
            data={data}
            answers={form.answers}
            screens={form.screens}
            sinOnFile={props.sinOnFile}
            onEdit={form.goTo}
          />
        )}
        <ScreenFields
          t={t}
          language={props.language}
          screen={screen}
          data={data}
          answers={form.answers[screen] ?? {}}
          errors={form.problems[screen] ?? {}}
          onChange={(field, value) => form.change(screen, field, value)}
          onPostalCodeBlur={() => void form.checkPostalCode(screen)}
          sinOnFile={sinOf}
          onRemoveSin={() => void form.removeSin(screen)}
          removingSin={form.removingSin}
          dealer={props.dealer}
          onCopyAddress={screen === "co_applicant_residential" ? form.copyApplicantAddress : undefined}
        />
        {isReview && props.dealer.termsLink && (
          <a
            href={props.dealer.termsLink}
            target="_blank"
            rel="noreferrer"
            className="w-fit font-semibold underline underline-offset-2"
          >
            {t("credit.field.terms_link")}
          </a>
        )}
        <SaveState t={t} status={form.status} />
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-black/10 pt-4">
          {form.index > 0 ? (
            <button type="button" onClick={form.back} className={secondaryButtonClass} data-testid="credit-back">
              {t("credit.back")}
            </button>
          ) : (
            <span />
          )}
          {isReview ? (
            <button
              type="button"
              onClick={props.onSubmit}
              disabled={props.submitting}
              className={`${ctaButtonClass} min-h-11`}
              data-testid="credit-submit"
            >
              {props.submitting ? t("credit.submitting") : t("credit.submit")}
            </button>
          ) : (
            <button
              type="button"
              onClick={() => void form.next()}
              disabled={form.checking}
              className={`${ctaButtonClass} min-h-11`}
              data-testid="credit-next"
            >
              {form.checking ? t("credit.checking") : t("credit.next", { screen: screenName(t, following ?? screen) })}
            </button>
          )}
        </div>
      </section>
    </>
  );
}
