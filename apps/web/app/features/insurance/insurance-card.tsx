import { dollarsToCents, formatMoney, orderInsuranceQuoteSchema, type Order } from "@showroom/domain";
import { useShell } from "../../lib/shell-context.tsx";
import { secondaryButtonClass } from "../../ui/styles.ts";
import { useInsuranceI18n } from "./i18n.ts";

/** The deal panel's insurance card: the estimate saved on the deal, and the way to the estimate modal (#insurance-quote). */
export function InsuranceCard(props: { order: Order | null; onOpen(): void; onIntent?(): void }) {
  const { t, locale } = useInsuranceI18n();
  const { dealer } = useShell();
  const saved = orderInsuranceQuoteSchema.safeParse(props.order?.insurance_quote).data?.quote ?? null;
  const money = (amount: string, wholeDollars = false) => formatMoney(dollarsToCents(amount), { locale, currency: dealer.currency_unit, wholeDollars });
  return (
    <section aria-labelledby="insurance-card-heading" className="rounded-xl border border-black/10 bg-white p-4" data-testid="insurance-card">
      <h2 id="insurance-card-heading" className="text-lg font-semibold">
        {t("insurance.card.heading")}
      </h2>
      {saved ? (
        <p className="mt-1 text-sm font-semibold" data-testid="insurance-card-saved">
          {t("insurance.card.saved", { yearly: money(saved.yearly_premium, true), monthly: money(saved.monthly_premium) })}
        </p>
      ) : (
        <p className="mt-1 text-sm opacity-80">{t("insurance.card.intro")}</p>
      )}
      <button
        type="button"
        onClick={props.onOpen}
        onPointerEnter={props.onIntent}
        onFocus={props.onIntent}
        className={`${secondaryButtonClass} mt-3 w-full`}
        data-testid="insurance-card-open"
      >
        {saved ? t("insurance.card.again") : t("insurance.card.open")}
      </button>
    </section>
  );
}
