import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { AdvertisedTerms, SearchQuery } from "@showroom/domain";
import { rowsOf, type Db } from "../../db/client.ts";
import type { SearchSource } from "./search-index.ts";
import { facetGroupings, filterConditions, orderBy, scopeCondition, type Dimension, type FacetRow } from "./search-sql.ts";
import { inventoryImports, inventoryRevisions, listedVehicle, vehicles } from "./tables.ts";

export type VehicleRow = typeof vehicles.$inferSelect;

/** The columns a vehicle's search card is made of (toVehicleSummary), with `dealershipId` to find its dealership. */
const SUMMARY_KEYS = [
  "id", "uid", "dealershipId", "vin", "stockNumber", "year", "make", "model", "trim", "marketingTrim", "trimFr", "condition", "isCertified",
  "stockStatus", "heldForCustomerId", "available", "priceCents", "msrpCents", "cashPaymentCents", "financePaymentCents", "leasePaymentCents",
  "advertisedTerms", "bodyType", "exteriorColor", "exteriorColorNormalized", "interiorColor", "fuelType", "drivetrain", "transmission",
  "odometer", "arrivalDate",
] as const satisfies readonly (keyof VehicleRow)[];
/** A vehicle as a search card needs it: `images` holds its first photo alone (or none). */
export type SummaryRow = Pick<VehicleRow, (typeof SUMMARY_KEYS)[number] | "images">;
export type NewVehicleRow = typeof vehicles.$inferInsert;
/** One group of the facet query: rows failing only `miss` (or none, '') grouped by one dimension's value. */
export type { FacetRow } from "./search-sql.ts";

function searchCondition(dealershipIds: number[], query: SearchQuery): SQL {
  return sql.join([scopeCondition(dealershipIds, query), ...Object.values(filterConditions(query))], sql` and `);
}

const columnName = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Rows as one jsonb parameter, read back as vehicles rows by jsonb_populate_recordset: a bulk write binds one value
 * instead of one per field, which drizzle builds slowly (a 500-vehicle upsert took longer to build than to run).
 * JSON gives each column its driver value: Date as its ISO string, jsonb columns as themselves, null for null.
 */
function vehicleRecords(rows: Record<string, unknown>[], keys: string[]): SQL {
  return columnRecords(rows.map((row) => Object.fromEntries(keys.map((key) => [columnName(key), row[key] ?? null]))));
}

/** Records already keyed by column name. */
const columnRecords = (records: Record<string, unknown>[]): SQL => sql`jsonb_populate_recordset(null::${vehicles}, ${JSON.stringify(records)}::jsonb)`;

/** The feed's fields of a vehicle (never its id, uid or dealership) that are columns of `vehicles`. */
function writableKeys(keys: string[]): string[] {
  const columns = getTableColumns(vehicles);
  return keys.filter((key) => key !== "id" && key !== "uid" && key !== "dealershipId" && key in columns);
}

/**
 * A page of search cards reads 32 of a vehicle's 51 columns and its first photo, not its features, packages,
 * description or every photo: on embedded PGlite, decoding the rest was a third of reading the page.
 */
function summaryColumns() {
  const columns = getTableColumns(vehicles);
  const picked = Object.fromEntries(SUMMARY_KEYS.map((key) => [key, columns[key]])) as Pick<typeof columns, (typeof SUMMARY_KEYS)[number]>;
  return { ...picked, images: sql<string[]>`jsonb_path_query_array(${vehicles.images}, '$[0]')` };
}

