import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { dealerships } from "../modules/dealerships/tables.ts";
import { vehicles } from "../modules/inventory/tables.ts";
import { freshDatabase } from "../test/test-app.ts";
import { importFeedFromCli } from "./import-feed.ts";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase({ seeded: true }));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

const config = loadConfig({ NODE_ENV: "test", SESSION_SECRET: "test-secret-".padEnd(40, "x"), DATA_ENCRYPTION_KEY: "k".repeat(40), LOG_LEVEL: "silent" });
const HEADER = "VIN,Stock #,Type,Certified,Year,Make,Model,Trim,Body Style,Ext Color,Int Color,Odometer,Price,MSRP,Photos,Date In Stock,Status";
const VIN = "JM3KFBCM1N0000042";
const dir = mkdtempSync(path.join(tmpdir(), "feed-"));
const feedAt = (price: string) => {
  const file = path.join(dir, `feed-${price}.csv`);
  writeFileSync(file, [HEADER, [VIN, "CLI1", "Used", "N", "2022", "Mazda", "CX-5", "GS", "Sport Utility", "Red", "Black", "41200", price, "", "", "2026-10-02", "I"].join(",")].join("\n"));
  return path.basename(file);
};

async function storedCash() {
  const [laval] = await database.db.select().from(dealerships).where(eq(dealerships.code, "boulevard-laval"));
  const [row] = await database.db.select().from(vehicles).where(and(eq(vehicles.dealershipId, laval!.id), eq(vehicles.vin, VIN)));
  return row?.cashPaymentCents ?? null;
}

it("imports a feed and prices the stored payments of the vehicles it changed again, as the API route does", async () => {
  const first = await importFeedFromCli(config, database, { file: feedAt("65049.58"), dealer: "boulevard-laval", partial: true, cwd: dir });
  expect(first.exitCode).toBe(0);
  expect(first.lines[0]).toMatch(/^1 rows: 1 created, .* [1-9]\d* stored payments priced again$/);
  const before = await storedCash();
  expect(before).toBeGreaterThan(6_504_958);

  const repriced = await importFeedFromCli(config, database, { file: feedAt("54600.00"), dealer: "boulevard-laval", partial: true, cwd: dir });
  expect(repriced.lines[0]).toMatch(/1 updated.*[1-9]\d* stored payments priced again$/);
  const after = await storedCash();
  expect(after).toBeGreaterThan(5_460_000);
  expect(after).toBeLessThan(before! - 1_000_000);
});

it("refuses an unknown dealership code with exit code 2 and changes nothing", async () => {
  const refused = await importFeedFromCli(config, database, { file: feedAt("1.00"), dealer: "nowhere", partial: true, cwd: dir });
  expect(refused).toEqual({ lines: [expect.stringContaining('No dealership has the code "nowhere".')], exitCode: 2 });
});
