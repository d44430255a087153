import { implausibilities } from "@showroom/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { dealerships } from "../modules/dealerships/tables.ts";
import { vehicles } from "../modules/inventory/tables.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe("the demo stock a dealer would believe", () => {
  it("holds only model years each model was sold in, codes, equipment, prices and mileages that fit it", async () => {
    const rows = await testApp.database.db
      .select({ vehicle: vehicles, unit: dealerships.lengthUnit, dealer: dealerships.code })
      .from(vehicles)
      .innerJoin(dealerships, eq(dealerships.id, vehicles.dealershipId));
    expect(rows.length).toBeGreaterThan(1000);
    const problems = rows.flatMap(({ vehicle, unit, dealer }) =>
      implausibilities({ ...vehicle, condition: vehicle.condition as "New" | "Used" }, unit).map((p) => `${dealer} ${vehicle.stockNumber}: ${p}`),
    );
    expect(problems).toEqual([]);
  });
});
