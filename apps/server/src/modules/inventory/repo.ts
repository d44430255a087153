import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { vehicles } from "./tables.ts";

export type VehicleRow = typeof vehicles.$inferSelect;

export function inventoryRepo(db: Db) {
  return {
    async findInDealership(dealershipId: number, id: number): Promise<VehicleRow | null> {
      const rows = await db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.dealershipId, dealershipId), eq(vehicles.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Available vehicles of one dealership, newest stock first, one page at a time. */
    async listAvailable(dealershipId: number, offset: number, limit: number) {
      const where = and(eq(vehicles.dealershipId, dealershipId), eq(vehicles.available, true));
      const [rows, [total]] = await Promise.all([
        db.select().from(vehicles).where(where).orderBy(asc(vehicles.id)).offset(offset).limit(limit),
        db.select({ value: count() }).from(vehicles).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
  };
}
