import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client.ts";
import { queueEmail } from "./service.ts";
import { outbox } from "./tables.ts";
import { outboxTestDatabase, recordingTransport } from "./test-support.ts";
import { deliverPending } from "./worker.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("outbox delivery by several processes on PostgreSQL", () => {
  let test: Awaited<ReturnType<typeof outboxTestDatabase>>;
  let second: Database;
  beforeAll(async () => {
    test = await outboxTestDatabase();
    // Another server process: its own connection pool to the same database.
    second = await openDatabase({ databaseUrl: test.url! });
  });
  afterAll(async () => {
    await second?.close();
    await test?.close();
  });

  it("delivers every message exactly once when two workers run at the same time", async () => {
    const total = 300;
    const now = new Date();
    for (let i = 0; i < total; i++) {
      await queueEmail(test.db, { dealershipId: test.dealershipId, to: `shopper${i}@example.com`, subject: "s", text: `message ${i}`, language: "en", now });
    }
    // Deliveries take a few random milliseconds, so the two workers' claims interleave.
    const delay = () => Math.random() * 3;
    const a = recordingTransport("worker-a", { delayMs: delay });
    const b = recordingTransport("worker-b", { delayMs: delay });
    const drain = async (db: Database["db"], transport: typeof a.transport) => {
      while ((await deliverPending({ db, transport, limit: 10 })).sent > 0);
    };
    await Promise.all([drain(test.db, a.transport), drain(second.db, b.transport)]);

    const ids = [...a.delivered, ...b.delivered].map((m) => m.id);
    expect(new Set(ids).size).toBe(total);
    expect(ids).toHaveLength(total);
    expect(a.delivered.length).toBeGreaterThan(0);
    expect(b.delivered.length).toBeGreaterThan(0);

    const rows = await test.db.select().from(outbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    const byTransport = (name: string) => rows.filter((r) => r.transport === name).length;
    expect(byTransport("worker-a")).toBe(a.delivered.length);
    expect(byTransport("worker-b")).toBe(b.delivered.length);
  });
});
