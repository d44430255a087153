import { adfStructureProblems } from "@showroom/domain/notifications/adf-structure";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { outbox } from "../notifications/tables.ts";
import { contactLeads } from "./tables.ts";

let testApp: TestApp;
let mapleVehicleId: number;
let mapleVehicle: typeof vehicles.$inferSelect;
const lead = { first_name: "Jordan", last_name: "Lee", email: "jordan@example.com", phone: "416 555 0142", url: "http://localhost:3000/details/1/", help_message: "Can I see it Saturday?" };

beforeAll(async () => {
  testApp = await createTestApp();
  const [maple] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  const [v] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.dealershipId, maple!.id)).limit(1);
  mapleVehicleId = v!.id;
  mapleVehicle = v!;
});
afterAll(async () => {
  await testApp?.close();
});

describe("POST /api/customer/contact_dealer/", () => {
  const crmLeadsOf = (leadId: number) =>
    testApp.database.db.select().from(outbox).where(sql`${outbox.kind} = 'crm_lead' and (${outbox.payload} -> 'lead' ->> 'id')::int = ${leadId}`);

  it("stores the lead and, in the same transaction, queues it as ADF/XML for the dealership's CRM", async () => {
    const shopper = client(testApp, "maple-auto");
    await shopper.get("/api/i18n/");
    const response = await shopper.post("/api/customer/contact_dealer/", {
      ...lead,
      last_name: "O'Neil",
      help_message: "Saturday & Sunday? <b>urgent</b>",
      vehicle: mapleVehicleId,
      source: "vdp",
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    const [stored] = await testApp.database.db.select().from(contactLeads).where(eq(contactLeads.id, id));
    expect(stored).toMatchObject({ firstName: "Jordan", lastName: "O'Neil", phone: "4165550142", vehicleId: mapleVehicleId });

    const queued = await crmLeadsOf(id);
    expect(queued).toHaveLength(1);
    const [message] = queued;
    expect(message).toMatchObject({ status: "pending", attempts: 0, availableAt: testApp.clock.now });
    const payload = message!.payload as { to: string; subject: string; adf: string; lead: { type: string; id: number } };
    expect(payload).toMatchObject({ to: "crm@maple-auto.example", subject: "Lead: Jordan O'Neil", lead: { type: "contact_lead", id } });
    expect(payload.adf).toMatch(/^<\?xml version="1.0"\?>\n<\?adf version="1.0"\?>\n<adf>/);
    expect(payload.adf).toContain('<name part="first">Jordan</name>');
    expect(payload.adf).toContain('<name part="last">O&apos;Neil</name>');
    expect(payload.adf).toContain("<comments>Saturday &amp; Sunday? &lt;b&gt;urgent&lt;/b&gt;\n\nhttp://localhost:3000/details/1/</comments>");
    expect(payload.adf).toContain("<requestdate>2026-11-21T15:00:00Z</requestdate>");
    expect(payload.adf).toContain(`<vehicle interest="buy" status="${mapleVehicle.condition === "New" ? "new" : "used"}">`);
    expect(payload.adf).toContain(`<year>${mapleVehicle.year}</year>`);
    expect(payload.adf).toContain(`<stock>${mapleVehicle.stockNumber}</stock>`);
    expect(payload.adf).toContain("<vendorname>Maple Auto Toronto</vendorname>");
    expect(payload.adf).toContain("<service>contact_dealer (vdp)</service>");
    expect(adfStructureProblems(payload.adf)).toEqual([]);
    const events = await testApp.database.db.execute(sql`select event, vehicle_id from crm_events where event = 'lead_form_finish' and vehicle_id = ${mapleVehicleId}`);
    expect((events as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it("names no vehicle in the ADF when the lead names none (year, make and model left empty, as ADF requires a vehicle)", async () => {
    const shopper = client(testApp, "maple-auto");
    await shopper.get("/api/i18n/");
    const response = await shopper.post("/api/customer/contact_dealer/", lead);
    expect(response.statusCode, response.body).toBe(201);
    const [message] = await crmLeadsOf(response.json<{ id: number }>().id);
    const adf = (message!.payload as { adf: string }).adf;
    expect(adf).toContain('<vehicle interest="buy" status="new">\n      <year></year>\n      <make></make>\n      <model></model>\n    </vehicle>');
    expect(adfStructureProblems(adf)).toEqual([]);
  });

  it("queues a shopper's lead even where staff leads stay out of the CRM (boulevard-laval)", async () => {
    const shopper = client(testApp, "boulevard-laval");
    await shopper.get("/api/i18n/");
    const response = await shopper.post("/api/customer/contact_dealer/", lead);
    expect(response.statusCode, response.body).toBe(201);
    const queued = await crmLeadsOf(response.json<{ id: number }>().id);
    expect(queued.map((m) => (m.payload as { to: string }).to)).toEqual(["crm@boulevard-laval.example"]);
  });

  it("stores the lead and queues nothing for a dealership without a CRM", async () => {
    const shopper = client(testApp, "lakeshore-buffalo");
    await shopper.get("/api/i18n/");
    const before = await testApp.database.db.$count(outbox);
    const response = await shopper.post("/api/customer/contact_dealer/", lead);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    expect(await testApp.database.db.$count(contactLeads, eq(contactLeads.id, id))).toBe(1);
    expect(await testApp.database.db.$count(outbox)).toBe(before);
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
