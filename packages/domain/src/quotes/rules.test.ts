import { describe, expect, it } from "vitest";
import { canRequestNewQuote, differingFields, hasIdenticalOptions, hasPendingQuoteRequest, isMaxQuotesReached, quoteStateOf, quoteStatus, reservationRefusal, type QuoteFlowFacts } from "./rules.ts";

const flow = (overrides: Partial<QuoteFlowFacts> = {}): QuoteFlowFacts => ({
  isActive: true,
  quoteExpiry: "2026-12-03",
  quoteCount: 3,
  reservedQuoteId: null,
  applied: false,
  viewedAt: null,
  requested: false,
  ...overrides,
});

describe("a quote's status as the shopper reads it", () => {
  it("requested, then pending while staff prepare it, active once sent, expired after its last day", () => {
    expect(quoteStatus(flow({ isActive: false, quoteCount: 0, requested: true }), null, "2026-11-26")).toBe("requested");
    expect(quoteStatus(flow({ isActive: false, quoteCount: 2, requested: true }), 1, "2026-11-26")).toBe("pending");
    expect(quoteStatus(flow(), 1, "2026-12-03")).toBe("active");
    expect(quoteStatus(flow(), 1, "2026-12-04")).toBe("expired");
  });
  it("the reserved one is reserved (applied once it became the deal's terms); the others were rejected", () => {
    expect(quoteStatus(flow({ reservedQuoteId: 2 }), 2, "2026-11-26")).toBe("reserved");
    expect(quoteStatus(flow({ reservedQuoteId: 2, applied: true }), 2, "2026-11-26")).toBe("applied");
    expect(quoteStatus(flow({ reservedQuoteId: 2 }), 1, "2026-11-26")).toBe("previously rejected");
  });
  it("the workspace's quote state follows the flow", () => {
    expect(quoteStateOf(null)).toBe("no_quote_created");
    expect(quoteStateOf(flow({ isActive: false }))).toBe("no_quote_created");
    expect(quoteStateOf(flow())).toBe("sent_to_customer");
    expect(quoteStateOf(flow({ viewedAt: new Date() }))).toBe("viewed_by_customer");
    expect(quoteStateOf(flow({ reservedQuoteId: 1 }))).toBe("reserved");
  });
});

describe("requests and reservations", () => {
  it("a new request needs the feature on and no open flow; an open flow is a pending request", () => {
    expect(canRequestNewQuote(null, true, "2026-11-26")).toBe(true);
    expect(canRequestNewQuote(null, false, "2026-11-26")).toBe(false);
    expect(canRequestNewQuote(flow({ isActive: false }), true, "2026-11-26")).toBe(false);
    expect(hasPendingQuoteRequest(flow({ isActive: false }), true, "2026-11-26")).toBe(true);
    expect(canRequestNewQuote(flow(), true, "2026-12-04")).toBe(true);
    expect(canRequestNewQuote(flow({ reservedQuoteId: 1 }), true, "2026-11-26")).toBe(true);
    expect(hasPendingQuoteRequest(null, true, "2026-11-26")).toBe(false);
  });
  it("the maximum is three quotes", () => {
    expect(isMaxQuotesReached(2)).toBe(false);
    expect(isMaxQuotesReached(3)).toBe(true);
  });
  it("reserving needs an active, unexpired flow with nothing reserved and the vehicle still for sale", () => {
    expect(reservationRefusal(flow(), "2026-11-26", true)).toBeNull();
    expect(reservationRefusal(flow({ isActive: false }), "2026-11-26", true)).toBe("quote_not_active");
    expect(reservationRefusal(flow(), "2026-12-04", true)).toBe("quote_expired");
    expect(reservationRefusal(flow({ reservedQuoteId: 3 }), "2026-11-26", true)).toBe("quote_already_reserved");
    expect(reservationRefusal(flow(), "2026-11-26", false)).toBe("quote_vehicle_unavailable");
  });
});

describe("comparing options", () => {
  const a = { term: 60, rate: "4.99", payment: "512.30", down_payment: "2000.00" };
  it("flags only the fields whose values differ", () => {
    expect(differingFields([a, { ...a, term: 72, payment: "441.10" }, a], ["term", "rate", "payment", "down_payment"])).toEqual(["term", "payment"]);
    expect(differingFields([a], ["term"])).toEqual([]);
  });
  it("finds two options with the same terms", () => {
    expect(hasIdenticalOptions([a, { ...a, term: 72 }])).toBe(false);
    expect(hasIdenticalOptions([a, { ...a }])).toBe(true);
  });
});

describe("the compared figures of quote options", () => {
  it("withhold a US lease's rate and flag the rows that differ", async () => {
    const { quoteComparedValues, differingQuoteFields } = await import("./compare.ts");
    type Q = Parameters<typeof quoteComparedValues>[0];
    const base = { payment_type: "finance", term: 60, interest_rate: null, down_payment: "2000.00", payment_frequency: "monthly", trade_in_credit: "0.00", due_on_delivery: "2000.00", savings: "0.00", option: { payment: "512.30", payment_frequency: "monthly", term: 60, rate: "4.99", down_payment: "2000.00", total_purchase_price: "30000.00", jurisdiction: "CA-ON" } } as unknown as Q;
    const lease = { ...base, payment_type: "lease", option: { ...base.option!, jurisdiction: "US-NY" } } as Q;
    expect(quoteComparedValues(lease).interest_rate).toBeNull();
    expect(quoteComparedValues(base).interest_rate).toBe("4.99");
    expect(differingQuoteFields([base, { ...base, option: { ...base.option!, payment: "441.10", term: 72 } } as Q])).toEqual(["payment", "term"]);
  });
});