async function inOrder<Row extends { id: number }>(ids: number[], statement: { execute(values: { ids: number[] }): Promise<Row[]> }): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = new Map((await statement.execute({ ids })).map((row) => [row.id, row]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

export function inventoryRepo(db: Db) {
  const summary = summaryColumns();
  // Read on every search: prepared once, so a request does not build its SQL again.
  const revisionRows = db
    .select()
    .from(inventoryRevisions)
    .where(sql`${inventoryRevisions.dealershipId} = any(${sql.placeholder("ids")}::int[])`)
    .prepare("inventory_revisions_of");
  const inDealerships = sql`${vehicles.dealershipId} = any(${sql.placeholder("ids")}::int[])`;
  const vehicleById = db.select().from(vehicles).where(and(inDealerships, eq(vehicles.id, sql.placeholder("id")))).limit(1).prepare("vehicle_by_id");
  const byIdsCondition = sql`${vehicles.id} = any(${sql.placeholder("ids")}::int[])`;
  const vehiclesByIds = db.select().from(vehicles).where(byIdsCondition).prepare("vehicles_by_ids");
  // A search page's vehicles: one statement text whatever their number, so PostgreSQL plans it once.
  const summariesByIds = db.select(summary).from(vehicles).where(byIdsCondition).prepare("vehicle_summaries_by_ids");
  const vehicleByVin = db.select().from(vehicles).where(and(inDealerships, eq(vehicles.vin, sql.placeholder("vin")))).orderBy(vehicles.id).limit(1).prepare("vehicle_by_vin");

  return {
    async findInDealerships(dealershipIds: number[], idOrVin: string): Promise<VehicleRow | null> {
      const rows = /^\d+$/.test(idOrVin)
        ? await vehicleById.execute({ ids: dealershipIds, id: Number(idOrVin) })
        : await vehicleByVin.execute({ ids: dealershipIds, vin: idOrVin.toUpperCase() });
      return rows[0] ?? null;
    },

    /** What the image route needs of a vehicle, whichever dealership lists it (its photos are as public as its page). */
    async photoSource(id: number): Promise<Pick<VehicleRow, "images" | "bodyType" | "exteriorColorNormalized"> | null> {
      const rows = await db
        .select({ images: vehicles.images, bodyType: vehicles.bodyType, exteriorColorNormalized: vehicles.exteriorColorNormalized })
        .from(vehicles)
        .where(eq(vehicles.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The dealership's listed vehicle of a catalogue trim (its jato id), the oldest first; null when none. */
    async listedByJatoId(dealershipId: number, jatoId: string): Promise<VehicleRow | null> {
      const rows = await db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.dealershipId, dealershipId), eq(vehicles.jatoId, jatoId), listedVehicle(vehicles)))
        .orderBy(vehicles.id)
        .limit(1);
      return rows[0] ?? null;
    },

    async searchPage(dealershipIds: number[], query: SearchQuery, distances: Map<number, number>, offset: number, limit: number): Promise<SummaryRow[]> {
      return db.select(summary).from(vehicles).where(searchCondition(dealershipIds, query)).orderBy(...orderBy(query, distances)).offset(offset).limit(limit);
    },

    /** The ids of the first `limit` vehicles of a search, in its order: the reference for orderedIds of search-index.ts (its property test compares them). */
    async searchIds(dealershipIds: number[], query: SearchQuery, distances: Map<number, number>, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(searchCondition(dealershipIds, query))
        .orderBy(...orderBy(query, distances))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** These vehicles, in the order of `ids`. */
    byIds: (ids: number[]): Promise<VehicleRow[]> => inOrder(ids, vehiclesByIds),

    /** These vehicles as search cards need them, in the order of `ids`. */
    summariesByIds: (ids: number[]): Promise<SummaryRow[]> => inOrder(ids, summariesByIds),

    /**
     * The reference for the in-memory counts of search-index.ts (its property test compares the two; searches
     * count in memory). All facet counts in one scan: each row that fails at most one filter is tagged with the filter it
     * fails (its `miss`), and grouping sets count it per dimension value. A dimension's counts are then
     * the rows that miss nothing or miss that very dimension: every other filter applied.
     */
    async facetCounts(dealershipIds: number[], query: SearchQuery): Promise<FacetRow[]> {
      const filters = Object.entries(filterConditions(query)) as [Dimension, SQL][];
      const groupings = facetGroupings(query.paymentType);
      const passes = filters.map(([dimension, condition]) => sql`(${condition}) as ${sql.identifier(`p_${dimension}`)}`);
      const failures = filters.map(([dimension]) => sql`(not ${sql.identifier(`p_${dimension}`)})::int`);
      const missCase = filters.length
        ? sql`case ${sql.join(filters.map(([d]) => sql`when not ${sql.identifier(`p_${d}`)} then ${d}`), sql` `)} else '' end`
        : sql`''`;
      const dims = groupings.map((_, i) => sql.identifier(`d_${i}`));
      const statement = sql`
        select grouping(${sql.join(dims, sql`, `)}) as g, miss,
          ${sql.join(dims.map((d) => sql`${d}::text`), sql`, `)}, count(*)::int as n
        from (
          select ${missCase} as miss, ${sql.join(dims, sql`, `)}
          from (
            select ${sql.join(groupings.map(({ column }, i) => sql`${column} as ${dims[i]}`), sql`, `)}
              ${passes.length ? sql`, ${sql.join(passes, sql`, `)}` : sql``}
            from ${vehicles}
            where ${scopeCondition(dealershipIds, query)}
          ) scoped
          ${failures.length ? sql`where ${sql.join(failures, sql` + `)} <= 1` : sql``}
        ) tagged
        group by grouping sets (${sql.join(dims.map((d) => sql`(miss, ${d})`), sql`, `)})`;
      // The planner guesses tens of thousands of groups where there are a few hundred (it sums its guess
      // over the sets) and, past a few thousand vehicles, sorts the whole scope (spilling to disk with the
      // default 4 MB) instead of hashing: this query alone may use more memory, for a search of a group.
      const result =
        dealershipIds.length > 1
          ? await db.transaction(async (tx) => {
              await tx.execute(sql`set local work_mem = '32MB'`);
              return tx.execute(statement);
            })
          : await db.execute(statement);
      const last = groupings.length - 1;
      return rowsOf<Record<string, unknown>>(result).map((row) => {
        // grouping() sets a bit for every column left out of the set; the one clear bit is this row's grouping.
        const g = Number(row.g);
        const index = groupings.findIndex((_, i) => (g & (1 << (last - i))) === 0);
        return {
          dimension: groupings[index]!.dimension,
          miss: row.miss as Dimension | "",
          value: (row[`d_${index}`] as string | null) ?? null,
          count: Number(row.n),
        };
      });
    },

    /** What the in-memory facet counts read of a dealership's listed vehicles. */
    searchSources: (dealershipId: number): Promise<SearchSource[]> =>
      db
        .select({
          id: vehicles.id,
          inStockDate: vehicles.inStockDate,
          arrivalDate: vehicles.arrivalDate,
          condition: vehicles.condition,
          isCertified: vehicles.isCertified,
          make: vehicles.make,
          model: vehicles.model,
          trim: vehicles.trim,
          bodyType: vehicles.bodyType,
          drivetrain: vehicles.drivetrain,
          exteriorColorNormalized: vehicles.exteriorColorNormalized,
          interiorColor: vehicles.interiorColor,
          fuelType: vehicles.fuelType,
          transmission: vehicles.transmission,
          stockStatus: vehicles.stockStatus,
          featureMask: vehicles.featureMask,
          year: vehicles.year,
          odometer: vehicles.odometer,
          priceCents: vehicles.priceCents,
          financePaymentCents: vehicles.financePaymentCents,
          leasePaymentCents: vehicles.leasePaymentCents,
          searchText: vehicles.searchText,
        })
        .from(vehicles)
        .where(and(eq(vehicles.dealershipId, dealershipId), listedVehicle(vehicles))),

    /** Every dealership's inventory revision that moved from 0 (a row per dealership that was ever written). */
    async allRevisions(): Promise<Map<number, number>> {
      const rows = await db.select().from(inventoryRevisions);
      return new Map(rows.map((r) => [r.dealershipId, r.revision]));
    },

    /** Each dealership's inventory revision (0 before its first write). */
    async revisions(dealershipIds: number[]): Promise<Map<number, number>> {
      const rows = await revisionRows.execute({ ids: dealershipIds });
      return new Map(dealershipIds.map((id) => [id, rows.find((r) => r.dealershipId === id)?.revision ?? 0]));
    },

    async listedCounts(dealershipIds: number[]): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: vehicles.dealershipId, n: sql<number>`count(*)::int` })
        .from(vehicles)
        .where(and(inArray(vehicles.dealershipId, dealershipIds), listedVehicle(vehicles)))
        .groupBy(vehicles.dealershipId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },

    async distinctColours(dealershipId: number, filter: { year?: number | undefined; make?: string | undefined; model?: string | undefined }) {
      const parts: SQL[] = [sql`${vehicles.dealershipId} = ${dealershipId}`];
      if (filter.year !== undefined) parts.push(sql`${vehicles.year} = ${filter.year}`);
      if (filter.make) parts.push(sql`lower(${vehicles.make}) = ${filter.make.toLowerCase()}`);
      if (filter.model) parts.push(sql`lower(${vehicles.model}) = ${filter.model.toLowerCase()}`);
      return db
        .selectDistinct({ name: vehicles.exteriorColor, normalized: vehicles.exteriorColorNormalized })
        .from(vehicles)
        .where(sql.join(parts, sql` and `))
        .orderBy(vehicles.exteriorColor);
    },

    /** Vehicles of one dealership by VIN, for the import to compare against. */
    async byVin(dealershipId: number, vins: string[]): Promise<Map<string, VehicleRow>> {
      if (vins.length === 0) return new Map();
      const rows = await db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.dealershipId, dealershipId), inArray(vehicles.vin, vins)));
      return new Map(rows.map((row) => [row.vin, row]));
    },

    async availableVins(dealershipId: number): Promise<string[]> {
      const rows = await db
        .select({ vin: vehicles.vin })
        .from(vehicles)
        .where(and(eq(vehicles.dealershipId, dealershipId), eq(vehicles.available, true)));
      return rows.map((r) => r.vin);
    },

    /**
     * Holds a listed vehicle for a shopper until `until`, unless another shopper's hold is still running: answers
     * whether this shopper now holds it. The update moves the inventory revision (its trigger), so caches see it.
     */
    async hold(dealershipId: number, vehicleId: number, customerId: number, until: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(vehicles)
        .set({ heldForCustomerId: customerId, heldUntil: until, updatedAt: now })
        .where(
          and(
            eq(vehicles.dealershipId, dealershipId),
            eq(vehicles.id, vehicleId),
            listedVehicle(vehicles),
            sql`${vehicles.stockStatus} <> 'R'`,
            sql`(${vehicles.heldForCustomerId} is null or ${vehicles.heldForCustomerId} = ${customerId} or ${vehicles.heldUntil} <= ${now})`,
          ),
        )
        .returning({ id: vehicles.id });
      return rows.length === 1;
    },
    /** Lets go of this shopper's hold (another's is left alone). */
    async releaseHold(dealershipId: number, vehicleId: number, customerId: number, now: Date) {
      await db
        .update(vehicles)
        .set({ heldForCustomerId: null, heldUntil: null, updatedAt: now })
        .where(and(eq(vehicles.dealershipId, dealershipId), eq(vehicles.id, vehicleId), eq(vehicles.heldForCustomerId, customerId)));
    },

    /** Applies an import in one transaction: a feed is either wholly applied or not at all. */
    async applyImport(change: {
      dealershipId: number;
      inserts: NewVehicleRow[];
      /** Changed vehicles with every value the feed gives them. */
      updates: { id: number; values: NewVehicleRow }[];
      unavailableVins: string[];
      record: typeof inventoryImports.$inferInsert;
    }) {
      return db.transaction(async (tx) => {
        // New vehicles 2,000 a statement, bound as the changed ones are; a column the rows leave out takes its default.
        for (let i = 0; i < change.inserts.length; i += 2000) {
          const batch = change.inserts.slice(i, i + 2000);
          const keys = Object.keys(batch[0]!).filter((key) => key in getTableColumns(vehicles));
          const columns = sql.join(keys.map((key) => sql.identifier(columnName(key))), sql`, `);
          await tx.execute(sql`insert into ${vehicles} (${columns}) select ${columns} from ${vehicleRecords(batch, keys)} as p`);
        }
        // 2,000 changed vehicles a statement: each row, found by id, takes every value the feed gives it.
        const at = new Date();
        for (let i = 0; i < change.updates.length; i += 2000) {
          const batch = change.updates.slice(i, i + 2000).map(({ id, values }) => ({ ...values, id, updatedAt: at }));
          const keys = writableKeys(Object.keys(batch[0]!));
          const set = sql.join(keys.map((key) => sql`${sql.identifier(columnName(key))} = p.${sql.identifier(columnName(key))}`), sql`, `);
          await tx.execute(sql`update ${vehicles} set ${set} from ${vehicleRecords(batch, ["id", ...keys])} as p where ${vehicles.id} = p.id`);
        }
        if (change.unavailableVins.length) {
          await tx
            .update(vehicles)
            .set({ available: false, updatedAt: new Date() })
            .where(and(eq(vehicles.dealershipId, change.dealershipId), inArray(vehicles.vin, change.unavailableVins)));
        }
        const [record] = await tx.insert(inventoryImports).values(change.record).returning();
        return record!;
      });
    },

    /** What pricing needs of each vehicle of a dealership, with the payments stored now. */
    async pricingRows(dealershipId: number) {
      return db
        .select({
          id: vehicles.id,
          priceCents: vehicles.priceCents,
          msrpCents: vehicles.msrpCents,
          condition: vehicles.condition,
          isCertified: vehicles.isCertified,
          year: vehicles.year,
          make: vehicles.make,
          model: vehicles.model,
          freightCents: vehicles.freightCents,
          pdiCents: vehicles.pdiCents,
          dealerFeeCents: vehicles.dealerFeeCents,
          deliveryChargeCents: vehicles.deliveryChargeCents,
          cash: vehicles.cashPaymentCents,
          finance: vehicles.financePaymentCents,
          lease: vehicles.leasePaymentCents,
          terms: vehicles.advertisedTerms,
        })
        .from(vehicles)
        .where(eq(vehicles.dealershipId, dealershipId))
        .orderBy(vehicles.id);
    },

    /** Writes stored payments and the terms they are advertised with, 5,000 vehicles a statement. */
    async storePayments(rows: { id: number; cash: number | null; finance: number | null; lease: number | null; terms: AdvertisedTerms | null }[]) {
      for (let i = 0; i < rows.length; i += 5000) {
        const records = rows
          .slice(i, i + 5000)
          .map((r) => ({ id: r.id, cash_payment_cents: r.cash, finance_payment_cents: r.finance, lease_payment_cents: r.lease, advertised_terms: r.terms }));
        await db.execute(sql`
          update ${vehicles} set
            cash_payment_cents = p.cash_payment_cents, finance_payment_cents = p.finance_payment_cents,
            lease_payment_cents = p.lease_payment_cents, advertised_terms = p.advertised_terms
          from ${columnRecords(records)} as p
          where ${vehicles.id} = p.id`);
      }
    },

    async insertMany(rows: NewVehicleRow[]) {
      for (let i = 0; i < rows.length; i += 500) await db.insert(vehicles).values(rows.slice(i, i + 500));
    },
  };
}
export type InventoryRepo = ReturnType<typeof inventoryRepo>;
