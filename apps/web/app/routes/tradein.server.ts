import {
  orderSchema,
  tradeInQuestionSchema,
  tradeInSchema,
  tradeInSettingsSchema,
  type Order,
  type TradeInQuestionWire,
  type TradeInSettingsWire,
  type TradeInWire,
} from "@showroom/domain";
import type { LoaderFunctionArgs } from "react-router";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { hasSessionCookie } from "../lib/cookies.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";

export type TradeInPageData = {
  settings: TradeInSettingsWire;
  questions: TradeInQuestionWire[];
  /** The saved deal the trade goes towards (?order=), when it is the shopper's. */
  order: Order | null;
  /** The id asked for in ?order=, even when the deal could not be read (the accept call names it). */
  orderId: number | null;
  /** The trade to resume: ?trade_in=, else the deal's latest one that was not discarded. */
  trade: TradeInWire | null;
};

const positiveId = (value: string | null): number | null =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
/** A list answer, plain or paged ({results}), each item read with the item's schema. */
const listOf = <T>(item: { parse(data: unknown): T }) => ({
  parse(data: unknown): T[] {
    const items = Array.isArray(data) ? data : (data as { results?: unknown } | null)?.results;
    if (!Array.isArray(items)) throw new TypeError("a list was expected");
    return items.map((entry) => item.parse(entry));
  },
});

/** Not the shopper's, gone, or nobody signed in: the page starts a new valuation instead. */
const missing = (error: unknown) => error instanceof ApiError && [400, 403, 404, 440].includes(error.status);

/**
 * The trade-in page (spec 2.1 "tradein"): the dealership's trade-in settings and questionnaire, the saved deal of
 * ?order= and the trade to resume (?trade_in=, or the deal's latest).
 */
export async function loadTradeIn({ request, params, context }: LoaderFunctionArgs): Promise<TradeInPageData> {
  const url = new URL(request.url);
  const api = serverApi(
    context,
    dealerCodeFor(request, params, context),
    request.headers.get("accept-language") ?? undefined,
  );
  const orderId = positiveId(url.searchParams.get("order"));
  const tradeParam = url.searchParams.get("trade_in");
  const signedIn = hasSessionCookie(request.headers.get("cookie"));
  const orUndefined = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
  const [settings, questions, order] = await Promise.all([
    api.get("/api/trade-in/settings/", tradeInSettingsSchema),
    api.get("/api/trade-in/tradein-questions/", listOf(tradeInQuestionSchema)),
    orderId && signedIn ? orUndefined(api.get(`/api/order/${orderId}/`, orderSchema)) : Promise.resolve(null),
  ]);
  let trade: TradeInWire | null = null;
  if (signedIn && tradeParam && /^[\w-]{1,64}$/.test(tradeParam))
    trade = await orUndefined(api.get(`/api/trade-in/${tradeParam}/`, tradeInSchema));
  else if (signedIn && orderId) {
    const list = await orUndefined(api.get(`/api/trade-in/?order=${orderId}`, listOf(tradeInSchema)));
    trade =
      (list ?? [])
        .filter((t) => t.status !== "discarded")
        .sort((a, b) => b.last_updated.localeCompare(a.last_updated))[0] ?? null;
  }
  return { settings, questions, order, orderId, trade };
}
