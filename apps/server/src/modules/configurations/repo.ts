import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerConfigurations } from "./tables.ts";

export type CustomerConfigurationRow = typeof customerConfigurations.$inferSelect;

/** Reads and writes of customer configurations; every read names the dealership. */
export function configurationsRepo(db: Db) {
  return {
    async insert(values: typeof customerConfigurations.$inferInsert): Promise<CustomerConfigurationRow> {
      const [row] = await db.insert(customerConfigurations).values(values).returning();
      return row!;
    },
    async find(dealershipId: number, id: number): Promise<CustomerConfigurationRow | null> {
      const [row] = await db
        .select()
        .from(customerConfigurations)
        .where(and(eq(customerConfigurations.dealershipId, dealershipId), eq(customerConfigurations.id, id)));
      return row ?? null;
    },
  };
}
