import { quoteFlowSchema, type QuoteFlowWire } from "@showroom/domain";
import type { LoaderFunctionArgs } from "react-router";
import { ApiError, serverApi } from "../../lib/api.server.ts";
import { dealerCodeFor } from "../../lib/dealer-code.server.ts";

export type QuoteBuilderData = {
  /** The flow with its options; null when it could not be read (the state says why). */
  flow: QuoteFlowWire | null;
  /** "signed-out" asks for the dealer sign-in; "not-found" is a flow this user may not see, or none. */
  state: "ok" | "signed-out" | "not-found";
};

/** The quote builder's flow (`GET /api/dealer/praq/flow/{id}/quotes/`), read with the staff session. */
export async function loadQuoteBuilder({ request, params, context }: LoaderFunctionArgs): Promise<QuoteBuilderData> {
  const id = params["id"] ?? "";
  if (!/^\d{1,10}$/.test(id) || Number(id) <= 0) return { flow: null, state: "not-found" };
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  try {
    return { flow: await api.get(`/api/dealer/praq/flow/${id}/quotes/`, quoteFlowSchema), state: "ok" };
  } catch (error) {
    // 403 (not staff, or the second factor not passed yet) and 440 (the session just ended) read as signed out.
    if (error instanceof ApiError && (error.status === 403 || error.status === 440)) return { flow: null, state: "signed-out" };
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { flow: null, state: "not-found" };
    throw error;
  }
}
