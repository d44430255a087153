import type { Db } from "../../db/client.ts";
import { contactLeads } from "./tables.ts";

export type NewContactLead = typeof contactLeads.$inferInsert;

export function customersRepo(db: Db) {
  return {
    async insertContactLead(lead: NewContactLead) {
      const [row] = await db.insert(contactLeads).values(lead).returning();
      return row!;
    },
  };
}
