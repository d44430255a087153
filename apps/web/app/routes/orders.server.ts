import { knownOrderSource, orderPageSchema, type OrderPage } from "@showroom/domain";
import { redirect } from "react-router";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import type { Route } from "./+types/orders";

export type OrdersData = {
  /** Null when no customer is signed in: the page asks them to sign in. */
  list: OrderPage | null;
  page: number;
  source: string | null;
};

/**
 * The saved vehicles (spec 2.1 "orders"): the signed-in customer's deals at this dealership, a page at a time.
 * A source the storefront does not know is dropped from the address (spec 5).
 */
export async function loadOrders({ request, params, context }: Route.LoaderArgs): Promise<OrdersData> {
  const url = new URL(request.url);
  const source = url.searchParams.get("source");
  if (source !== null && !knownOrderSource(source)) {
    url.searchParams.delete("source");
    throw redirect(`${url.pathname}${url.search}`);
  }
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  try {
    return { list: await api.get(`/api/order/?page=${page}`, orderPageSchema), page, source };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Nobody signed in (403), or the session just ended (440: the shell tells the visitor).
    if (error.status === 403 || error.status === 440) return { list: null, page, source };
    // A page past the end: the first page instead.
    if (error.status === 404 && page > 1) {
      url.searchParams.delete("page");
      throw redirect(`${url.pathname}${url.search}`);
    }
    throw error;
  }
}
