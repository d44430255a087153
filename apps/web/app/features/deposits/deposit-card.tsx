import type { Order } from "@showroom/domain";
import { isMessageKey, useI18n } from "../../i18n/index.ts";
import { secondaryButtonClass } from "../../ui/styles.ts";

/**
 * The deal panel's deposit card: where the deal's deposit stands and the way to the deposit step (#deposit). Kept
 * tiny, with the storefront's words: the step itself loads when it opens.
 */
export function DepositCard(props: { order: Order; onOpen(): void; onIntent(): void }) {
  const { t } = useI18n();
  const key = `deposit_card.status.${props.order.deposit_status}`;
  const status = isMessageKey(key) ? t(key) : null;
  return (
    <section aria-labelledby="deposit-card-heading" className="rounded-xl border border-black/10 bg-white p-4" data-testid="deposit-card" data-status={props.order.deposit_status}>
      <h2 id="deposit-card-heading" className="text-lg font-semibold">
        {t("deposit_card.heading")}
      </h2>
      <p className="mt-1 text-sm" data-testid="deposit-card-state">
        {status ?? t("deposit_card.intro")}
      </p>
      <button type="button" onClick={props.onOpen} onPointerEnter={props.onIntent} onFocus={props.onIntent} className={`${secondaryButtonClass} mt-3 w-full`} data-testid="deposit-card-open">
        {t(status ? "deposit_card.view" : "deposit_card.open")}
      </button>
    </section>
  );
}
