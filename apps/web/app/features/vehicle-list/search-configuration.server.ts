import { configurationIdOf, customerConfigurationSchema } from "@showroom/domain";
import { z } from "zod";
import type { serverApi } from "../../lib/api.server.ts";
import type { ConfigurationBannerData } from "./configuration-banner.tsx";

const firstOrderSchema = z.object({ results: z.array(z.object({ configuration_id: z.string().nullable() }).loose()) }).loose();
const configurationAnswerSchema = customerConfigurationSchema.pick({ id: true, vehicle: true, vehicle_summary: true });

/**
 * Storefront spec 2.2: the configuration the list shows, from the `configurationId` query, or else the first saved
 * deal's (for a signed-in customer). It is read with the session, so it opens for the build's own shopper and the
 * dealership's staff; anything else (no such configuration, not theirs, no deal) leaves the list without it: a
 * failure to fetch is swallowed on the search page.
 */
export async function loadSearchConfiguration(
  api: ReturnType<typeof serverApi>,
  params: URLSearchParams,
  hasSession: boolean,
): Promise<ConfigurationBannerData | null> {
  try {
    let id = configurationIdOf(params.get("configurationId"));
    if (id === null && hasSession) {
      const orders = await api.get("/api/order/", firstOrderSchema).catch(() => null);
      id = configurationIdOf(orders?.results[0]?.configuration_id);
    }
    if (id === null) return null;
    const configuration = await api.get(`/api/customer/configuration/${id}/`, configurationAnswerSchema);
    return configuration.vehicle_summary ? { vehicle: configuration.vehicle, summary: configuration.vehicle_summary } : null;
  } catch {
    return null;
  }
}
