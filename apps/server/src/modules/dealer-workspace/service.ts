import { WORKSPACE_PAGE_SIZE, canSeeCustomer, customerScope, orderIdInPath, summarizeChanges, type ActivityEntry, type EffectiveRole, type WorkspaceCustomer } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { CustomerRow, CustomersService } from "../customers/service.ts";
import type { SavedVehicle } from "../inventory/vehicle-views.ts";
import { dealVehicle, toDealSummary, type OrdersService, type StepSettings } from "../orders/service.ts";
import { activityRepo, type ActivityRow } from "./repo.ts";

export type WorkspaceStaff = { id: number; role: EffectiveRole };
export type ActingContext = { dealershipId: number; dealerUserId: number; customerId: number };
export type ActivityPage = { count: number; results: ActivityEntry[] };

export const ACTIVITY_PAGE_SIZE = 50;

const latest = (...dates: (Date | null | undefined)[]) => new Date(Math.max(...dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime())));

export function toActivityEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    staff: { id: row.dealerUserId, full_name: row.staffName },
    customer: row.customerId,
    order: row.orderId,
    method: row.method,
    path: row.path,
    status_code: row.statusCode,
    fields: row.fields,
    summary: row.summary,
  };
}

/**
 * The dealer workspace: a dealership's customers as a staff user may see them (a sales rep their own
 * and the unassigned; other roles all), each customer's deals, and the record of what staff did
 * while acting for a customer.
 */
export function dealerWorkspaceService(deps: {
  db: Db;
  now: () => Date;
  customers: CustomersService;
  orders: OrdersService;
  staffNames: (ids: number[]) => Promise<Map<number, string>>;
  vehiclesByIds: (ids: number[]) => Promise<Map<number, SavedVehicle>>;
}) {
  const repo = activityRepo(deps.db);

  async function present(dealershipId: number, rows: CustomerRow[]): Promise<WorkspaceCustomer[]> {
    const ids = rows.map((r) => r.id);
    const [deals, activityTimes, names] = await Promise.all([
      deps.orders.countsByCustomers(dealershipId, ids),
      repo.lastByCustomers(dealershipId, ids),
      deps.staffNames(rows.flatMap((r) => (r.dealerUserId === null ? [] : [r.dealerUserId]))),
    ]);
    const dealsBy = new Map(deals.map((d) => [d.customerId, d]));
    const activityBy = new Map(activityTimes.map((a) => [a.customerId, a.last]));
    return rows.map((row) => ({
      id: row.id,
      uid: row.uid,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      full_name: `${row.firstName} ${row.lastName}`.trim(),
      phone: row.phone,
      language: row.language,
      source: row.source,
      dealer_user: row.dealerUserId === null ? null : { id: row.dealerUserId, full_name: names.get(row.dealerUserId) ?? "" },
      deal_count: dealsBy.get(row.id)?.count ?? 0,
      created: row.createdAt.toISOString(),
      last_activity: latest(row.updatedAt, dealsBy.get(row.id)?.lastUpdated, activityBy.get(row.id)).toISOString(),
    }));
  }

  return {
    async listCustomers(staff: WorkspaceStaff, dealershipId: number, input: { search?: string | undefined; page: number }) {
      const scope = customerScope(staff.role);
      if (scope === "none") return { count: 0, results: [] };
      const visibleTo = scope === "assigned_or_unassigned" ? staff.id : undefined;
      const { count, rows } = await deps.customers.search(dealershipId, { text: input.search, visibleTo }, (input.page - 1) * WORKSPACE_PAGE_SIZE, WORKSPACE_PAGE_SIZE);
      return { count, results: await present(dealershipId, rows) };
    },

    /** A customer this staff user may see, or null (unknown, of another dealership, or assigned to another rep). */
    async visibleCustomer(staff: WorkspaceStaff, dealershipId: number, customerId: number): Promise<CustomerRow | null> {
      const row = await deps.customers.byId(dealershipId, customerId);
      return row && canSeeCustomer(staff, { dealer_user: row.dealerUserId }) ? row : null;
    },

    async customerDetail(dealershipId: number, row: CustomerRow, settings: StepSettings) {
      const [customer] = await present(dealershipId, [row]);
      const deals = await deps.orders.allOf({ dealershipId, customerId: row.id });
      const vehicles = await deps.vehiclesByIds(deals.map((d) => d.vehicleId));
      return { ...customer!, deals: deals.map((deal) => toDealSummary(deal, { vehicle: dealVehicle(deal, vehicles), settings })) };
    },

  };
}
export type DealerWorkspaceService = ReturnType<typeof dealerWorkspaceService>;

/** The record of what staff did while acting for customers: written around each call, read per deal. */
export function activityRecorder(deps: { db: Db; now: () => Date; staffNames: (ids: number[]) => Promise<Map<number, string>> }) {
  const repo = activityRepo(deps.db);
  return {
    pageSize: ACTIVITY_PAGE_SIZE,
    /** The record of one deal, for its customer (and staff acting for them). */
    async activityOfOrder(owner: { dealershipId: number; customerId: number }, orderId: number, page: number): Promise<ActivityPage> {
      const { count, rows } = await repo.pageForOrder(owner, orderId, (page - 1) * ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZE);
      return { count, results: rows.map(toActivityEntry) };
    },

    /** Writes the record of a call before it runs; `finish` completes it with the status. */
    async startRecord(context: ActingContext, call: { method: string; path: string; body: unknown }): Promise<number> {
      const names = await deps.staffNames([context.dealerUserId]);
      const { fields, summary } = summarizeChanges(call.body);
      return repo.insert({
        ...context,
        staffName: names.get(context.dealerUserId) ?? "",
        orderId: orderIdInPath(call.path),
        method: call.method,
        path: call.path,
        fields,
        summary,
        createdAt: deps.now(),
      });
    },
    finishRecord: (id: number, statusCode: number, createdOrderId: number | null) => repo.finish(id, statusCode, createdOrderId),
  };
}
export type ActivityRecorder = ReturnType<typeof activityRecorder>;
