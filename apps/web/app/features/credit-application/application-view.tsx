import { dollarsToCents, formatMoney, type CreditApplicationWire, type Language, type Locale } from "@showroom/domain";
import { useEffect, useRef, useState } from "react";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { finish } from "../../lib/analytics.ts";
import { useShell } from "../../lib/shell-context.tsx";
import type { CreditApi, CreditStaticData } from "./credit-api.ts";
import { startDecisionPoller } from "./decision-poller.ts";
import { BlockedNotice, CreditDialogs, DecisionOverlay, type CreditDialog } from "./dialogs.tsx";
import { FormView } from "./form-view.tsx";
import type { CreditTranslate } from "./i18n.ts";
import { ResultScreen } from "./result-screen.tsx";
import { useCreditForm } from "./use-credit-form.ts";

/** A 409's code and the dialog it opens (spec 8). */
const CONFLICT_DIALOGS: Record<string, CreditDialog["kind"]> = {
  credit_cash_payment: "cash_payment",
  credit_no_payment: "no_payment",
  credit_amount_below_minimum: "amount_below_minimum",
  credit_stale_incentives: "stale_incentives",
  credit_application_submitted: "submitted",
};

/**
 * One application: the form while it is a draft (auto-saved), its sending and the real-time decision's overlay,
 * then its result. The notices of spec 8 (why it cannot be sent now) show above the form.
 */
export function ApplicationView(props: {
  t: CreditTranslate;
  locale: Locale;
  language: Language;
  api: CreditApi;
  orderId: number;
  /** The deal's vehicle, which the finished application is reported for (spec 4). */
  vehicleId?: number | null;
  data: CreditStaticData;
  application: CreditApplicationWire;
  dealHref: string | null;
}) {
  const { t, api, orderId, data } = props;
  const { dealer, refresh, quietApi } = useShell();
  const [application, setApplication] = useState(props.application);
  const [dialog, setDialog] = useState<CreditDialog | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const poller = useRef<{ cancel(): void } | null>(null);

  // The page's data read again (after a decision, another device's change): the application as the server has it.
  useEffect(() => setApplication(props.application), [props.application]);

  const form = useCreditForm({
    data,
    application: props.application,
    api,
    orderId,
    language: props.language,
    genericError: t("credit.error.generic"),
    onApplication: (saved) => setApplication((current) => ({ ...saved, screens: current.screens })),
    onSaveFailed: (error) => {
      const failure = httpFailure(error);
      if (failure?.status === 409 && errorMessages(failure.body).code === "credit_application_submitted") {
        setDialog({ kind: "submitted" });
        refresh();
      }
    },
    onConfirmRemoveCoApplicant: () => setDialog({ kind: "remove_co_applicant" }),
  });

  /** The real-time decision's wait (one per order); a decision reloads the page's data. */
  function startOverlay() {
    const started = startDecisionPoller({
      orderId,
      check: () => api.decisionStatus(orderId),
      onPercent: setPercent,
      onStop: ({ decided, status }) => {
        poller.current = null;
        setPercent(null);
        // Said at once; a decision then reads the application again (its reasons, a US decline's notice).
        if (status)
          setApplication((current) => ({
            ...current,
            status: status.status,
            customer_state: status.customer_state,
            decided_at: status.decided_at,
          }));
        if (decided) refresh();
      },
    });
    if (!started) return;
    poller.current = started;
    setPercent(0);
  }
  useEffect(() => {
    // Back on the page while the lender decides (a reload): the wait goes on.
    if (props.application.customer_state === "under_real_time_review") startOverlay();
    return () => poller.current?.cancel();
  }, []);

  async function submit() {
    if (submitting || !form.checkAll()) return;
    setSubmitting(true);
    try {
      form.autosave.changed("review");
      if (!(await form.autosave.flush())) return form.setGeneral([t("credit.error.submit_failed")]);
      const sent = await api.submit(orderId, window.location.pathname + window.location.search);
      setApplication(sent);
      finish(quietApi, "credit_app_finish", { vehicle: props.vehicleId ? { id: props.vehicleId } : null, orderId });
      if (sent.status === "queued") setDialog({ kind: "queued" });
      else startOverlay();
    } catch (error) {
      const failure = httpFailure(error);
      const read = errorMessages(failure?.body);
      if (failure?.status === 409 && read.code && CONFLICT_DIALOGS[read.code]) {
        setDialog({ kind: CONFLICT_DIALOGS[read.code]! });
        if (read.code === "credit_application_submitted") refresh();
      } else if (failure?.status === 400) {
        const shown = form.showProblems(form.apiProblems(failure.body), read.general);
        if (shown) form.setGeneral([t("credit.error.submit_failed")]);
      } else form.setGeneral([t("credit.error.submit_failed")]);
    } finally {
      setSubmitting(false);
    }
  }

  const minimum = formatMoney(dollarsToCents(application.minimum_amount_financed), {
    locale: props.locale,
    currency: dealer.currency_unit,
    wholeDollars: true,
  });
  const draft = application.status === "draft";
  return (
    <>
      {draft && application.prefilled && (
        <p
          className="rounded-lg border border-[var(--accent)] bg-[var(--accent-soft)] p-3"
          data-testid="credit-prefilled"
        >
          {t("credit.prefilled")}
        </p>
      )}
      {draft && application.blocked && (
        <BlockedNotice
          t={t}
          blocked={application.blocked}
          dealHref={props.dealHref}
          minimum={minimum}
          phone={dealer.phone}
        />
      )}
      {draft && form.screen ? (
        <FormView
          t={t}
          locale={props.locale}
          language={props.language}
          currency={dealer.currency_unit}
          data={data}
          form={form}
          sinOnFile={application.sin_on_file}
          dealer={{ name: dealer.name, phone: dealer.phone, termsLink: dealer.terms_and_conditions_link }}
          submitting={submitting}
          onSubmit={() => void submit()}
        />
      ) : (
        <section
          aria-labelledby="credit-result-heading"
          className="grid gap-4 rounded-xl border border-black/10 bg-white p-4 tablet-up:p-6"
        >
          <h2 id="credit-result-heading" className="text-xl font-semibold">
            {t("credit.result.heading")}
          </h2>
          <ResultScreen
            t={t}
            locale={props.locale}
            timeZone={dealer.time_zone}
            application={application}
            dealer={{ name: dealer.name, phone: dealer.phone }}
            dealHref={props.dealHref}
          />
        </section>
      )}
      {percent !== null && <DecisionOverlay t={t} percent={percent} />}
      {dialog && (
        <CreditDialogs
          t={t}
          dialog={dialog}
          dealHref={props.dealHref}
          minimum={minimum}
          phone={dealer.phone}
          save={() => form.autosave.flush()}
          onRemoveCoApplicant={form.removeCoApplicant}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
