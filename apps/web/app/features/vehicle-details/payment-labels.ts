import { centsToDecimalString, dollarsToCents, formatRate, type Cents, type Language, type Locale, type PaymentOptionWire, type PricingLineWire } from "@showroom/domain";

/** The payment calculator's texts: the down payment as typed, a pricing line's label, the statement on taxes. */

/** A down payment as the field shows it: "2500", "2500.50" (French "2500,50"). */
export function downPaymentText(amount: Cents, language: Language): string {
  const text = centsToDecimalString(amount).replace(/\.00$/, "");
  return language === "fr" ? text.replace(".", ",") : text;
}

export type LabelTranslate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A pricing line's label: a fee, incentive or discount by its name in the shopper's language; a tax
 * with its rate ("HST (13%)"); any other line by its translated key (with its params, e.g. a term).
 */
export function pricingLineLabel(line: PricingLineWire, t: LabelTranslate, locale: Locale): string {
  const params = line.params ?? {};
  const name = locale === "fr-ca" ? params.name_fr || params.name : params.name;
  if (typeof name === "string" && name.trim() !== "") return name;
  if (params.rate !== undefined && params.base !== undefined) {
    return t("calculator.tax_with_rate", { label: t(line.label_key), rate: formatRate(params.rate, locale) });
  }
  return t(line.label_key, params);
}

/**
 * The page's one statement about taxes, true for the payment shown and the dealership's include_tax: left
 * out ("Plus taxes"); in the total or the payment (a lease's per-payment or capitalized tax included); or,
 * for a lease taxed on all its receipts at inception (New York), paid upfront at signing and not in the payment.
 */
export function taxNoteKey(option: Pick<PaymentOptionWire, "payment_type" | "include_tax" | "taxes">): "calculator.taxes_extra" | "calculator.taxes_included" | "calculator.taxes_upfront" {
  if (!option.include_tax) return "calculator.taxes_extra";
  if (option.payment_type !== "lease") return "calculator.taxes_included";
  const inPayment = option.taxes.some((tax) => (tax.timing === "per_payment" || tax.timing === "capitalized") && dollarsToCents(tax.amount) > 0);
  const atSigning = option.taxes.some((tax) => (tax.timing === "upfront" || tax.timing === "at_signing") && dollarsToCents(tax.amount) > 0);
  return !inPayment && atSigning ? "calculator.taxes_upfront" : "calculator.taxes_included";
}
