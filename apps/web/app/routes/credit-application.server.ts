import { creditApplicationWireSchema, creditStaticDataSchema, orderSchema } from "@showroom/domain";
import type { LoaderFunctionArgs } from "react-router";
import type { CreditPageData } from "../features/credit-application/credit-application-page.tsx";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { hasSessionCookie } from "../lib/cookies.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";

const BASE = "/api/customer/credit-application";

const positiveId = (value: string | null): number | null =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647 ? Number(value) : null;

/**
 * The credit application page (?order= a saved deal): the deal, the dealership's credit settings (static_data) and
 * the deal's application (read once, which starts a draft when there is none). Nobody identified: the page asks to
 * sign in, as the trade-in's does; a deal that is not the shopper's, or gone: the page says so; the API failing
 * otherwise: "Unable to retrieve credit application data". A throttled visitor gets the throttled page.
 */
export async function loadCreditApplication({ request, params, context }: LoaderFunctionArgs): Promise<CreditPageData> {
  const url = new URL(request.url);
  const orderId = positiveId(url.searchParams.get("order"));
  if (!hasSessionCookie(request.headers.get("cookie"))) return { problem: "anonymous", order: null, orderId };
  if (!orderId) return { problem: "missing", order: null, orderId: null };
  const api = serverApi(
    context,
    dealerCodeFor(request, params, context),
    request.headers.get("accept-language") ?? undefined,
  );
  try {
    const [order, data, application] = await Promise.all([
      api.get(`/api/order/${orderId}/`, orderSchema),
      api.get(`${BASE}/static_data/`, creditStaticDataSchema),
      api.get(`${BASE}/${orderId}/dealer_application/`, creditApplicationWireSchema),
    ]);
    return { problem: null, order, orderId, data, application };
  } catch (error) {
    if (error instanceof ApiError) {
      if ([401, 403, 440].includes(error.status)) return { problem: "anonymous", order: null, orderId };
      if ([400, 404].includes(error.status)) return { problem: "missing", order: null, orderId };
      return { problem: "unavailable", order: null, orderId };
    }
    // An answer that is not the contract's shape.
    if (error instanceof Error && error.name === "ZodError") return { problem: "unavailable", order: null, orderId };
    throw error;
  }
}
