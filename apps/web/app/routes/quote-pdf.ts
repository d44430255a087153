import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import type { Route } from "./+types/quote-pdf";

/**
 * quotes/{id}/pdf/: the quote as a PDF download, under the storefront's address so a plain link (or the emailed
 * link's token) works: the API is reached in this process with the storefront's dealer code.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.id ?? "";
  if (!/^\d{1,9}$/.test(id)) return new Response("Not found", { status: 404 });
  const token = new URL(request.url).searchParams.get("token");
  const query = token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? `?token=${encodeURIComponent(token)}` : "";
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  try {
    const answer = await api.file(`/api/customer/praq/flow/${id}/pdf/${query}`);
    return new Response(await answer.arrayBuffer(), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": answer.headers.get("content-disposition") ?? `attachment; filename="quote-${id}.pdf"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof ApiError) return new Response(error.status === 404 ? "Not found" : "Forbidden", { status: error.status === 404 ? 404 : 403 });
    throw error;
  }
}
