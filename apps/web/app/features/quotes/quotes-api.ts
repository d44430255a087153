import type { QuoteFlowWire, QuoteWire } from "@showroom/domain";
import type { ApiClient } from "../../lib/api-client.ts";

const BASE = "/api/customer/praq";

/** The emailed link's token as the API takes it (`quoteTokenQuerySchema`); anything else is not passed on. */
export const validToken = (token: string | null | undefined): string | null =>
  token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;

function withToken(token: string | null): string {
  const valid = validToken(token);
  return valid ? `?token=${encodeURIComponent(valid)}` : "";
}

/** The address of a flow's quotes (`?token=` lets the emailed link read them before sign-in). */
export const flowPath = (flowId: number, token: string | null = null) => `${BASE}/flow/${flowId}/quotes/${withToken(token)}`;

/**
 * The shopper's personalized-quote calls (transactional contract section 7, "Quotes"), on the shell's quiet client:
 * the pages word the refusals themselves.
 */
export function createQuotesApi(client: ApiClient) {
  return {
    /** 201: the new flow (requested); 409 quote_request_pending; 403 quotes_disabled. */
    request: (orderId: number, message: string) =>
      client.post<QuoteFlowWire>(`${BASE}/`, { order_id: orderId, user_options: message.trim() ? { message: message.trim() } : {} }),
    /** The deal's flows, newest first. */
    flows: (orderId: number) => client.get<{ results: QuoteFlowWire[] }>(`${BASE}/flows/?order=${orderId}`),
    flow: (flowId: number, token: string | null = null) => client.get<QuoteFlowWire>(flowPath(flowId, token)),
    quote: (quoteId: number) => client.get<QuoteWire>(`${BASE}/quotes/${quoteId}/`),
    /** The shopper's preferred option; answers the flow. */
    setPrimary: (quoteId: number) => client.post<QuoteFlowWire>(`${BASE}/primary_quote_set_events/`, { quote: quoteId }),
    /** Reserves an option; answers the flow, or 409 with the reason (quote_expired, quote_vehicle_unavailable, ...). */
    reserve: (quoteId: number) => client.post<QuoteFlowWire>(`${BASE}/quotes/${quoteId}/reserve/`, {}),
  };
}
export type QuotesApi = ReturnType<typeof createQuotesApi>;
