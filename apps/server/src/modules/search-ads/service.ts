import { randomBytes } from "node:crypto";
import {
  cleanSearchAdFilters,
  searchQuerySchema,
  type SearchAd,
  type SearchAdCreate,
  type SearchAdFilters,
  type SearchQuery,
  type VehicleSummary,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { DealershipRow, DealershipsService } from "../dealerships/service.ts";
import type { InventoryService } from "../inventory/service.ts";
import { searchAdsRepo, type SearchAdRow } from "./repo.ts";

export const SEARCH_AD_STAFF_PAGE_SIZE = 20;

type Listing = Awaited<ReturnType<DealershipsService["listingGroup"]>>[number];
type Failure = { kind: "bad_filter"; field: "dealership_uid" | "dealership_name" };
type Outcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/**
 * The dealerships a search covers, as the search API reads dealership_uid and dealership_name: the tenant alone
 * unless they name dealerships of its group. `strict` (an ad being created) refuses a name outside the group;
 * an existing ad whose dealership left the group searches what is left of it (the tenant when nothing is).
 */
function dealersOf(tenant: DealershipRow, group: Listing[], query: SearchQuery, strict: boolean): Outcome<Listing[]> {
  const own = group.filter((d) => d.id === tenant.id);
  const uids = query.dealership_uid ?? [];
  const names = (query.dealership_name ?? []).map((name) => name.toLowerCase());
  if (!uids.length && !names.length) return { ok: true, value: own };
  if (strict && uids.some((uid) => !group.some((d) => d.uid === uid))) return { ok: false, failure: { kind: "bad_filter", field: "dealership_uid" } };
  const chosen = group.filter((d) => uids.includes(d.uid) || names.includes(d.name.toLowerCase()));
  if (chosen.length) return { ok: true, value: chosen };
  return strict ? { ok: false, failure: { kind: "bad_filter", field: "dealership_name" } } : { ok: true, value: own };
}

export function searchAdsService(deps: {
  db: Db;
  now: () => Date;
  dealerships: Pick<DealershipsService, "listingGroup">;
  inventory: Pick<InventoryService, "search">;
  staffNames(ids: number[]): Promise<Map<number, string>>;
}) {
  const repo = searchAdsRepo(deps.db);

  async function views(rows: SearchAdRow[]): Promise<SearchAd[]> {
    const names = await deps.staffNames(rows.map((r) => r.createdBy));
    return rows.map((row) => ({
      uid: row.uid,
      title: row.title,
      filters: row.filters,
      active: row.active,
      created_by: { id: row.createdBy, full_name: names.get(row.createdBy) ?? "" },
      created_at: row.createdAt.toISOString(),
    }));
  }

  return {
    /** A new ad of the dealership, active at once; its filters are kept without empty values. */
    async create(dealership: DealershipRow, staffId: number, input: SearchAdCreate): Promise<Outcome<SearchAd>> {
      const filters = cleanSearchAdFilters(input.filters);
      const checked = dealersOf(dealership, await deps.dealerships.listingGroup(dealership), searchQuerySchema.parse(filters), true);
      if (!checked.ok) return checked;
      const row = await repo.insert({
        uid: randomBytes(12).toString("base64url"),
        dealershipId: dealership.id,
        title: input.title,
        filters,
        createdBy: staffId,
        createdAt: deps.now(),
      });
      return { ok: true, value: (await views([row]))[0]! };
    },

    async list(dealership: DealershipRow, page: number): Promise<{ count: number; results: SearchAd[] }> {
      const { count, rows } = await repo.page(dealership.id, page, SEARCH_AD_STAFF_PAGE_SIZE);
      return { count, results: await views(rows) };
    },

    /** Withdraws (or publishes again) an ad of the dealership; null for one it does not have. */
    async setActive(dealership: DealershipRow, uid: string, active: boolean): Promise<SearchAd | null> {
      const row = await repo.setActive(dealership.id, uid, active);
      return row ? (await views([row]))[0]! : null;
    },

    /**
     * The public view: an active ad of this dealership and one page of the listed vehicles its filters match now
     * (the search API's own search, 50 a page). Null for an ad it does not have or has withdrawn.
     */
    async publicView(
      dealership: DealershipRow,
      uid: string,
      page: number,
    ): Promise<{ ad: { uid: string; title: string; filters: SearchAdFilters; created_at: string }; count: number; results: VehicleSummary[] } | null> {
      const row = await repo.byUid(dealership.id, uid);
      if (!row || !row.active) return null;
      const parsed = searchQuerySchema.safeParse({ ...row.filters, page });
      // Filters are checked when the ad is made; should the search's rules change, the ad lists with the defaults.
      const query = parsed.success ? parsed.data : searchQuerySchema.parse({ page });
      const group = await deps.dealerships.listingGroup(dealership);
      const dealers = dealersOf(dealership, group, query, false);
      const found = await deps.inventory.search({ dealers: dealers.ok ? dealers.value : [], group, query, origin: null });
      return { ad: { uid: row.uid, title: row.title, filters: row.filters, created_at: row.createdAt.toISOString() }, count: found.count, results: found.results };
    },
  };
}
export type SearchAdsService = ReturnType<typeof searchAdsService>;
