import { localizeValidationMessage, paymentSettingsInputSchema, type Cents, type Language } from "@showroom/domain";

// The API's schema (and the validation library with it) loads with the first down payment typed, not with the page.
const downPaymentSchema = paymentSettingsInputSchema.pick({ down_payment: true });

/**
 * The down payment field's text checked with the API's own rule (digits with up to two decimals).
 * Blank means no down payment; French shoppers may type a decimal comma ("2500,50").
 */
export function parseDownPayment(text: string, language: Language): { ok: true; cents: Cents } | { ok: false; message: string } {
  const trimmed = text.trim();
  const normalized = trimmed === "" ? "0" : language === "fr" ? trimmed.replace(",", ".") : trimmed;
  const parsed = downPaymentSchema.safeParse({ down_payment: normalized });
  if (parsed.success && parsed.data.down_payment !== undefined) return { ok: true, cents: parsed.data.down_payment };
  const message = parsed.success ? "" : (parsed.error.issues[0]?.message ?? "");
  return { ok: false, message: localizeValidationMessage(message, language) };
}
