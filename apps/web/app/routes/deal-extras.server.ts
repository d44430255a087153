import { appointmentSchema, orderDocumentsSchema, type Order } from "@showroom/domain";
import type { serverApi } from "../lib/api.server.ts";
import { NO_DEAL_EXTRAS, type DealExtras } from "./deal-steps.tsx";

/**
 * A saved deal's appointment (only when the deal shows one) and documents, read side by side; either failing (the
 * dealership does not take them, a session just ended) leaves its card with what the order says.
 */
export async function loadDealExtras(api: ReturnType<typeof serverApi>, order: Order | null): Promise<DealExtras> {
  if (!order) return NO_DEAL_EXTRAS;
  const [appointment, documents] = await Promise.all([
    order.proposed_appointment
      ? api.get(`/api/appointment/${order.id}/`, appointmentSchema).catch(() => null)
      : Promise.resolve(null),
    api.get(`/api/order/${order.id}/documents/`, orderDocumentsSchema).catch(() => null),
  ]);
  return { appointment, documents };
}
