import { homeDealershipSchema, sitemapEntries, sitemapVehiclesSchema, sitemapXml } from "@showroom/domain";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import type { Route } from "./+types/sitemap";

/**
 * A dealership's sitemap ([/{dealer code}]/sitemap.xml; without the code, the dealership an address without one
 * shows): its vehicle list and every listed vehicle's details page, in each language it shows, with the other
 * languages' addresses and the vehicle's last change. The vehicles come in one call (paging the search 50 at a
 * time would take 40 calls for the demo's largest dealership).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = serverApi(context, dealerCodeFor(request, params, context));
  try {
    const [dealer, vehicles] = await Promise.all([
      api.get("/api/quickshop/dealership/home-dealership/", homeDealershipSchema),
      api.get("/api/quickshop/inventory/sitemap/", sitemapVehiclesSchema),
    ]);
    const origin = context.publicOrigin;
    // A dealership without a vehicle list sends its pages to its website: it has none to list.
    const entries = dealer.show_vehicle_list
      ? [
          ...sitemapEntries(origin, dealer, { route: "search" }),
          ...vehicles.results.flatMap((vehicle) => sitemapEntries(origin, dealer, { route: `details/${vehicle.id}` }, vehicle.updated)),
        ]
      : [];
    return new Response(sitemapXml(entries), {
      headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
