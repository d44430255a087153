import { mailboxSchema } from "@showroom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealershipsService } from "../dealerships/service.ts";
import { queueEmail, queueSms } from "./service.ts";

let testApp: TestApp;
const lead = { first_name: "Jordan", last_name: "O'Neil", email: "jordan@example.com", phone: "416 555 0142", url: "https://shop.example/details/1/", help_message: "Is it still available?" };

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const mailbox = async (query = "") => {
  const response = await client(testApp, null).get(`/api/dev/mailbox/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return mailboxSchema.strict().parse(response.json()).results;
};

describe("GET /api/dev/mailbox/", () => {
  it("lists a contact lead sent at maple-auto as its CRM received it, delivered by the pass it runs first", async () => {
    const shopper = client(testApp, "maple-auto");
    await shopper.get("/api/i18n/");
    const posted = await shopper.post("/api/customer/contact_dealer/", lead);
    expect(posted.statusCode, posted.body).toBe(201);

    const results = await mailbox();
    const message = results.find((m) => m.kind === "crm_lead");
    expect(message).toMatchObject({
      to: "crm@maple-auto.example",
      subject: "Lead: Jordan O'Neil",
      dealership_code: "maple-auto",
      status: "sent",
      transport: "mailbox",
      created_at: testApp.clock.now.toISOString(),
      sent_at: testApp.clock.now.toISOString(),
    });
    expect(message!.text).toContain('<name part="last">O&apos;Neil</name>');
  });

  it("lists email and SMS too, newest first, and keeps only one address with ?to= (letter case ignored)", async () => {
    const db = testApp.database.db;
    const laval = (await dealershipsService(db).byCode("boulevard-laval"))!;
    const later = (ms: number) => new Date(testApp.clock.now.getTime() + ms);
    await queueEmail(db, { dealershipId: laval.id, to: "Shopper@Example.com", subject: "Votre code", text: "Code : 123456", language: "fr", now: later(1_000) });
    await queueSms(db, { dealershipId: laval.id, to: "4165550142", text: "Code 654321", now: later(2_000) });

    const early = await mailbox();
    expect(early.slice(0, 2).map((m) => m.status)).toEqual(["pending", "pending"]); // not due yet on the app's clock
    testApp.clock.advance(2_000);
    const results = await mailbox();
    expect(results.slice(0, 2).map((m) => m.kind)).toEqual(["sms", "email"]);
    expect(results[0]).toMatchObject({ to: "4165550142", subject: null, text: "Code 654321", dealership_code: "boulevard-laval", status: "sent" });
    expect(results[1]).toMatchObject({ to: "Shopper@Example.com", subject: "Votre code", text: "Code : 123456", status: "sent" });

    expect((await mailbox("?to=shopper%40example.COM")).map((m) => m.subject)).toEqual(["Votre code"]);
    expect(await mailbox("?to=nobody%40example.com")).toEqual([]);
  });

  it("is documented in the OpenAPI description under notifications", async () => {
    const response = await client(testApp, null).get("/api/docs/json");
    expect(response.statusCode).toBe(200);
    const operation = response.json().paths["/api/dev/mailbox/"]?.get;
    expect(operation?.tags).toEqual(["notifications"]);
  });
});

describe("GET /api/dev/mailbox/ with SMTP configured", () => {
  let smtpApp: TestApp;
  beforeAll(async () => {
    smtpApp = await createTestApp({ smtpUrl: "smtp://127.0.0.1:9" });
  });
  afterAll(async () => {
    await smtpApp?.close();
  });

  it("does not exist: the usual JSON 404", async () => {
    expect(smtpApp.app.notifications.mailboxEnabled).toBe(false);
    const response = await client(smtpApp, null).get("/api/dev/mailbox/");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: "Not found." });
  });
});
