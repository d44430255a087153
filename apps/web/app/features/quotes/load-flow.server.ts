import { quoteFlowSchema, quoteIdParamSchema } from "@showroom/domain";
import { data, type LoaderFunctionArgs } from "react-router";
import { ApiError, serverApi } from "../../lib/api.server.ts";
import { dealerCodeFor } from "../../lib/dealer-code.server.ts";
import type { QuotePageData } from "./quote-page.tsx";
import { flowPath, validToken } from "./quotes-api.ts";

const codeOf = (body: unknown) =>
  body && typeof body === "object" && "code" in body && typeof body.code === "string" ? body.code : null;

/**
 * The quote and compare pages' data (quotes/{id}, praq/compare/{id}): the flow with its options, read with the
 * shopper's session or the emailed link's `?token=`. Not found (or not a flow id): the not-found page (404). Nobody
 * signed in and no valid token (401, 403, 440): a sign-in prompt. The dealership's module off (403 quotes_disabled):
 * says so. Anything else, or an answer not of the contract's shape: "Unable to fetch quotes."
 */
export async function loadQuoteFlow({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = validToken(url.searchParams.get("token"));
  const missing: QuotePageData = { problem: "missing", flow: null, token };
  const id = quoteIdParamSchema.safeParse({ id: /^\d{1,10}$/.test(params["id"] ?? "") ? Number(params["id"]) : Number.NaN });
  if (!id.success) return data(missing, { status: 404 });
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  try {
    const flow = await api.get(flowPath(id.data.id, token), quoteFlowSchema);
    return data<QuotePageData>({ problem: null, flow, token });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 404 || error.status === 400) return data(missing, { status: 404 });
      if (error.status === 403 && codeOf(error.body) === "quotes_disabled") return data<QuotePageData>({ problem: "disabled", flow: null, token });
      if ([401, 403, 440].includes(error.status)) return data<QuotePageData>({ problem: "sign-in", flow: null, token });
      return data<QuotePageData>({ problem: "unavailable", flow: null, token });
    }
    if (error instanceof Error && error.name === "ZodError") return data<QuotePageData>({ problem: "unavailable", flow: null, token });
    throw error;
  }
}
