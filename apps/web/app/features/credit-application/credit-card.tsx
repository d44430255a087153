import type { Order } from "@showroom/domain";
import { Link } from "react-router";
import { isMessageKey, useI18n } from "../../i18n/index.ts";
import { secondaryButtonClass } from "../../ui/styles.ts";

/**
 * The deal panel's financing card: a saved finance or lease deal can apply for credit, and says where its
 * application stands (the order's credit_application_status). Kept tiny, with the storefront's words: the
 * application itself loads only on its own page.
 */
export function CreditCard(props: { order: Order; href: string }) {
  const { t } = useI18n();
  const key = `credit_card.status.${props.order.credit_application_status}`;
  const status = isMessageKey(key) ? t(key) : null;
  return (
    <section
      aria-labelledby="credit-card-heading"
      className="rounded-xl border border-black/10 bg-white p-4"
      data-testid="credit-card"
    >
      <h2 id="credit-card-heading" className="text-lg font-semibold">
        {t("credit_card.heading")}
      </h2>
      <p className="mt-1 text-sm" data-testid="credit-card-state">
        {status ?? t("credit_card.intro")}
      </p>
      <Link to={props.href} className={`${secondaryButtonClass} mt-3 w-full`} data-testid="credit-card-link">
        {t(status ? "credit_card.open" : "credit_card.apply")}
      </Link>
    </section>
  );
}
