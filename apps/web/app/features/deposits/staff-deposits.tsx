import { can, dollarsToCents, effectiveStaffRole, type DepositWire } from "@showroom/domain";
import { useMemo, useState } from "react";
import { ApiRequestError } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { brandName, momentInWords, money } from "./deposit-format.ts";
import { createStaffDepositsApi } from "./deposits-api.ts";
import { useDepositsI18n } from "./i18n.ts";

type Action = "capture" | "release" | "refund";

/** A deal's deposit as the workspace shows it: the live one, else the newest (the list comes newest first). */
export function dealDeposit(deposits: readonly DepositWire[], orderId: number): DepositWire | null {
  const ofDeal = deposits.filter((d) => d.order === orderId);
  return ofDeal.find((d) => d.status === "pre_authorized" || d.status === "confirmed") ?? ofDeal[0] ?? null;
}

/**
 * The workspace's deposit of one deal (inside the deal's card): its state, amounts, card, the hold's end and a refund
 * request; the roles that move money (deposits.manage) capture or release a hold and refund a charge, each after a
 * confirmation, and the answer replaces what is shown.
 */
export function StaffDealDeposit(props: { deposit: DepositWire | null; failed: boolean }) {
  const { t, locale } = useDepositsI18n();
  const { quietApi, dealerUser, dealer } = useShell();
  const api = useMemo(() => createStaffDepositsApi(quietApi), [quietApi]);
  const [deposit, setDeposit] = useState(props.deposit);
  const [asking, setAsking] = useState<Action | null>(null);
  const [keepFee, setKeepFee] = useState(true);
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<{ tone: "done" | "error"; text: string } | null>(null);
  const manages = dealerUser !== null && can(effectiveStaffRole(dealerUser), "deposits.manage");

  if (props.failed || !deposit) {
    return (
      <section className="border-t border-black/10 pt-3" data-testid="workspace-deal-deposit">
        <h4 className="mb-1 font-semibold">{t("staff_deposits.heading")}</h4>
        <p className="text-sm">{props.failed ? t("staff_deposits.failed") : t("staff_deposits.none")}</p>
      </section>
    );
  }

  const amount = (value: string) => money(value, locale, deposit.currency);
  const centsOf = (value: string): number => dollarsToCents(value);
  const feeCents = centsOf(deposit.deposit_cancellation_fee);
  const fee = amount(deposit.deposit_cancellation_fee);
  const feeApplies = feeCents > 0 && !deposit.refundable_on_request;
  const refundCents = Math.max(
    0,
    centsOf(deposit.total) - centsOf(deposit.refunded) - (feeApplies && keepFee ? feeCents : 0),
  );
  const refundAmount = money((refundCents / 100).toFixed(2), locale, deposit.currency);
  const brand = brandName(deposit.card_brand);
  const fees = (centsOf(deposit.processing_fee) + centsOf(deposit.fixed_fee)) / 100;
  // The wire does not carry the shopper's reason yet (see the report); shown once it does.
  const reason = deposit.refund_request_reason;
  const actions: Action[] =
    deposit.status === "pre_authorized" ? ["capture", "release"] : deposit.status === "confirmed" ? ["refund"] : [];

  async function act(action: Action) {
    setWorking(true);
    setMessage(null);
    try {
      const next =
        action === "capture"
          ? await api.capture(deposit!.id)
          : action === "release"
            ? await api.release(deposit!.id)
            : await api.refund(deposit!.id, feeApplies && keepFee);
      setDeposit(next);
      setAsking(null);
      setMessage({ tone: "done", text: t(`staff_deposits.done.${action}`) });
    } catch (error) {
      const failure = httpFailure(error);
      const read = errorMessages(failure?.body);
      const reason =
        failure?.status === 403
          ? t("staff_deposits.not_allowed")
          : error instanceof ApiRequestError && error.failure.kind === "network"
            ? t("error.network")
            : (read.general[0] ?? read.code ?? t("error.generic"));
      setMessage({ tone: "error", text: t("staff_deposits.failed_action", { reason }) });
    } finally {
      setWorking(false);
    }
  }

  const question =
    asking === "capture"
      ? t("staff_deposits.confirm_capture", { amount: amount(deposit.total) })
      : asking === "release"
        ? t("staff_deposits.confirm_release", { amount: amount(deposit.total) })
        : feeApplies && keepFee
          ? t("staff_deposits.confirm_refund_fee", { amount: refundAmount, fee })
          : t("staff_deposits.confirm_refund", { amount: refundAmount });

  return (
    <section
      className="border-t border-black/10 pt-3"
      data-testid="workspace-deal-deposit"
      data-status={deposit.status}
    >
      <h4 className="mb-1 font-semibold">{t("staff_deposits.heading")}</h4>
      <p className="text-sm font-semibold" data-testid="workspace-deposit-status" aria-live="polite">
        {t(`staff_deposits.status.${deposit.status}`)}
      </p>
      <ul className="grid gap-0.5 text-sm">
        <li data-testid="workspace-deposit-amounts">
          {t("staff_deposits.amounts", {
            total: amount(deposit.total),
            deposit: amount(deposit.deposit_amount),
            fees: money(fees.toFixed(2), locale, deposit.currency),
          })}
        </li>
        {(Number(deposit.deposit_amount_paid) > 0 || Number(deposit.refunded) > 0) && (
          <li>
            {t("staff_deposits.paid", {
              paid: amount(deposit.deposit_amount_paid),
              refunded: amount(deposit.refunded),
            })}
          </li>
        )}
        {brand && deposit.card_last4 && (
          <li data-testid="workspace-deposit-card">
            {t("staff_deposits.card", { card: `${brand} •••• ${deposit.card_last4}` })}
          </li>
        )}
        {deposit.status === "pre_authorized" && deposit.hold_deadline && (
          <li data-testid="workspace-deposit-deadline">
            {t("staff_deposits.hold_deadline", {
              date: momentInWords(deposit.hold_deadline, locale, dealer.time_zone),
            })}
          </li>
        )}
        {deposit.refund_requested_at && (
          <li className="font-semibold" data-testid="workspace-deposit-refund-requested">
            {t("staff_deposits.refund_requested", {
              date: momentInWords(deposit.refund_requested_at, locale, dealer.time_zone),
            })}
          </li>
        )}
        {deposit.refund_requested_at && reason && <li>{t("staff_deposits.refund_reason", { reason })}</li>}
        {deposit.coupon_code && (
          <li data-testid="workspace-deposit-code">{t("staff_deposits.coupon_code", { code: deposit.coupon_code })}</li>
        )}
      </ul>
      {manages && actions.length > 0 && !asking && (
        <div className="mt-2 flex flex-wrap gap-2">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`${secondaryButtonClass} min-h-11`}
              onClick={() => {
                setMessage(null);
                setAsking(action);
              }}
              data-testid={`workspace-deposit-${action}`}
            >
              {t(`staff_deposits.${action}`)}
            </button>
          ))}
        </div>
      )}
      {manages && asking && (
        <div
          role="group"
          aria-label={t(`staff_deposits.${asking}`)}
          className="mt-2 grid gap-2 rounded-md border border-black/20 p-3"
          data-testid="workspace-deposit-confirm"
          aria-busy={working || undefined}
        >
          {asking === "refund" && feeApplies && (
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={keepFee}
                onChange={(event) => setKeepFee(event.target.checked)}
                className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--accent)]"
                data-testid="workspace-deposit-keep-fee"
              />
              {t("staff_deposits.keep_fee", { fee })}
            </label>
          )}
          <p className="text-sm font-semibold" data-testid="workspace-deposit-question">
            {question}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${ctaButtonClass} min-h-11`}
              disabled={working}
              aria-busy={working || undefined}
              onClick={() => void act(asking)}
              data-testid="workspace-deposit-yes"
            >
              {working ? t("staff_deposits.working") : t("staff_deposits.yes")}
            </button>
            <button
              type="button"
              className={`${secondaryButtonClass} min-h-11`}
              disabled={working}
              onClick={() => setAsking(null)}
            >
              {t("staff_deposits.no")}
            </button>
          </div>
        </div>
      )}
      <div aria-live="polite">
        {message && (
          <p
            role={message.tone === "error" ? "alert" : "status"}
            className={`mt-1 text-sm font-semibold ${message.tone === "error" ? "text-red-800" : ""}`}
            data-testid="workspace-deposit-message"
          >
            {message.text}
          </p>
        )}
      </div>
    </section>
  );
}
