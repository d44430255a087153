import {
  creditScreensFor,
  dollarsToCents,
  formatMoney,
  type CreditApplicationWire,
  type Locale,
} from "@showroom/domain";
import { useShell } from "../../lib/shell-context.tsx";
import type { CreditStaticData } from "./credit-api.ts";
import { answersOf } from "./form-model.ts";
import { useCreditI18n, type CreditMessageKey, type CreditTranslate } from "./i18n.ts";
import { dealerDay } from "./result-screen.tsx";
import { ReviewAnswers } from "./review-answers.tsx";

const SECTION_NAMES: Record<string, CreditMessageKey> = {
  credit_assessment: "credit.staff.section.credit_assessment",
  contract_management: "credit.staff.section.contract_management",
  marketing: "credit.staff.section.marketing",
  electronic_communication: "credit.staff.section.electronic_communication",
  joint_intent: "credit.staff.section.joint_intent",
};

const when = (iso: string | null, locale: Locale, timeZone: string) => (iso ? dealerDay(iso, locale, timeZone) : null);

/**
 * The workspace's credit applications of one customer, read-only: where each stands, the lender's answer and
 * reasons (and a US decline's notice), each applicant's recorded consents, and the answers with the SIN masked.
 * Only staff past the second factor reach it, and the server records each read: the panel says so.
 */
export function StaffCreditApplications(props: {
  applications: CreditApplicationWire[] | null;
  data: CreditStaticData | null;
}) {
  const { t, locale } = useCreditI18n();
  const { dealer } = useShell();
  const { applications, data } = props;
  if (applications === null || data === null) {
    return (
      <p className="mt-2" data-testid="workspace-credit-failed">
        {t("credit.staff.failed")}
      </p>
    );
  }
  const shown = applications.filter((a) => a.status !== "draft" || Object.keys(a.screens).length > 0);
  if (shown.length === 0) return <p className="mt-2">{t("credit.staff.none")}</p>;
  return (
    <div className="grid gap-4" data-testid="workspace-credit-applications">
      <p className="text-sm opacity-80">{t("credit.staff.recorded")}</p>
      {shown.map((application) => (
        <StaffCreditApplication
          key={application.id}
          t={t}
          locale={locale}
          timeZone={dealer.time_zone}
          currency={dealer.currency_unit}
          application={application}
          data={data}
        />
      ))}
    </div>
  );
}

function StaffCreditApplication(props: {
  t: CreditTranslate;
  locale: Locale;
  timeZone: string;
  currency: "cad" | "usd";
  application: CreditApplicationWire;
  data: CreditStaticData;
}) {
  const { t, locale, timeZone, application } = props;
  const headingId = `workspace-credit-${application.id}`;
  const submitted = when(application.submitted_at, locale, timeZone);
  const decided = when(application.decided_at, locale, timeZone);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-black/10 p-4"
      data-testid={`workspace-credit-${application.order}`}
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {t("credit.staff.heading", { order: application.order })}
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm tablet-up:grid-cols-2">
        <div>
          <dt className="opacity-80">{t("credit.staff.state")}</dt>
          <dd className="font-semibold" data-testid="workspace-credit-state">
            {t(`credit.state.${application.customer_state}`)}
          </dd>
        </div>
        {submitted && (
          <div>
            <dt className="opacity-80">{t("credit.staff.submitted")}</dt>
            <dd className="font-semibold">{submitted}</dd>
          </div>
        )}
        {decided && (
          <div>
            <dt className="opacity-80">{t("credit.staff.decided")}</dt>
            <dd className="font-semibold">{decided}</dd>
          </div>
        )}
        {application.amount_financed && (
          <div>
            <dt className="opacity-80">{t("credit.staff.amount_financed")}</dt>
            <dd className="font-semibold">
              {formatMoney(dollarsToCents(application.amount_financed), { locale, currency: props.currency })}
            </dd>
          </div>
        )}
      </dl>
      {application.decision && application.decision.reasons.length > 0 && (
        <>
          <h4 className="mt-3 font-semibold">{t("credit.staff.reasons")}</h4>
          <ul className="ml-5 list-disc text-sm">
            {application.decision.reasons.map((reason) => (
              <li key={reason.code}>{reason.text}</li>
            ))}
          </ul>
        </>
      )}
      {application.adverse_action_notice && (
        <details className="mt-3 text-sm">
          <summary className="min-h-11 cursor-pointer font-semibold">{application.adverse_action_notice.title}</summary>
          {application.adverse_action_notice.sections.map((section) => (
            <div key={section.heading} className="mt-2">
              <p className="font-semibold">{section.heading}</p>
              {section.lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ))}
        </details>
      )}
      {application.consents.length > 0 && (
        <>
          <h4 className="mt-3 font-semibold">{t("credit.staff.consents")}</h4>
          <ul className="ml-5 list-disc text-sm" data-testid="workspace-credit-consents">
            {application.consents.map((consent) => (
              <li key={`${consent.applicant}-${consent.section}`}>
                {t("credit.staff.consent_line", {
                  who: t(consent.applicant === "applicant" ? "credit.staff.applicant" : "credit.staff.co_applicant"),
                  section: SECTION_NAMES[consent.section] ? t(SECTION_NAMES[consent.section]!) : consent.section,
                  answer: t(consent.answer === "yes" ? "credit.yes" : "credit.no"),
                  language: consent.language.toUpperCase(),
                  at: dealerDay(consent.recorded_at, locale, timeZone),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {application.personal_data_purged ? (
        <p className="mt-3 text-sm">{t("credit.staff.purged")}</p>
      ) : (
        <details className="mt-3">
          <summary className="min-h-11 cursor-pointer font-semibold">{t("credit.staff.answers")}</summary>
          <div className="mt-2">
            <ReviewAnswers
              t={t}
              locale={locale}
              language={locale.startsWith("fr") ? "fr" : "en"}
              currency={props.currency}
              data={props.data}
              answers={answersOf(application.screens)}
              screens={creditScreensFor(application.variant, application.with_co_applicant)}
              sinOnFile={application.sin_on_file}
              intro={t("credit.staff.answers_intro")}
            />
          </div>
        </details>
      )}
    </section>
  );
}
