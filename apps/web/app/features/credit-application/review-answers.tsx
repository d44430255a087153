import {
  cents,
  formatMoney,
  type CreditAnswerScreen,
  type CreditScreen,
  type Currency,
  type Language,
  type Locale,
} from "@showroom/domain";
import type { CreditStaticData } from "./credit-api.ts";
import { fieldId, visibleFields, type FieldSpec } from "./field-specs.ts";
import type { Answers } from "./form-model.ts";
import type { CreditTranslate } from "./i18n.ts";
import { screenName } from "./progress.tsx";
import { choiceOptions, fieldLabel } from "./screen-fields.tsx";

/** An answer as the review reads it: the choice's label, yes or no, money, the SIN masked; "Not given" when blank. */
function shownValue(props: ReviewProps, screen: CreditAnswerScreen, spec: FieldSpec): string {
  const { t } = props;
  const value = props.answers[screen]?.[spec.name];
  if (spec.kind === "sin") {
    const typed = typeof value === "string" ? value.replace(/\D/g, "") : "";
    if (typed.length === 9) return t("credit.review.sin_given", { last: typed.slice(-3) });
    return props.sinOnFile[screen === "co_applicant" ? "co_applicant" : "applicant"] ?? t("credit.review.not_given");
  }
  if (typeof value === "boolean") return value ? t("credit.yes") : t("credit.no");
  if (value === undefined || value === "") return t("credit.review.not_given");
  if (spec.kind === "consent") return value === "yes" ? t("credit.consent.yes") : t("credit.consent.no");
  if (spec.kind === "select")
    return choiceOptions(t, spec, props.data, props.language).find((o) => o.value === value)?.label ?? value;
  if (spec.kind === "money" && /^\d+$/.test(value.replace(/[\s,$]/g, "")))
    return formatMoney(cents(Number(value.replace(/[\s,$]/g, "")) * 100), {
      locale: props.locale,
      currency: props.currency,
      wholeDollars: true,
    });
  return value;
}

type ReviewProps = {
  t: CreditTranslate;
  locale: Locale;
  language: Language;
  currency: Currency;
  data: CreditStaticData;
  answers: Answers;
  screens: readonly CreditScreen[];
  sinOnFile: { applicant: string | null; co_applicant: string | null };
  /** The review screen's Edit links; without it (the workspace's read-only view) there are none. */
  onEdit?(screen: CreditScreen): void;
  /** The sentence above the answers (the review screen's by default). */
  intro?: string;
};

/** Every answer, grouped by screen, each group with its Edit link (the review screen). */
export function ReviewAnswers(props: ReviewProps) {
  const { t } = props;
  const screens = props.screens.filter((s): s is CreditAnswerScreen => s !== "review" && s !== "result");
  return (
    <div className="grid gap-4" data-testid="credit-review">
      <p>{props.intro ?? t("credit.review.intro")}</p>
      {screens.map((screen) => {
        const headingId = `credit-review-${screen}`;
        return (
          <section
            key={screen}
            aria-labelledby={headingId}
            className="rounded-lg border border-black/10 p-4"
            data-testid={`credit-review-${screen}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={headingId} className="text-lg font-semibold">
                {screenName(t, screen)}
              </h3>
              {props.onEdit && (
                <button
                  type="button"
                  onClick={() => props.onEdit?.(screen)}
                  aria-label={t("credit.review.edit_label", { screen: screenName(t, screen) })}
                  className="min-h-11 px-2 font-semibold underline underline-offset-2"
                  data-testid={`credit-review-edit-${screen}`}
                >
                  {t("credit.review.edit")}
                </button>
              )}
            </div>
            <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm tablet-up:grid-cols-2">
              {visibleFields(screen, props.data, props.answers[screen] ?? {})
                // An optional question left blank is no answer (the SIN is always said: on file or not).
                .filter(
                  (spec) =>
                    !spec.optional ||
                    spec.kind === "sin" ||
                    ![undefined, ""].includes(props.answers[screen]?.[spec.name] as string),
                )
                .map((spec) => (
                  <div key={spec.name} className="min-w-0" data-testid={`${fieldId(screen, spec.name)}-review`}>
                    <dt className="opacity-80">
                      {fieldLabel(t, screen, spec.name, props.data, props.answers[screen] ?? {})}
                    </dt>
                    <dd className="font-semibold break-words">{shownValue(props, screen, spec)}</dd>
                  </div>
                ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
