import { vehicleSchema } from "@showroom/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles, type VehiclePackage } from "./tables.ts";

let testApp: TestApp;
let mapleVehicle: typeof vehicles.$inferSelect;
let ottawaVehicle: typeof vehicles.$inferSelect;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  const first = async (code: string) => {
    const [d] = await db.select().from(dealerships).where(eq(dealerships.code, code));
    const [v] = await db.select().from(vehicles).where(and(eq(vehicles.dealershipId, d!.id), eq(vehicles.condition, "New"))).limit(1);
    return v!;
  };
  mapleVehicle = await first("maple-auto");
  ottawaVehicle = await first("maple-vw-ottawa");
});

afterAll(async () => {
  await testApp?.close();
});

describe("vehicle details", () => {
  it("answers every field of the Vehicle record, by id or by VIN", async () => {
    const maple = client(testApp, "maple-auto");
    const byId = await maple.get(`/api/quickshop/inventory/${mapleVehicle.id}/?source=search`);
    expect(byId.statusCode).toBe(200);
    const vehicle = vehicleSchema.parse(byId.json());
    expect(vehicle).toMatchObject({ id: mapleVehicle.id, vin: mapleVehicle.vin, is_new: true, is_used: false });
    expect(vehicle.vdp_url).toBe(`/en/maple-auto/details/${mapleVehicle.id}/`);
    expect(vehicle.vdp_url_fr).toBe(`/fr/maple-auto/details/${mapleVehicle.id}/`);
    expect(vehicle.images.length).toBeGreaterThan(0);
    expect(vehicle.formatted_dealer_price).toMatch(/^\$\d/);
    const packages = mapleVehicle.packages as VehiclePackage[];
    expect(vehicle.packages).toHaveLength(packages.length);
    const byVin = await maple.get(`/api/quickshop/inventory/${mapleVehicle.vin.toLowerCase()}/`);
    expect(byVin.json<{ id: number }>().id).toBe(mapleVehicle.id);
  });

  it("formats prices in French for a French visitor", async () => {
    const maple = client(testApp, "maple-auto");
    const vehicle = (await maple.get(`/api/quickshop/inventory/${mapleVehicle.id}/`, { "accept-language": "fr-CA" })).json<{ formatted_dealer_price: string }>();
    expect(vehicle.formatted_dealer_price).toMatch(/\u00a0\$$/);
  });

  it("shows a group dealership's vehicle, but never another tenant's", async () => {
    expect((await client(testApp, "maple-auto").get(`/api/quickshop/inventory/${ottawaVehicle.id}/`)).statusCode).toBe(200);
    const laval = client(testApp, "boulevard-laval");
    const response = await laval.get(`/api/quickshop/inventory/${mapleVehicle.id}/`, { "accept-language": "en-CA" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Requested resource was not found on this server." });
    expect((await laval.get(`/api/quickshop/inventory/${mapleVehicle.vin}/`)).statusCode).toBe(404);
  });

  it("shows a write to the vehicle on the next read, though its row is kept between reads", async () => {
    const maple = client(testApp, "maple-auto");
    const read = async () => (await maple.get(`/api/quickshop/inventory/${mapleVehicle.id}/`)).json<{ stock_number: string }>();
    const before = await read();
    expect(await read()).toEqual(before);
    const db = testApp.database.db;
    await db.update(vehicles).set({ stockNumber: "KEPT-ROW-1" }).where(eq(vehicles.id, mapleVehicle.id));
    try {
      expect((await read()).stock_number).toBe("KEPT-ROW-1");
      // Moved to a dealership outside the group: maple-auto no longer shows it, though it kept its row.
      const [laval] = await db.select().from(dealerships).where(eq(dealerships.code, "boulevard-laval"));
      await db.update(vehicles).set({ dealershipId: laval!.id }).where(eq(vehicles.id, mapleVehicle.id));
      expect((await maple.get(`/api/quickshop/inventory/${mapleVehicle.id}/`)).statusCode).toBe(404);
    } finally {
      await db.update(vehicles).set({ stockNumber: mapleVehicle.stockNumber, dealershipId: mapleVehicle.dealershipId }).where(eq(vehicles.id, mapleVehicle.id));
    }
    expect((await read()).stock_number).toBe(mapleVehicle.stockNumber);
  });

  it("refuses an id that is neither a number nor a VIN, naming the field", async () => {
    const response = await client(testApp, "maple-auto").get("/api/quickshop/inventory/not-a-vin/");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("id");
  });
});

describe("colours, badges and pictures", () => {
  it("lists the exterior colours of the dealership's vehicles, narrowed by make", async () => {
    const maple = client(testApp, "maple-auto");
    const colours = (await maple.get(`/api/colors/?make=${encodeURIComponent(mapleVehicle.make)}`)).json<{ name: string; value: string }[]>();
    expect(colours.map((c) => c.name)).toContain(mapleVehicle.exteriorColor);
    expect(colours.every((c) => /^#[0-9a-f]{6}$/i.test(c.value))).toBe(true);
  });

  it("answers no history badges from the built-in provider", async () => {
    const response = await client(testApp, "maple-auto").get(`/api/carfax/badges/${mapleVehicle.vin}/?language=fr`);
    expect(response.json()).toEqual({ vin: mapleVehicle.vin, badges: [], report_url: null });
  });

  it("draws a picture for a body type and colour, cacheable and script-free", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/quickshop/inventory/pictures/pickup/red/1.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("image/svg+xml");
    expect(response.headers["cache-control"]).toContain("immutable");
    expect(response.body).toMatch(/^<svg/);
    expect(response.body).not.toMatch(/<script/i);
    const bad = await testApp.app.inject({ method: "GET", url: "/api/quickshop/inventory/pictures/pickup/red/9.svg" });
    expect(bad.statusCode).toBe(400);
  });
});
