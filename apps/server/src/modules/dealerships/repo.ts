import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dealershipGroups, dealerships } from "./tables.ts";

export type DealershipRow = typeof dealerships.$inferSelect & {
  group: { uid: string; name: string } | null;
};

export function dealershipsRepo(db: Db) {
  const select = () =>
    db
      .select({ dealership: dealerships, group: { uid: dealershipGroups.uid, name: dealershipGroups.name } })
      .from(dealerships)
      .leftJoin(dealershipGroups, eq(dealerships.groupId, dealershipGroups.id));

  const toRow = (r: { dealership: typeof dealerships.$inferSelect; group: { uid: string; name: string } | null }) => ({
    ...r.dealership,
    group: r.group,
  });

  return {
    async findByCode(code: string): Promise<DealershipRow | null> {
      const rows = await select().where(eq(dealerships.code, code)).limit(1);
      return rows[0] ? toRow(rows[0]) : null;
    },
    async findByGroupUid(groupUid: string): Promise<DealershipRow[]> {
      const rows = await select().where(eq(dealershipGroups.uid, groupUid)).orderBy(dealerships.name);
      return rows.map(toRow);
    },
    async findAll(): Promise<DealershipRow[]> {
      return (await select().orderBy(dealerships.id)).map(toRow);
    },
    /** Only the private CRM columns, for the lead workflows. */
    async findCrmSettings(id: number) {
      const rows = await db
        .select({ crmEmail: dealerships.crmEmail, dealerLeadsEnabled: dealerships.dealerLeadsEnabled })
        .from(dealerships)
        .where(eq(dealerships.id, id))
        .limit(1);
      return rows[0] ?? null;
    },
    async findById(id: number): Promise<DealershipRow | null> {
      const rows = await select().where(eq(dealerships.id, id)).limit(1);
      return rows[0] ? toRow(rows[0]) : null;
    },
  };
}
