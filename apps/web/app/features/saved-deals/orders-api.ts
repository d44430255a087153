import type { ActivityEntry, Order, OrderCreateInput, OrderPage, OrderPatch } from "@showroom/domain";
import type { ApiClient } from "../../lib/api-client.ts";

export type { OrderPage } from "@showroom/domain";

/** The saved-deal calls (transactional spec 7, "Orders"). */
export function createOrdersApi(client: ApiClient) {
  return {
    list: (page = 1) => client.get<OrderPage>(`/api/order/?page=${page}`),
    /** 201 with the saved deal; 403 when no customer is signed in. */
    create: (payload: OrderCreateInput) => client.post<Order>("/api/order/", payload),
    /** Changes some fields of a saved deal (a build state, the chosen payment). */
    update: (id: number, changes: OrderPatch) => client.request<Order>("PATCH", `/api/order/${id}/`, changes),
    /** 200 `{can_delete: true}`, or 400 with the refusal's message and code. */
    checkDelete: (id: number) => client.request<{ can_delete: true }>("DELETE", `/api/order/${id}/?dry_run=1`),
    /** What staff did on the deal while acting for the customer, newest first (readable by the customer too). */
    activity: (id: number) => client.get<{ count: number; next: string | null; results: ActivityEntry[] }>(`/api/order/${id}/activity/`),
    remove: (id: number) => client.request<null>("DELETE", `/api/order/${id}/`),
  };
}
export type OrdersApi = ReturnType<typeof createOrdersApi>;
