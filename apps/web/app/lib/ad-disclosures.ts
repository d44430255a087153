import { paymentDisclosures, type AdDisclosureKey, type AdvertisedTermsWire, type Currency, type LengthUnit, type Locale, type PaymentType } from "@showroom/domain";
import type { MessageKey, Translate } from "../i18n/index.ts";

/** Every disclosure the domain names has its message (a missing one is a type error here). */
const messageKey = (key: AdDisclosureKey): MessageKey => key;

/**
 * The terms an advertised payment (or, for cash, price) must carry where its dealership is, as one line in the
 * shopper's language ("60-month term · $0.00 down · 5.99% APR · …"); empty when it needs none. The figures are the
 * pricing engine's (the vehicle's advertised terms, or the shown option's): nothing is computed here.
 */
export function adDisclosureText(
  t: Translate,
  input: { type: PaymentType; terms: AdvertisedTermsWire | null; locale: Locale; currency: Currency; lengthUnit: LengthUnit },
): string {
  if (!input.terms) return "";
  const parts = paymentDisclosures({ type: input.type, terms: input.terms, locale: input.locale, currency: input.currency, lengthUnit: input.lengthUnit });
  const text = parts.map((part) => t(messageKey(part.key), part.values)).join(" · ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
