import { dollarsToCents, formatMoney, languageOf, type Currency, type Locale, type Order } from "@showroom/domain";
import type { Translate } from "../../i18n/index.ts";

/** The vehicle's title in the shopper's language. */
export const dealTitle = (order: Order, locale: Locale) => {
  const french = languageOf(locale) === "fr";
  return (french ? order.vehicle.title_fr : order.vehicle.title) || order.vehicle.title || order.display.title;
};

/** The chosen payment in words: amount and frequency, then type and term; or that none was chosen. */
export function paymentLines(order: Order, t: Translate, options: { locale: Locale; currency: Currency }): { amount: string | null; detail: string } {
  const payment = order.payment;
  if (!payment) return { amount: null, detail: t("deal.no_payment") };
  const amount = formatMoney(dollarsToCents(payment.payment), options);
  const type = t(`calculator.type.${payment.payment_type}`);
  if (payment.payment_type === "cash") return { amount, detail: t("deal.cash_detail") };
  const frequency = payment.payment_frequency ? t(`pricing.frequency_adverb.${payment.payment_frequency}`) : "";
  return {
    amount: frequency ? `${amount} ${frequency}` : amount,
    detail: payment.term !== null ? t("deal.type_term", { type, months: payment.term }) : type,
  };
}

export const statusLabel = (order: Order, t: Translate) => t(`deal.status.${order.status}`);
