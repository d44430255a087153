import type { CreditApplicationWire, Locale } from "@showroom/domain";
import { Link } from "react-router";
import { secondaryButtonClass } from "../../ui/styles.ts";
import type { CreditMessageKey, CreditTranslate } from "./i18n.ts";

const intlLocale = (locale: Locale) => (locale === "fr-ca" ? "fr-CA" : locale === "en-us" ? "en-US" : "en-CA");

/** A day in the dealership's time zone ("December 10, 2026"). */
export function dealerDay(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone,
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(iso));
}

const TONES: Partial<Record<CreditApplicationWire["customer_state"], string>> = {
  approved: "border-green-700 bg-green-50",
  declined: "border-red-700 bg-red-50",
  further_verification: "border-amber-600 bg-amber-50",
  awaiting_approval: "border-amber-600 bg-amber-50",
};

/**
 * The application once sent (spec 4, "Credit (customer-facing)"): its state in words, the lender's reasons, a US
 * decline's adverse-action notice, when its personal information is deleted, and that the decision comes from the
 * demonstration lender when it does.
 */
export function ResultScreen(props: {
  t: CreditTranslate;
  locale: Locale;
  timeZone: string;
  application: CreditApplicationWire;
  dealer: { name: string; phone: string };
  dealHref: string | null;
}) {
  const { t, application: app } = props;
  const state = app.customer_state;
  const day = (iso: string) => dealerDay(iso, props.locale, props.timeZone);
  const notice = app.adverse_action_notice;
  const reasons = app.decision?.reasons ?? [];
  return (
    <div className="grid gap-4" data-testid="credit-result" data-state={state}>
      <div className={`rounded-lg border-2 p-4 ${TONES[state] ?? "border-black/20 bg-white"}`}>
        <p className="text-lg font-bold" data-testid="credit-result-state">
          {t(`credit.state.${state}` as CreditMessageKey)}
        </p>
        <p className="mt-1" data-testid="credit-result-body">
          {t(`credit.result.body.${state}` as CreditMessageKey)}
        </p>
      </div>
      {app.demonstration_lender && app.status !== "draft" && (
        <p
          className="rounded-md border border-dashed border-black/30 p-3 text-sm font-semibold"
          data-testid="credit-result-demonstration"
        >
          {t("credit.result.demonstration")}
        </p>
      )}
      {reasons.length > 0 && (
        <section aria-labelledby="credit-result-reasons" data-testid="credit-result-reasons">
          <h3 id="credit-result-reasons" className="font-semibold">
            {t("credit.result.reasons")}
          </h3>
          <ul className="mt-1 list-disc pl-6">
            {reasons.map((reason) => (
              <li key={reason.code}>{reason.text}</li>
            ))}
          </ul>
        </section>
      )}
      {notice && (
        <section
          aria-labelledby="credit-adverse-action"
          className="rounded-lg border border-black/20 bg-white p-4"
          data-testid="credit-adverse-action"
        >
          <h3 id="credit-adverse-action" className="text-lg font-semibold">
            {notice.title}
          </h3>
          {notice.sections.map((section) => (
            <div key={section.heading} className="mt-3">
              <h4 className="font-semibold">{section.heading}</h4>
              {section.lines.map((line) => (
                <p key={line} className="mt-1 text-sm">
                  {line}
                </p>
              ))}
            </div>
          ))}
        </section>
      )}
      <div className="grid gap-1 text-sm">
        {app.submitted_at && <p>{t("credit.result.sent_at", { date: day(app.submitted_at) })}</p>}
        {app.decided_at && <p>{t("credit.result.decided_at", { date: day(app.decided_at) })}</p>}
        {app.personal_data_purged ? (
          <p data-testid="credit-result-purge">{t("credit.result.purged")}</p>
        ) : (
          app.personal_data_purge_at && (
            <p data-testid="credit-result-purge">
              {t(app.country === "US" ? "credit.result.purge_at_us" : "credit.result.purge_at", {
                date: day(app.personal_data_purge_at),
              })}
            </p>
          )
        )}
        <p>{t("credit.result.contact", { dealer: props.dealer.name, phone: props.dealer.phone })}</p>
      </div>
      {props.dealHref && (
        <Link to={props.dealHref} className={`${secondaryButtonClass} w-fit`} data-testid="credit-back-to-deal">
          {t("credit.result.back_to_deal")}
        </Link>
      )}
    </div>
  );
}
