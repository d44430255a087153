/**
 * Personalized quotes (transactional contract sections 3, 4 and 9): a quote flow holds up to three options a staff
 * user prepared for one deal; the shopper compares them, chooses a primary one and may reserve one. These are the
 * rules both sides read; the figures of each option come from the pricing engine.
 */

/** Spec 9: at most three saved quotes per flow. */
export const MAX_QUOTES_PER_FLOW = 3;
/** Spec 9: difference requests wait this long after the last change. */
export const QUOTE_DIFFERENCE_DEBOUNCE_MS = 500;
/** A sent flow's quotes expire after this many days unless staff set another date. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 7;

/** Spec 4: the customer-facing statuses of a quote. */
export const QUOTE_STATUSES = ["requested", "pending", "active", "expired", "reserved", "applied", "previously rejected"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The order's quote state the workspace shows (spec 4, order statuses). */
export const QUOTE_STATES = ["no_quote_created", "sent_to_customer", "viewed_by_customer", "reserved"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export type QuoteFlowFacts = {
  /** Sent to the shopper (activated). */
  isActive: boolean;
  /** The last day the quotes hold (YYYY-MM-DD in the dealership's zone), once set. */
  quoteExpiry: string | null;
  quoteCount: number;
  reservedQuoteId: number | null;
  /** The reserved option became the deal's terms (a deposit was placed on it). */
  applied: boolean;
  viewedAt: Date | null;
  /** The shopper asked for a quote and none was sent yet. */
  requested: boolean;
};

/** Past its last day: `today` is the dealership's date. */
export const isFlowExpired = (flow: Pick<QuoteFlowFacts, "quoteExpiry" | "isActive">, today: string): boolean =>
  flow.isActive && flow.quoteExpiry !== null && flow.quoteExpiry < today;

/** Spec 4: what the shopper reads of one quote of a flow. */
export function quoteStatus(flow: QuoteFlowFacts, quoteId: number | null, today: string): QuoteStatus {
  if (flow.reservedQuoteId !== null) {
    if (flow.reservedQuoteId === quoteId) return flow.applied ? "applied" : "reserved";
    return "previously rejected";
  }
  if (!flow.isActive) return flow.quoteCount === 0 && flow.requested ? "requested" : "pending";
  return isFlowExpired(flow, today) ? "expired" : "active";
}

/** The order's quote state for the workspace. */
export function quoteStateOf(flow: QuoteFlowFacts | null): QuoteState {
  if (!flow || !flow.isActive) return "no_quote_created";
  if (flow.reservedQuoteId !== null) return "reserved";
  return flow.viewedAt ? "viewed_by_customer" : "sent_to_customer";
}

/**
 * Spec 4: a new request can be made unless the flow forbids it or the dealership's feature is off; a pending request
 * exists when a flow exists and a new one cannot be made. A flow forbids a new request until it expired or was reserved.
 */
export function canRequestNewQuote(flow: Pick<QuoteFlowFacts, "isActive" | "quoteExpiry" | "reservedQuoteId"> | null, featureOn: boolean, today: string): boolean {
  if (!featureOn) return false;
  if (!flow) return true;
  return flow.reservedQuoteId !== null || isFlowExpired(flow, today);
}

export const hasPendingQuoteRequest = (flow: Pick<QuoteFlowFacts, "isActive" | "quoteExpiry" | "reservedQuoteId"> | null, featureOn: boolean, today: string): boolean =>
  flow !== null && !canRequestNewQuote(flow, featureOn, today);

/** Spec 9: the maximum is reached at three quotes. */
export const isMaxQuotesReached = (count: number): boolean => count >= MAX_QUOTES_PER_FLOW;

/** A quote can be reserved while the flow is active, not expired, nothing reserved yet, and its vehicle still for sale. */
export function reservationRefusal(
  flow: Pick<QuoteFlowFacts, "isActive" | "quoteExpiry" | "reservedQuoteId">,
  today: string,
  vehicleAvailable: boolean,
): "quote_not_active" | "quote_expired" | "quote_already_reserved" | "quote_vehicle_unavailable" | null {
  if (!flow.isActive) return "quote_not_active";
  if (isFlowExpired(flow, today)) return "quote_expired";
  if (flow.reservedQuoteId !== null) return "quote_already_reserved";
  if (!vehicleAvailable) return "quote_vehicle_unavailable";
  return null;
}

/**
 * The compare page's highlights (spec 2): the fields whose values are not the same in every option. Values are
 * compared as given (strings and numbers as the API sends them), so equal figures are never flagged.
 */
export function differingFields<T extends Record<string, unknown>>(options: readonly T[], fields: readonly (keyof T)[]): (keyof T)[] {
  if (options.length < 2) return [];
  return fields.filter((field) => {
    const first = JSON.stringify(options[0]![field] ?? null);
    return options.some((option) => JSON.stringify(option[field] ?? null) !== first);
  });
}

/** Two options with the same terms (spec 3, has_identical_quotes): a flow should not offer the same thing twice. */
export function hasIdenticalOptions(options: readonly Record<string, unknown>[]): boolean {
  const seen = new Set(options.map((option) => JSON.stringify(option)));
  return seen.size < options.length;
}
