import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshDatabase } from "../../test/test-app.ts";
import type { Database, Subscription } from "../../db/client.ts";
import { vehicles } from "./tables.ts";
import { inventoryRepo } from "./repo.ts";
import { jointReads, revisionReader } from "./service.ts";

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
  let subscription: Subscription | undefined;
  const revisions = revisionReader(repo, (channel, onChange) => (subscription = database.listen(channel, onChange)));
  // Reads made before the LISTEN holds are reads of their own (each): they are not what these tests count.
  await subscription!.ready();
  const [vehicle] = await database.db.select({ id: vehicles.id, dealershipId: vehicles.dealershipId, make: vehicles.make }).from(vehicles).limit(1);
  const dealer = vehicle!.dealershipId;
  await vi.waitFor(async () => {
    await revisions([dealer]);
    expect(reads.all).toBe(1);
  });
  return { revisions, reads, vehicle: vehicle!, dealer, revisionNow: async () => (await revisions([dealer])).get(dealer)! };
}

describe("the inventory revisions a search reads", () => {
  it("are read once, and again right after a write commits, not after one rolled back", async () => {
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

  it("a write while the read is under way is seen by the next search", async () => {
    const { revisions, vehicle, dealer, revisionNow } = await listeningReader();
    const before = await revisionNow();
    // Both are queued at once: the write may run before or after the read; the search after both sees it either way.
    await Promise.all([revisions([dealer]), database.db.update(vehicles).set({ make: vehicle.make }).where(eq(vehicles.id, vehicle.id))]);
    expect(await revisionNow()).toBe(before + 1);
  });

  it("without a way to listen, or while the subscription does not hold, are read on every search", async () => {
    const { repo, reads } = countingRepo();
    const unheard = revisionReader(repo, undefined);
    await unheard([1]);
    await unheard([1]);
    expect(reads).toEqual({ each: 2, all: 0 });

    let live = false;
    let change = () => {};
    const caughtUp = vi.fn(async () => {});
    const lost = revisionReader(repo, (_channel, onChange) => {
      change = onChange;
      return { get live() { return live; }, ready: async () => {}, caughtUp };
    });
    await lost([1]);
    expect(reads).toEqual({ each: 3, all: 0 });
    live = true;
    change();
    await lost([1]);
    await lost([1]);
    expect(reads).toEqual({ each: 3, all: 1 });
    expect(caughtUp).toHaveBeenCalledTimes(2);
    // A round trip that fails (its connection lost under it) proves nothing: the revisions are read again.
    caughtUp.mockRejectedValueOnce(new Error("Connection terminated unexpectedly"));
    expect((await lost([1])).get(1)).toBeGreaterThanOrEqual(0);
    expect(reads).toEqual({ each: 3, all: 2 });
  });
});

describe("kept revisions given before the round trip answers", () => {
  /** A reader on a subscription whose round trips answer when told to, and the notification of a write. */
  function reader() {
    const { repo, reads } = countingRepo();
    let notify = () => {};
    const trips: (() => void)[] = [];
    const revisions = revisionReader(repo, (_channel, onChange) => {
      notify = onChange;
      return { live: true, ready: async () => {}, caughtUp: () => new Promise<void>((resolve) => trips.push(resolve)) };
    });
    return { revisions, reads, trips, notify: () => notify() };
  }

  it("prove current when no write was notified before the round trip answered", async () => {
    const { revisions, reads, trips } = reader();
    const known = await revisions.asKnown([1]);
    expect(trips).toHaveLength(1);
    trips[0]!();
    expect(await known.current).toBe(true);
    expect(reads).toEqual({ each: 0, all: 1 });
  });

  it("do not when a write was notified meanwhile: the search's revisions are then read again", async () => {
    const { revisions, reads, trips, notify } = reader();
    const known = await revisions.asKnown([1]);
    notify();
    trips[0]!();
    expect(await known.current).toBe(false);

    const settled = revisions([1]);
    await vi.waitFor(() => expect(trips).toHaveLength(2));
    notify();
    trips[1]!();
    expect((await settled).get(1)).toBeGreaterThanOrEqual(0);
    expect(reads).toEqual({ each: 0, all: 3 });
  });
});

describe("joint revision reads", () => {
  /** A read that answers when told to, with the revision written at the time it started. */
  function controlledRead() {
    const started: { ids: number[]; answer: () => void }[] = [];
    let written = 1;
    const read = (ids: number[]) => {
      const revision = written;
      return new Promise<Map<number, number>>((resolve) => started.push({ ids, answer: () => resolve(new Map(ids.map((id) => [id, revision]))) }));
    };
    return { started, read, write: () => void (written += 1) };
  }

  it("answers the searches asked in one turn with one read of all their dealerships", async () => {
    const { started, read } = controlledRead();
    const revisions = jointReads(read);
    const first = revisions([1]);
    const second = revisions([2, 3]);
    await vi.waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]!.ids.sort()).toEqual([1, 2, 3]);
    started[0]!.answer();
    expect((await first).get(1)).toBe(1);
    expect((await second).get(3)).toBe(1);
  });

  it("never answers a search with a read that started before it was asked: a write committed meanwhile is seen", async () => {
    const { started, read, write } = controlledRead();
    const revisions = jointReads(read);
    const early = revisions([1]);
    await vi.waitFor(() => expect(started).toHaveLength(1));
    write();
    const late = revisions([1]);
    await vi.waitFor(() => expect(started).toHaveLength(2));
    started[0]!.answer();
    started[1]!.answer();
    expect((await early).get(1)).toBe(1);
    expect((await late).get(1)).toBe(2);
  });
});
