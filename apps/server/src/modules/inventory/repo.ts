import { and, eq } from "drizzle-orm";
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
    async insertMany(rows: (typeof vehicles.$inferInsert)[]): Promise<void> {
      if (rows.length) await db.insert(vehicles).values(rows);
    },
  };
}
