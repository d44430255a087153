import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../modules/platform/tables.ts";
import { migratedDatabaseForFile } from "../test/test-app.ts";
import { EXACT_BELOW, sharedCounters } from "./rate-limit.ts";

const database = migratedDatabaseForFile();

const clock = { at: new Date("2026-11-25T12:00:00Z"), now: () => clock.at };
const stored = async (key: string) => (await database().db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;
/** Two server processes on one database (no timer flushes: the tests flush by hand). */
const twoProcesses = () => [sharedCounters(database().db, clock.now, { flushMs: 60_000 }), sharedCounters(database().db, clock.now, { flushMs: 60_000 })] as const;

describe("rate-limit counters shared through PostgreSQL", () => {
  it("counts a large limit in memory between flushes: one write for the first request, one per flush after it", async () => {
    const [a] = twoProcesses();
    for (let i = 1; i <= 50; i++) expect((await a.hit("general:1.2.3.4", 60_000, 600)).current).toBe(i);
    expect(await stored("general:1.2.3.4")).toBe(1);
    await a.flush();
    expect(await stored("general:1.2.3.4")).toBe(50);
  });

  it("loses no request and shares the count between processes once they flush", async () => {
    const [a, b] = twoProcesses();
    for (let i = 0; i < 30; i++) await a.hit("general:5.6.7.8", 60_000, 600);
    for (let i = 0; i < 20; i++) await b.hit("general:5.6.7.8", 60_000, 600);
    await a.flush();
    await b.flush();
    expect(await stored("general:5.6.7.8")).toBe(50);
    // b's flush read back what a had written: its next request counts everyone's.
    expect((await b.hit("general:5.6.7.8", 60_000, 600)).current).toBe(51);
  });

  it("stops a flood across processes once they flush, each letting through at most what the others sent since", async () => {
    const [a, b] = twoProcesses();
    const max = EXACT_BELOW;
    let allowed = 0;
    for (let round = 0; round < 10; round++) {
      for (const process of [a, b]) for (let i = 0; i < 15; i++) if ((await process.hit("general:flood", 60_000, max)).current <= max) allowed++;
      await a.flush();
      await b.flush();
    }
    expect(await stored("general:flood")).toBe(300);
    expect(allowed).toBeGreaterThanOrEqual(max);
    expect(allowed).toBeLessThanOrEqual(max + 15);
  });

  it("counts a small limit (the sign-in guards) in PostgreSQL on every request, exact across processes", async () => {
    const [a, b] = twoProcesses();
    const statuses = [];
    for (let i = 0; i < 4; i++) for (const process of [a, b]) statuses.push((await process.hit("POST /api/login/:9.9.9.9", 900_000, 5)).current);
    expect(statuses).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("starts a new window once the old one has run out, in memory and in PostgreSQL", async () => {
    const [a] = twoProcesses();
    for (let i = 0; i < 10; i++) await a.hit("general:window", 60_000, 600);
    await a.flush();
    clock.at = new Date(clock.at.getTime() + 61_000);
    expect((await a.hit("general:window", 60_000, 600)).current).toBe(1);
    expect(await stored("general:window")).toBe(1);
  });
});
