import {
  DRIVER_AGE_BANDS,
  INSURANCE_DEDUCTIBLES,
  LIABILITY_LIMITS,
  dollarsToCents,
  formatMoney,
  type InsuranceQuoteWire,
} from "@showroom/domain";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { ApiRequestError } from "../../lib/api-client.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { SelectField, TextField } from "../../ui/form-fields.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { useInsuranceI18n } from "./i18n.ts";

type Answers = {
  driver_age_band: string;
  years_licensed: string;
  at_fault_claims: string;
  postal_code: string;
  liability_limit: string;
  deductible: string;
};
const FIELDS = ["driver_age_band", "years_licensed", "at_fault_claims", "postal_code", "liability_limit", "deductible"] as const;
type Errors = Partial<Record<(typeof FIELDS)[number] | "form", string>>;

/** Field errors of a 400 (DRF style: field → messages), or a general one. */
function errorsOf(error: unknown, fallback: string): Errors {
  if (error instanceof ApiRequestError && error.failure.kind === "http" && error.failure.status === 400) {
    const body = error.failure.body as Record<string, unknown>;
    const found: Errors = {};
    for (const field of FIELDS) {
      const messages = body[field];
      if (Array.isArray(messages) && typeof messages[0] === "string") found[field] = messages[0];
    }
    const general = body["non_field_errors"];
    if (Array.isArray(general) && typeof general[0] === "string") found.form = general[0];
    if (Object.keys(found).length) return found;
  }
  return { form: fallback };
}

/**
 * The insurance estimate (storefront spec 2.4, the liability insurer and insurance quote modals; anchor
 * #insurance-quote): the driver's answers, the premium the dealership's provider gives (an estimate, not a binding
 * offer, said in so many words), and saving it on the deal, which the page then shows.
 */
