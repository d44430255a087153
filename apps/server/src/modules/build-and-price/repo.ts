import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { buildPremiumPaints, buildStateEdits, buildStates, buildTrims } from "./tables.ts";

export type BuildTrimRow = typeof buildTrims.$inferSelect;
export type BuildStateRow = typeof buildStates.$inferSelect;
export type NewBuildStateRow = typeof buildStates.$inferInsert;
export type BuildStateEditRow = typeof buildStateEdits.$inferSelect;
export type BuildStateChanges = Partial<
  Pick<BuildStateRow, "source" | "selected" | "configuration" | "trimConfiguration" | "isLocked" | "postDepositEditEnabled" | "postDepositEditConfirmRequired">
>;

export function buildAndPriceRepo(db: Db) {
  return {
    allTrims: (): Promise<BuildTrimRow[]> => db.select().from(buildTrims).orderBy(buildTrims.unhaggleTrimId),
    allPremiumPaints: () => db.select().from(buildPremiumPaints).orderBy(buildPremiumPaints.oem, buildPremiumPaints.code),

    async insertState(row: NewBuildStateRow): Promise<BuildStateRow> {
      const [inserted] = await db.insert(buildStates).values(row).returning();
      return inserted!;
    },
    async stateByUid(uid: string): Promise<BuildStateRow | null> {
      const rows = await db.select().from(buildStates).where(eq(buildStates.uid, uid));
      return rows[0] ?? null;
    },
    async updateState(id: number, changes: BuildStateChanges): Promise<BuildStateRow> {
      const [updated] = await db
        .update(buildStates)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(buildStates.id, id))
        .returning();
      return updated!;
    },
    async insertEdit(row: typeof buildStateEdits.$inferInsert): Promise<BuildStateEditRow> {
      const [inserted] = await db.insert(buildStateEdits).values(row).returning();
      return inserted!;
    },
    editsOf: (buildStateId: number): Promise<BuildStateEditRow[]> =>
      db.select().from(buildStateEdits).where(eq(buildStateEdits.buildStateId, buildStateId)).orderBy(buildStateEdits.id),
    async deleteState(id: number) {
      await db.delete(buildStates).where(eq(buildStates.id, id));
    },
    /**
     * Builds made before a sign-in follow the shopper into the new session and become their customer's; a
     * build of another customer made in the same browser stays theirs.
     */
    async transferOwner(fromHash: string, toHash: string, customerId: number) {
      await db
        .update(buildStates)
        .set({ ownerSessionHash: toHash, customerId })
        .where(and(eq(buildStates.ownerSessionHash, fromHash), or(isNull(buildStates.customerId), eq(buildStates.customerId, customerId))));
    },
  };
}
