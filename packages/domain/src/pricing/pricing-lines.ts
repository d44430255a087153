import { type Cents } from "../money.ts";
import { negateCents, sumCents } from "./cents-math.ts";

/**
 * One line of the pricing stack: a stable translation key, a signed amount in cents (credits are
 * negative) and, for a subtotal, the lines it is the exact sum of. `params` carries what the UI
 * interpolates into the label (a fee's name, a tax rate, a term).
 */
export interface PricingLine {
  label_key: string;
  amount: Cents;
  children?: PricingLine[];
  params?: Record<string, string | number>;
}

type Params = PricingLine["params"];

export function leafLine(label_key: string, amount: Cents, params?: Params): PricingLine {
  return params ? { label_key, amount, params } : { label_key, amount };
}

/** A credit shown as a negative line (down payment, trade-in value, rebate). */
export const creditLine = (label_key: string, amount: Cents, params?: Params): PricingLine =>
  leafLine(label_key, negateCents(amount), params);

/** A subtotal whose amount is, by construction, the sum of its children. */
export function groupLine(label_key: string, children: PricingLine[], params?: Params): PricingLine {
  const line: PricingLine = { label_key, amount: sumCents(children.map((child) => child.amount)), children };
  return params ? { ...line, params } : line;
}

/** Drops zero-amount leaves (an absent trade-in) but keeps subtotals, even when they are zero. */
export const nonZeroLines = (lines: PricingLine[]): PricingLine[] =>
  lines.filter((line) => line.amount !== 0 || (line.children?.length ?? 0) > 0);

/** True when every subtotal of the tree equals the sum of its children. */
export function linesAreConsistent(line: PricingLine): boolean {
  if (!line.children || line.children.length === 0) return true;
  return (
    sumCents(line.children.map((child) => child.amount)) === line.amount && line.children.every(linesAreConsistent)
  );
}

/** Depth-first search by label key. */
export function findLine(lines: readonly PricingLine[], label_key: string): PricingLine | undefined {
  for (const line of lines) {
    if (line.label_key === label_key) return line;
    const found = line.children ? findLine(line.children, label_key) : undefined;
    if (found) return found;
  }
  return undefined;
}
