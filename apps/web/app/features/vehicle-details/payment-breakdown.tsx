import { dollarsToCents, formatMoney, needsMonthlyLabel, type Currency, type Locale, type PaymentFrequency, type PricingLineWire } from "@showroom/domain";
import { pricingLineLabel, type LabelTranslate } from "./payment-labels.ts";

/** `frequency`: the one the payment is shown at; monthly lines say they are monthly beside another one. */
type Format = { t: LabelTranslate; locale: Locale; currency: Currency; frequency?: PaymentFrequency | null };

/** The pricing stack as nested lists: each line's label and its amount on the right, credits as negatives. */
export function PricingLineList(props: Format & { lines: readonly PricingLineWire[]; depth?: number; parent?: PricingLineWire }) {
  const depth = props.depth ?? 0;
  return (
    <ul role="list" className={depth === 0 ? "flex flex-col gap-2" : "mt-1 flex flex-col gap-1 border-l border-black/10 pl-3"}>
      {props.lines.map((line, index) => {
        const amount = dollarsToCents(line.amount);
        const hasChildren = (line.children?.length ?? 0) > 0;
        return (
          <li key={`${line.label_key}-${index}`}>
            <div className={`flex items-baseline justify-between gap-3 ${hasChildren ? "font-semibold" : ""}`}>
              <span className="min-w-0 break-words">
                {pricingLineLabel(line, props.t, props.locale)}
                {needsMonthlyLabel(line, props.parent ?? null, props.frequency ?? null) && ` ${props.t("calculator.monthly_line")}`}
              </span>
              <span className={`shrink-0 text-right whitespace-nowrap tabular-nums ${amount < 0 ? "text-green-800" : ""}`}>
                {formatMoney(amount, { locale: props.locale, currency: props.currency })}
              </span>
            </div>
            {hasChildren && <PricingLineList {...props} lines={line.children ?? []} depth={depth + 1} parent={line} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The expandable "Payment breakdown" under the payment. */
export function PaymentBreakdown(props: Format & { lines: readonly PricingLineWire[]; summary: string }) {
  if (props.lines.length === 0) return null;
  return (
    <details className="rounded-md bg-[var(--accent-soft)] p-3">
      <summary
        className="cursor-pointer font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]"
        data-testid="payment-breakdown"
      >
        {props.summary}
      </summary>
      <div className="mt-3 text-sm" data-testid="breakdown-lines">
        <PricingLineList t={props.t} locale={props.locale} currency={props.currency} frequency={props.frequency ?? null} lines={props.lines} />
      </div>
    </details>
  );
}
