import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { outbox } from "../notifications/tables.ts";
import { contactLeads } from "./tables.ts";

let testApp: TestApp;
let mapleVehicleId: number;
const lead = { first_name: "Jordan", last_name: "Lee", email: "jordan@example.com", phone: "416 555 0142", url: "http://localhost:3000/details/1/", help_message: "Can I see it Saturday?" };

beforeAll(async () => {
  testApp = await createTestApp();
  const [maple] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  const [v] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.dealershipId, maple!.id)).limit(1);
  mapleVehicleId = v!.id;
});
afterAll(async () => {
  await testApp?.close();
});

describe("POST /api/customer/contact_dealer/", () => {
  it("stores the lead and queues it for the CRM", async () => {
    const shopper = client(testApp, "maple-auto");
    await shopper.get("/api/i18n/");
    const response = await shopper.post("/api/customer/contact_dealer/", { ...lead, vehicle: mapleVehicleId, source: "vdp" });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    const [stored] = await testApp.database.db.select().from(contactLeads).where(eq(contactLeads.id, id));
    expect(stored).toMatchObject({ firstName: "Jordan", phone: "4165550142", vehicleId: mapleVehicleId });
    const queued = await testApp.database.db.select().from(outbox);
    expect(queued.some((m) => m.kind === "crm_lead" && m.payload["lead_id"] === id && m.status === "pending")).toBe(true);
  });

  it("names each bad field, in French for a French shopper", async () => {
    const shopper = client(testApp, "maple-auto");
    await shopper.get("/api/i18n/");
    const response = await shopper.post("/api/customer/contact_dealer/", { ...lead, first_name: "J", email: "nope", phone: "123" }, { "accept-language": "fr-CA" });
    expect(response.statusCode).toBe(400);
    const body = response.json<Record<string, string[]>>();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(["first_name", "email", "phone"]));
    expect(body.email![0]).toMatch(/courriel/);
  });

  it("refuses another dealership's vehicle and a post without the CSRF token", async () => {
    const laval = client(testApp, "boulevard-laval");
    await laval.get("/api/i18n/");
    const response = await laval.post("/api/customer/contact_dealer/", { ...lead, vehicle: mapleVehicleId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("vehicle");
    const noToken = await laval.request("POST", "/api/customer/contact_dealer/", { body: lead, headers: { "x-csrftoken": "" } });
    expect(noToken.statusCode).toBe(403);
  });
});
