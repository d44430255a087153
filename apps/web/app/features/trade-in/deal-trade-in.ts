import {
  centsToDecimalString,
  dollarsToCents,
  type Cents,
  type Order,
  type PaymentType,
  type TradeInCustomerState,
} from "@showroom/domain";

/**
 * A saved deal's trade-in as the order carries it (`trade_in`: id, vid, status, customer_state and, once included,
 * allowance, payoff and net equity in dollars). Read without the validation library: the details page keeps it out
 * of its first view.
 */
export type DealTradeIn = {
  id: number;
  vid: string;
  status: string;
  customerState: TradeInCustomerState | null;
  allowance: string | null;
  payoff: string | null;
  netEquity: string | null;
};

const CUSTOMER_STATES: readonly string[] = [
  "in_progress",
  "submitted",
  "requested",
  "conditional_offer",
  "offer_received",
  "offer_expired",
  "offer_declined",
  "accepted",
  "discarded",
];
const DOLLARS = /^-?\d{1,7}(\.\d{1,2})?$/;
const dollars = (value: unknown): string | null =>
  typeof value === "string" && DOLLARS.test(value)
    ? value
    : typeof value === "number" && Number.isFinite(value)
      ? value.toFixed(2)
      : null;

export function dealTradeIn(order: Pick<Order, "trade_in"> | null | undefined): DealTradeIn | null {
  const raw = order?.trade_in;
  if (!raw || typeof raw["id"] !== "number") return null;
  const state = raw["customer_state"];
  return {
    id: raw["id"],
    vid: typeof raw["vid"] === "string" ? raw["vid"] : "",
    status: typeof raw["status"] === "string" ? raw["status"] : "draft",
    customerState:
      typeof state === "string" && CUSTOMER_STATES.includes(state) ? (state as TradeInCustomerState) : null,
    allowance: dollars(raw["allowance"]),
    payoff: dollars(raw["payoff"]),
    netEquity: dollars(raw["net_equity"]),
  };
}

/** Included in the deal: the trade's allowance (and its payoff) price the payment. */
export const isIncluded = (trade: DealTradeIn | null): trade is DealTradeIn & { allowance: string } =>
  !!trade && trade.status === "included" && trade.allowance !== null;

/** What the calculator prices with: the allowance as trade_in_credit and the payoff as trade_in_owing (dollars). */
export type TradeInCredit = { credit: string; owing: string };

export function creditOf(trade: DealTradeIn | null): TradeInCredit | null {
  if (!isIncluded(trade)) return null;
  return {
    credit: centsToDecimalString(dollarsToCents(trade.allowance)),
    owing: centsToDecimalString(dollarsToCents(trade.payoff ?? "0")),
  };
}

/** The deal's three lines: allowance, payoff and net equity (negative when more is owed than the trade is worth). */
export type EquityLines = {
  allowance: Cents;
  payoff: Cents;
  netEquity: Cents;
  negativeGoesTo: "amount_financed" | "due_on_delivery" | null;
};

export function equityLines(trade: DealTradeIn & { allowance: string }, paymentType: PaymentType | null): EquityLines {
  const allowance = dollarsToCents(trade.allowance);
  const payoff = dollarsToCents(trade.payoff ?? "0");
  const netEquity = (trade.netEquity !== null ? dollarsToCents(trade.netEquity) : allowance - payoff) as Cents;
  return {
    allowance,
    payoff,
    netEquity,
    negativeGoesTo: netEquity >= 0 ? null : paymentType === "cash" ? "due_on_delivery" : "amount_financed",
  };
}
