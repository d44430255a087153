import type { Db } from "../../db/client.ts";
import { outbox } from "./tables.ts";

export function notificationsRepo(db: Db) {
  return {
    async enqueue(message: typeof outbox.$inferInsert) {
      const [row] = await db.insert(outbox).values(message).returning();
      return row!;
    },
  };
}
