import type { QuoteFlowWire, QuoteWire, quoteDifferenceSchema } from "@showroom/domain";
import type { z } from "zod";
import type { ApiClient } from "../../lib/api-client.ts";

const BASE = "/api/dealer/praq";

/** An option's figures before and after a change that is not saved (`POST {quoteId}/difference/`). */
export type QuoteDifference = z.infer<typeof quoteDifferenceSchema>;

/**
 * Staff's personalized-quote calls (transactional contract section 7, "Quotes"; the answers are
 * `quoteFlowSchema` and `quoteSchema` of packages/domain). On the shell's quiet client: the forms show the API's
 * messages themselves.
 */
export function createStaffQuotesApi(client: ApiClient) {
  return {
    /** The deal's flows, newest first. */
    flows: (order: number) => client.get<{ results: QuoteFlowWire[] }>(`${BASE}/flows/?order=${order}`),
    /** 201 a new flow, or 200 the deal's open one. */
    createFlow: (order: number) => client.post<QuoteFlowWire>(`${BASE}/flow/`, { order }),
    /** The flow with its quotes (`results`). */
    flow: (id: number) => client.get<QuoteFlowWire>(`${BASE}/flow/${id}/quotes/`),
    /** 201 the quote, priced; 400 `max_quotes_reached` at a fourth, or the fields refused. */
    addQuote: (flowId: number, body: Record<string, unknown>) => client.post<QuoteWire>(`${BASE}/flow/${flowId}/quotes/`, body),
    /** The quote re-priced with the terms sent. */
    updateQuote: (quoteId: number, body: Record<string, unknown>) => client.request<QuoteWire>("PATCH", `${BASE}/${quoteId}/`, body),
    /** The option priced with the change, not saved: the builder asks 500 ms after the last keystroke. */
    difference: (quoteId: number, body: Record<string, unknown>) => client.post<QuoteDifference>(`${BASE}/${quoteId}/difference/`, body),
    /** 204. */
    deleteQuote: (quoteId: number) => client.request<null>("DELETE", `${BASE}/${quoteId}/`),
    activate: (flowId: number) => client.post<QuoteFlowWire>(`${BASE}/flow/${flowId}/activate/`, {}),
    /** 400 for a day already past. */
    setExpiry: (flowId: number, day: string) =>
      client.request<QuoteFlowWire>("PATCH", `${BASE}/flow/${flowId}/update_quote_expiry/`, { quote_expiry: day }),
    /** Activates the flow if needed and emails the customer a link to the quote page. */
    send: (flowId: number, message: string) =>
      client.post<QuoteFlowWire>(`${BASE}/quotes_submitted_events/`, { praq_flow: flowId, ...(message ? { message } : {}) }),
  };
}
export type StaffQuotesApi = ReturnType<typeof createStaffQuotesApi>;