export function InsuranceQuoteModal(props: { orderId: number; postalCode: string | null; onChanged(): void; onClose(): void }) {
  const { t, locale } = useInsuranceI18n();
  const { dealer, quietApi } = useShell();
  const limits = LIABILITY_LIMITS[dealer.country];
  const [answers, setAnswers] = useState<Answers>({
    driver_age_band: "35-49",
    years_licensed: "",
    at_fault_claims: "0",
    postal_code: props.postalCode ?? "",
    liability_limit: String(limits[0]),
    deductible: "1000",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [quote, setQuote] = useState<InsuranceQuoteWire | null>(null);
  const [busy, setBusy] = useState<"estimating" | "saving" | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const money = useMemo(
    () => (amount: string, whole = false) => formatMoney(dollarsToCents(amount), { locale, currency: dealer.currency_unit, wholeDollars: whole }),
    [locale, dealer.currency_unit],
  );
  const set = (field: keyof Answers) => (value: string) => setAnswers((a) => ({ ...a, [field]: value }));

  async function estimate(event: FormEvent) {
    event.preventDefault();
    setBusy("estimating");
    setErrors({});
    try {
      const body = {
        ...answers,
        years_licensed: answers.years_licensed.trim() === "" ? undefined : Number(answers.years_licensed),
        at_fault_claims: Number(answers.at_fault_claims),
        liability_limit: Number(answers.liability_limit),
        deductible: Number(answers.deductible),
      };
      setQuote(await quietApi.post<InsuranceQuoteWire>(`/api/order/${props.orderId}/liberty_mutual_create_quote/`, body));
      setSaved(false);
    } catch (error) {
      const found = errorsOf(error, t("insurance.failed"));
      setErrors(found);
      // The first field at fault takes the focus.
      const first = FIELDS.find((f) => found[f]);
      if (first) requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`#insurance-${first}`)?.focus());
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    if (!quote) return;
    setBusy("saving");
    setErrors({});
    try {
      setQuote(await quietApi.post<InsuranceQuoteWire>(`/api/order/${props.orderId}/liberty_mutual_save_quote/`, { quote: quote.id }));
      setSaved(true);
      props.onChanged();
    } catch (error) {
      setErrors(errorsOf(error, t("insurance.save_failed")));
    } finally {
      setBusy(null);
    }
  }

  const field = (name: (typeof FIELDS)[number]) => ({ id: `insurance-${name}`, error: errors[name], testId: `insurance-${name}` });
  return (
    <ModalFrame title={t("insurance.title")} closeLabel={t("common.close")} onClose={props.onClose} dismissable={busy === null}>
      <div data-testid="insurance-modal" className="grid gap-4">
        {quote === null ? (
          <form ref={form} onSubmit={estimate} noValidate className="grid gap-3">
            <p className="opacity-80">{t("insurance.intro")}</p>
            <SelectField {...field("driver_age_band")} label={t("insurance.driver_age_band")} value={answers.driver_age_band} onChange={set("driver_age_band")}>
              {DRIVER_AGE_BANDS.map((band) => (
                <option key={band} value={band}>
                  {t(`insurance.age.${band}`)}
                </option>
              ))}
            </SelectField>
            <div className="grid gap-3 tablet-up:grid-cols-2">
              <TextField {...field("years_licensed")} label={t("insurance.years_licensed")} value={answers.years_licensed} onChange={set("years_licensed")} inputMode="numeric" maxLength={2} required />
              <TextField {...field("at_fault_claims")} label={t("insurance.at_fault_claims")} value={answers.at_fault_claims} onChange={set("at_fault_claims")} inputMode="numeric" maxLength={2} required />
            </div>
            <TextField
              {...field("postal_code")}
              label={t(dealer.country === "US" ? "insurance.zip_code" : "insurance.postal_code")}
              value={answers.postal_code}
              onChange={set("postal_code")}
              autoComplete="postal-code"
              maxLength={10}
              required
            />
            <div className="grid gap-3 tablet-up:grid-cols-2">
              <SelectField {...field("liability_limit")} label={t("insurance.liability_limit")} value={answers.liability_limit} onChange={set("liability_limit")}>
                {limits.map((limit) => (
                  <option key={limit} value={limit}>
                    {formatMoney(dollarsToCents(limit), { locale, currency: dealer.currency_unit, wholeDollars: true })}
                  </option>
                ))}
              </SelectField>
              <SelectField {...field("deductible")} label={t("insurance.deductible")} value={answers.deductible} onChange={set("deductible")}>
                {INSURANCE_DEDUCTIBLES.map((amount) => (
                  <option key={amount} value={amount}>
                    {formatMoney(dollarsToCents(amount), { locale, currency: dealer.currency_unit, wholeDollars: true })}
                  </option>
                ))}
              </SelectField>
            </div>
            {errors.form && (
              <p role="alert" className="font-medium text-red-800">
                {errors.form}
              </p>
            )}
            <button type="submit" className={`${ctaButtonClass} min-h-11`} disabled={busy !== null} data-testid="insurance-submit">
              {busy === "estimating" ? t("insurance.estimating") : t("insurance.submit")}
            </button>
          </form>
        ) : (
          <div className="grid gap-3" data-testid="insurance-result">
            <h3 className="text-lg font-semibold">{t("insurance.result_heading")}</h3>
            <p role="status">
              <span className="block text-2xl font-bold tabular-nums" data-testid="insurance-yearly">
                {t("insurance.yearly", { amount: money(quote.yearly_premium, true) })}
              </span>
              <span className="block tabular-nums" data-testid="insurance-monthly">
                {t("insurance.monthly", { amount: money(quote.monthly_premium) })}
              </span>
            </p>
            <p className="text-sm opacity-80">
              {t("insurance.breakdown", { liability: money(quote.liability_premium), own_damage: money(quote.own_damage_premium) })}
            </p>
            <p className="rounded-md bg-[var(--banner-bg)] p-3 text-sm" data-testid="insurance-disclosure">
              {t("insurance.disclosure")}
            </p>
            {errors.form && (
              <p role="alert" className="font-medium text-red-800">
                {errors.form}
              </p>
            )}
            {saved ? (
              <p className="font-semibold" role="status" data-testid="insurance-saved">
                {t("insurance.saved")}
              </p>
            ) : (
              <button type="button" onClick={() => void save()} className={`${ctaButtonClass} min-h-11`} disabled={busy !== null} data-testid="insurance-save">
                {busy === "saving" ? t("insurance.saving") : t("insurance.save")}
              </button>
            )}
            <button type="button" onClick={() => setQuote(null)} className={secondaryButtonClass} disabled={busy !== null}>
              {t("insurance.change")}
            </button>
          </div>
        )}
      </div>
    </ModalFrame>
  );
}
