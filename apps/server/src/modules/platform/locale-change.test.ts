import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { customers } from "../customers/tables.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000, rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await testApp?.close();
});

const languageOfCustomer = async (id: number) =>
  (await testApp.database.db.select({ language: customers.language }).from(customers).where(eq(customers.id, id)))[0]!.language;

describe("locale change (storefront spec 4: post the language, then refresh dealer info)", () => {
  it("keeps the language in the cookie, the session and the signed-in customer's account; the next reads are in it", async () => {
    const { shopper, customer } = await registeredShopper(testApp);
    expect(await languageOfCustomer(customer.id)).toBe("en");

    const posted = await shopper.post("/api/i18n/", { language: "fr-ca" });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ language: "fr-ca" });
    expect(await languageOfCustomer(customer.id)).toBe("fr");
    // The dealer info and the messages read after it are in the chosen language (no Accept-Language sent).
    expect((await shopper.get("/api/i18n/")).json().language).toBe("fr-ca");
    expect((await shopper.get("/api/quickshop/dealership/home-dealership/")).statusCode).toBe(200);
    expect((await shopper.get("/api/order/999999/")).json().detail).toMatch(/introuvable|Veuillez/);

    await shopper.post("/api/i18n/", { language: "en" });
    expect(await languageOfCustomer(customer.id)).toBe("en");
  });

  it("refuses a language the dealership does not offer, naming the field, and changes nothing", async () => {
    const { shopper, customer } = await registeredShopper(testApp, "lakeshore-buffalo", { phone: "716-555-0142" });
    const refused = await shopper.post("/api/i18n/", { language: "fr" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty("language");
    expect(await languageOfCustomer(customer.id)).toBe("en");
  });
});
