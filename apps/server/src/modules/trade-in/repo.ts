import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { tradeInCatalogue, tradeInOffers, tradeInPhotos, tradeIns } from "./tables.ts";

export type TradeInRow = typeof tradeIns.$inferSelect;
export type NewTradeIn = typeof tradeIns.$inferInsert;
export type OfferRow = typeof tradeInOffers.$inferSelect;
export type PhotoRow = typeof tradeInPhotos.$inferSelect;
export type CatalogueRow = typeof tradeInCatalogue.$inferSelect;

/** Every shopper read is scoped by dealership and customer: another customer's id is never found. */
export type TradeInOwner = { dealershipId: number; customerId: number };
const owned = (owner: TradeInOwner, id: number) =>
  and(eq(tradeIns.id, id), eq(tradeIns.dealershipId, owner.dealershipId), eq(tradeIns.customerId, owner.customerId));

/** The catalogue's columns below a cascade level. */
export const CATALOGUE_LEVELS = ["year", "make", "model", "trim", "style"] as const;
export type CatalogueLevel = (typeof CATALOGUE_LEVELS)[number];

export function tradeInRepo(db: Db) {
  return {
    async insert(values: NewTradeIn): Promise<TradeInRow> {
      const [row] = await db.insert(tradeIns).values(values).returning();
      return row!;
    },
    async find(owner: TradeInOwner, id: number): Promise<TradeInRow | null> {
      const [row] = await db.select().from(tradeIns).where(owned(owner, id));
      return row ?? null;
    },
    /** A trade-in of the dealership, whoever's it is (staff, and the workflow steps). */
    async findAtDealership(dealershipId: number, id: number): Promise<TradeInRow | null> {
      const [row] = await db.select().from(tradeIns).where(and(eq(tradeIns.id, id), eq(tradeIns.dealershipId, dealershipId)));
      return row ?? null;
    },
    async findByVid(dealershipId: number, vid: string): Promise<TradeInRow | null> {
      const [row] = await db.select().from(tradeIns).where(and(eq(tradeIns.vid, vid), eq(tradeIns.dealershipId, dealershipId)));
      return row ?? null;
    },
    /** A customer's trade-ins, newest first; of one deal when `orderId` is given. */
    async listOf(owner: TradeInOwner, orderId?: number): Promise<TradeInRow[]> {
      const where = and(eq(tradeIns.dealershipId, owner.dealershipId), eq(tradeIns.customerId, owner.customerId), orderId === undefined ? undefined : eq(tradeIns.orderId, orderId));
      return db.select().from(tradeIns).where(where).orderBy(desc(tradeIns.createdAt), desc(tradeIns.id));
    },
    async update(dealershipId: number, id: number, values: Partial<NewTradeIn>): Promise<TradeInRow | null> {
      const [row] = await db
        .update(tradeIns)
        .set(values)
        .where(and(eq(tradeIns.id, id), eq(tradeIns.dealershipId, dealershipId)))
        .returning();
      return row ?? null;
    },
    /** Changes the row only while it has one of these statuses (a guard against two answers racing). */
    async updateIfStatus(dealershipId: number, id: number, statuses: readonly TradeInRow["status"][], values: Partial<NewTradeIn>): Promise<TradeInRow | null> {
      const [row] = await db
        .update(tradeIns)
        .set(values)
        .where(and(eq(tradeIns.id, id), eq(tradeIns.dealershipId, dealershipId), inArray(tradeIns.status, [...statuses])))
        .returning();
      return row ?? null;
    },

    // ---- offers ----
    async offersOf(tradeInIds: number[]): Promise<OfferRow[]> {
      if (tradeInIds.length === 0) return [];
      return db.select().from(tradeInOffers).where(inArray(tradeInOffers.tradeInId, tradeInIds)).orderBy(asc(tradeInOffers.createdAt), asc(tradeInOffers.id));
    },
    async insertOffer(values: typeof tradeInOffers.$inferInsert): Promise<OfferRow> {
      const [row] = await db.insert(tradeInOffers).values(values).returning();
      return row!;
    },
    /** Open offers of a trade-in are replaced: they read as expired from `at` on. */
    async supersedeOpenOffers(tradeInId: number, at: Date) {
      await db
        .update(tradeInOffers)
        .set({ supersededAt: at, expiresAt: sql`least(${tradeInOffers.expiresAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(tradeInOffers.tradeInId, tradeInId), eq(tradeInOffers.status, "O"), isNull(tradeInOffers.supersededAt)));
    },
    async updateOfferIfStatus(id: number, status: OfferRow["status"], values: Partial<typeof tradeInOffers.$inferInsert>): Promise<OfferRow | null> {
      const [row] = await db
        .update(tradeInOffers)
        .set(values)
        .where(and(eq(tradeInOffers.id, id), eq(tradeInOffers.status, status)))
        .returning();
      return row ?? null;
    },

    // ---- photos ----
    async photosOf(tradeInIds: number[]): Promise<PhotoRow[]> {
      if (tradeInIds.length === 0) return [];
      return db.select().from(tradeInPhotos).where(inArray(tradeInPhotos.tradeInId, tradeInIds));
    },
    async photo(tradeInId: number, angle: PhotoRow["angle"]): Promise<PhotoRow | null> {
      const [row] = await db.select().from(tradeInPhotos).where(and(eq(tradeInPhotos.tradeInId, tradeInId), eq(tradeInPhotos.angle, angle)));
      return row ?? null;
    },
    /** Puts the new upload in the angle's place; answers the row it replaced (its files are the caller's to delete). */
    async replacePhoto(values: typeof tradeInPhotos.$inferInsert): Promise<{ previous: PhotoRow | null; row: PhotoRow }> {
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .delete(tradeInPhotos)
          .where(and(eq(tradeInPhotos.tradeInId, values.tradeInId), eq(tradeInPhotos.angle, values.angle)))
          .returning();
        const [row] = await tx.insert(tradeInPhotos).values(values).returning();
        return { previous: previous ?? null, row: row! };
      });
    },
    /** Records the re-encoded photo, unless the upload was replaced or removed meanwhile (false then). */
    async finishPhoto(id: number, uploadKey: string, values: Partial<typeof tradeInPhotos.$inferInsert>): Promise<boolean> {
      const rows = await db
        .update(tradeInPhotos)
        .set(values)
        .where(and(eq(tradeInPhotos.id, id), eq(tradeInPhotos.uploadKey, uploadKey)))
        .returning({ id: tradeInPhotos.id });
      return rows.length === 1;
    },
    async removePhotos(tradeInId: number, angles: readonly PhotoRow["angle"][]): Promise<PhotoRow[]> {
      if (angles.length === 0) return [];
      return db
        .delete(tradeInPhotos)
        .where(and(eq(tradeInPhotos.tradeInId, tradeInId), inArray(tradeInPhotos.angle, [...angles])))
        .returning();
    },
    /** Uploads a stopped process left to re-encode. */
    processingPhotos: () => db.select().from(tradeInPhotos).where(eq(tradeInPhotos.status, "processing")),

    // ---- catalogue ----
    catalogueCount: async () => (await db.$count(tradeInCatalogue)) as number,
    async insertCatalogue(rows: (typeof tradeInCatalogue.$inferInsert)[]) {
      for (let i = 0; i < rows.length; i += 500) await db.insert(tradeInCatalogue).values(rows.slice(i, i + 500));
    },
    /** The distinct values of the next cascade level under the choices made so far, in order. */
    async catalogueLevel(level: CatalogueLevel, filter: { year?: number | undefined; make?: string | undefined; model?: string | undefined; trim?: string | undefined }): Promise<string[]> {
      const column = tradeInCatalogue[level];
      const where = and(
        filter.year === undefined ? undefined : eq(tradeInCatalogue.year, filter.year),
        filter.make === undefined ? undefined : sql`lower(${tradeInCatalogue.make}) = lower(${filter.make})`,
        filter.model === undefined ? undefined : sql`lower(${tradeInCatalogue.model}) = lower(${filter.model})`,
        filter.trim === undefined ? undefined : sql`lower(${tradeInCatalogue.trim}) = lower(${filter.trim})`,
      );
      const rows = await db.selectDistinct({ value: column }).from(tradeInCatalogue).where(where).orderBy(level === "year" ? desc(column) : asc(column));
      return rows.map((r) => String(r.value));
    },
    /** The styles of a model's trim of a year (case-insensitive), or of every trim of the model when `trim` is null. */
    async catalogueRows(year: number, make: string, model: string, trim: string | null): Promise<CatalogueRow[]> {
      return db
        .select()
        .from(tradeInCatalogue)
        .where(
          and(
            eq(tradeInCatalogue.year, year),
            sql`lower(${tradeInCatalogue.make}) = lower(${make})`,
            sql`lower(${tradeInCatalogue.model}) = lower(${model})`,
            trim === null ? undefined : sql`lower(${tradeInCatalogue.trim}) = lower(${trim})`,
          ),
        );
    },
  };
}
export type TradeInRepo = ReturnType<typeof tradeInRepo>;
