import { cents, formatMoney, type Currency, type PaymentType } from "@showroom/domain";
import { Link } from "react-router";
import { useI18n } from "../../i18n/index.ts";
import { secondaryButtonClass } from "../../ui/styles.ts";
import { equityLines, isIncluded, type DealTradeIn } from "./deal-trade-in.ts";

/**
 * The deal panel's trade-in card: "Value your trade-in" (towards the saved deal when there is one), or where the
 * deal's trade-in stands and, once included, its allowance, payoff and net equity on separate lines; negative equity
 * says plainly where it goes (the amount financed, or what is paid on delivery).
 */
export function TradeInCard(props: {
  trade: DealTradeIn | null;
  /** The trade-in page for this deal (its order) or a new valuation. */
  href: string;
  /** The payment type the calculator shows: where negative equity goes. */
  paymentType: PaymentType | null;
  currency: Currency;
  dealSaved: boolean;
}) {
  const { t, locale } = useI18n();
  const { trade } = props;
  const money = (amount: number) => formatMoney(cents(amount), { locale, currency: props.currency });
  const lines = isIncluded(trade) ? equityLines(trade, props.paymentType) : null;
  return (
    <section
      aria-labelledby="trade-in-card-heading"
      className="rounded-xl border border-black/10 bg-white p-4"
      data-testid="trade-in-card"
    >
      <h2 id="trade-in-card-heading" className="text-lg font-semibold">
        {t("trade_in_card.heading")}
      </h2>
      {!trade && <p className="mt-1 text-sm opacity-80">{t("trade_in_card.intro")}</p>}
      {trade?.customerState && (
        <p className="mt-1 text-sm" data-testid="trade-in-card-state">
          {t("trade_in_card.state", { state: t(`trade_in_state.${trade.customerState}`) })}
        </p>
      )}
      {lines && (
        <>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="trade-in-card-lines">
            <div className="col-span-2 grid grid-cols-subgrid">
              <dt>{t("trade_in_card.allowance")}</dt>
              <dd className="text-right tabular-nums" data-testid="trade-in-allowance">
                {money(lines.allowance)}
              </dd>
            </div>
            <div className="col-span-2 grid grid-cols-subgrid">
              <dt>{t("trade_in_card.payoff")}</dt>
              <dd className="text-right tabular-nums" data-testid="trade-in-payoff">
                {lines.payoff > 0 ? `−${money(lines.payoff)}` : money(0)}
              </dd>
            </div>
            <div className="col-span-2 grid grid-cols-subgrid border-t border-black/15 pt-1">
              <dt className="font-semibold">{t("trade_in_card.net_equity")}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="trade-in-net-equity">
                {money(lines.netEquity)}
              </dd>
            </div>
          </dl>
          {lines.negativeGoesTo && (
            <p
              className="mt-2 rounded-md border-2 border-amber-600 bg-amber-50 p-2 text-sm"
              data-testid="trade-in-negative-equity"
            >
              {t(`trade_in_card.negative.${lines.negativeGoesTo}`, { amount: money(-lines.netEquity) })}
            </p>
          )}
          <p className="mt-2 text-xs opacity-80">{t("trade_in_card.priced")}</p>
        </>
      )}
      {!props.dealSaved && <p className="mt-2 text-xs opacity-80">{t("trade_in_card.save_first")}</p>}
      <Link to={props.href} className={`${secondaryButtonClass} mt-3 w-full`} data-testid="trade-in-card-link">
        {trade ? t("trade_in_card.open") : t("trade_in_card.value")}
      </Link>
    </section>
  );
}
