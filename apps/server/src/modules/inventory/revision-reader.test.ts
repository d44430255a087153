import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshDatabase } from "../../test/test-app.ts";
import type { Database } from "../../db/client.ts";
import { vehicles } from "./tables.ts";
import { inventoryRepo } from "./repo.ts";
import { revisionReader } from "./service.ts";

let opened: Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;
beforeAll(async () => {
  opened = await freshDatabase({ seeded: true });
  database = opened.database;
});
afterAll(async () => {
  await database?.close();
  await opened?.drop();
});

/** The repository's two revision reads, counted. */
function countingRepo() {
  const repo = inventoryRepo(database.db);
  const reads = { each: 0, all: 0 };
  return {
    reads,
    repo: {
      revisions: (ids: number[]) => (reads.each++, repo.revisions(ids)),
      allRevisions: () => (reads.all++, repo.allRevisions()),
    },
  };
}

/** A reader subscribed to the writes (once the first read came from allRevisions), and a vehicle to write to. */
async function listeningReader() {
  const { repo, reads } = countingRepo();
  const revisions = revisionReader(repo, database.listen);
  const [vehicle] = await database.db.select({ id: vehicles.id, dealershipId: vehicles.dealershipId, make: vehicles.make }).from(vehicles).limit(1);
  const dealer = vehicle!.dealershipId;
  await vi.waitFor(async () => {
    await revisions([dealer]);
    expect(reads.all).toBe(1);
  });
  return { revisions, reads, vehicle: vehicle!, dealer, revisionNow: async () => (await revisions([dealer])).get(dealer)! };
}

describe("the inventory revisions a search reads", () => {
  it("on embedded PGlite: read once, and again right after a write commits, not after one rolled back", async (context) => {
    if (!database.listen) return context.skip("PostgreSQL has other writers: the revisions are read on every search");
    // Once the subscription holds, the revisions come from the one read.
    const { revisions, reads, vehicle, dealer, revisionNow } = await listeningReader();
    const first = await revisionNow();
    await revisions([dealer, 999_999]);
    expect(reads.all).toBe(1);
    expect((await revisions([999_999])).get(999_999)).toBe(0);

    await database.db.update(vehicles).set({ make: "Tesla" }).where(eq(vehicles.id, vehicle.id));
    expect(await revisionNow()).toBe(first + 1);
    expect(reads.all).toBe(2);

    await database.db
      .transaction(async (tx) => {
        await tx.update(vehicles).set({ make: "Rivian" }).where(eq(vehicles.id, vehicle.id));
        throw new Error("undone");
      })
      .catch(() => {});
    expect(await revisionNow()).toBe(first + 1);

    await database.db.transaction(async (tx) => {
      await tx.update(vehicles).set({ make: vehicle.make }).where(eq(vehicles.id, vehicle.id));
    });
    expect(await revisionNow()).toBe(first + 2);
    expect(reads.each).toBe(0);
  });

  it("a write while the read is under way is seen by the next search", async (context) => {
    if (!database.listen) return context.skip("PostgreSQL: read on every search");
    const { revisions, vehicle, dealer, revisionNow } = await listeningReader();
    const before = await revisionNow();
    // Both are queued at once: the write may run before or after the read; the search after both sees it either way.
    await Promise.all([revisions([dealer]), database.db.update(vehicles).set({ make: vehicle.make }).where(eq(vehicles.id, vehicle.id))]);
    expect(await revisionNow()).toBe(before + 1);
  });

  it("without a way to listen (PostgreSQL), reads them on every search", async () => {
    const { repo, reads } = countingRepo();
    const revisions = revisionReader(repo, undefined);
    await revisions([1]);
    await revisions([1]);
    expect(reads).toEqual({ each: 2, all: 0 });
  });
});
