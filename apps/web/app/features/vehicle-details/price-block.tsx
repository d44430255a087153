import { dollarsToCents, formatMoney, msrpIsCurrentReference, msrpSavings, type Cents, type Currency, type Locale, type Vehicle, type VdpSettings } from "@showroom/domain";
import { useI18n } from "../../i18n/index.ts";

/**
 * MSRP, the dealer's price, delivery and fees, and (per the VDP settings) how the savings add up: only
 * where the MSRP is the current reference (new vehicles), never against a used or certified one's original MSRP.
 */
export function PriceBlock(props: {
  vehicle: Vehicle;
  settings: VdpSettings;
  currency: Currency;
  locale: Locale;
  locked: boolean;
  /**
   * Whether the block says taxes are extra to its price: only where no payment calculator is on the page,
   * since the calculator states whether its payment includes taxes and the page makes one statement.
   */
  taxNote: boolean;
}) {
  const { t } = useI18n();
  const { vehicle, settings } = props;
  const cents = (amount: string | null) => (amount === null ? null : dollarsToCents(amount));
  const money = (value: Cents) => formatMoney(value, { locale: props.locale, currency: props.currency });
  if (props.locked) {
    return <p className="rounded-lg bg-[var(--banner-bg)] p-4 font-semibold" data-testid="price-locked">{t("search.prices_locked")}</p>;
  }
  const msrp = cents(vehicle.msrp);
  const price = cents(vehicle.dealer_price);
  const fees: [string, Cents | null][] = [
    [t("details.freight"), cents(vehicle.freight)],
    [t("details.pdi"), cents(vehicle.pdi)],
    [t("details.delivery"), cents(vehicle.delivery_charge)],
    [t("details.dealer_fee"), cents(vehicle.dealer_fee)],
  ];
  const reference = { condition: vehicle.vehicle_condition, certified: vehicle.is_certified || vehicle.is_cpo };
  const savings = msrpSavings({ ...reference, msrp, price }, settings);
  return (
    <section aria-labelledby="price-heading" className="rounded-xl border border-black/10 bg-white p-4" data-testid="price-block">
      <h2 id="price-heading" className="sr-only">{t("details.price_heading")}</h2>
      <dl className="flex flex-col gap-1">
        {msrp !== null && msrpIsCurrentReference(reference) && (
          <div className="flex justify-between"><dt>{t("search.msrp")}</dt><dd className={savings ? "line-through opacity-70" : ""}>{money(msrp)}</dd></div>
        )}
        <div className="flex items-baseline justify-between text-2xl font-bold">
          <dt className="text-base font-semibold">{t("details.dealer_price")}</dt>
          <dd data-testid="dealer-price">{price === null ? t("search.price_on_request") : money(price)}</dd>
        </div>
        {fees.filter(([, v]) => v !== null).map(([label, value]) => (
          <div key={label} className="flex justify-between text-sm"><dt>{label}</dt><dd>{money(value!)}</dd></div>
        ))}
      </dl>
      {savings !== null && (
        <details open={settings.show_savings_details_expanded_by_default} className="mt-3 rounded-md bg-[var(--accent-soft)] p-3" data-testid="savings">
          <summary className="cursor-pointer font-semibold">{t("details.you_save", { amount: money(savings.dealerDiscount) })}</summary>
          <dl className="mt-2 flex flex-col gap-1 text-sm">
            <div className="flex justify-between"><dt>{t("search.msrp")}</dt><dd>{money(savings.msrp)}</dd></div>
            <div className="flex justify-between"><dt>{t("details.dealer_discount")}</dt><dd>-{money(savings.dealerDiscount)}</dd></div>
            <div className="flex justify-between font-semibold"><dt>{t("details.dealer_price")}</dt><dd>{money(savings.price)}</dd></div>
          </dl>
        </details>
      )}
      {props.taxNote && <p className="mt-3 text-xs opacity-80" data-testid="price-tax-note">{t("details.taxes_extra")}</p>}
    </section>
  );
}
