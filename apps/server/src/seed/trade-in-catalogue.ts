import { tradeInCatalogue } from "@showroom/testing";
import type { Db } from "../db/client.ts";
import { tradeInRepo } from "../modules/trade-in/repo.ts";

/**
 * The demo valuation catalogue (every dealership values trades against it), written when the table is empty:
 * runs on every start, so a database seeded before trade-ins existed gets it too.
 */
export async function seedTradeInCatalogue(db: Db) {
  const repo = tradeInRepo(db);
  if ((await repo.catalogueCount()) > 0) return;
  await repo.insertCatalogue(tradeInCatalogue());
}
