import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000 });
});
afterAll(async () => {
  await testApp?.close();
});

const PRICE_KEY = /price|msrp|payment|amount|fee|charge|freight|pdi|saving|discount/i;
/** Every amount under a price-like key, anywhere in an answer (frequencies and payment types are words, not amounts). */
function amountsIn(json: unknown, path = "$"): string[] {
  if (Array.isArray(json)) return json.flatMap((item, i) => amountsIn(item, `${path}[${i}]`));
  if (json === null || typeof json !== "object") return [];
  return Object.entries(json).flatMap(([key, value]) => {
    const here = `${path}.${key}`;
    if (value !== null && typeof value === "object") return amountsIn(value, here);
    const isAmount = typeof value === "number" || (typeof value === "string" && /\d/.test(value));
    return PRICE_KEY.test(key) && isAmount ? [`${here}=${String(value)}`] : [];
  });
}
/** A price as it could be written in an answer or a page: 54600.00, 54,600, 54600. */
const spellings = (amount: string) => {
  const [whole] = amount.split(".");
  return [amount, whole!, Number(whole).toLocaleString("en-US")];
};

describe("prices at a dealership with compulsory login", () => {
  it("leave the server for nobody who is not signed in: list, facets, details, pricing and fees", async () => {
    const visitor = client(testApp, "lakeshore-buffalo");
    const list = await visitor.get("/api/quickshop/inventory/?sort=-price&maxPayment=100&paymentType=finance");
    expect(list.statusCode).toBe(200);
    expect(amountsIn(list.json())).toEqual([]);
    expect(list.json().facets.payment).toEqual({ min: null, max: null });
    // The price filter and sort are ignored: the same vehicles, in the default order, as with no filter.
    const plain = await visitor.get("/api/quickshop/inventory/");
    expect(list.json().count).toBe(plain.json().count);
    expect(list.json().results.map((v: { id: number }) => v.id)).toEqual(plain.json().results.map((v: { id: number }) => v.id));

    const id = plain.json().results[0].id;
    const details = await visitor.get(`/api/quickshop/inventory/${id}/`);
    expect(details.statusCode).toBe(200);
    expect(amountsIn(details.json())).toEqual([]);

    const { shopper } = await registeredShopper(testApp, "lakeshore-buffalo", { phone: "716-555-0142" });
    const seen = (await shopper.get(`/api/quickshop/inventory/${id}/`)).json();
    expect(seen.listing_price).toMatch(/^\d+\.\d{2}$/);
    for (const spelling of spellings(seen.listing_price)) expect(details.body).not.toContain(spelling);

    expect((await visitor.post("/api/payment-type/cash/pricing/", { inventory: id })).statusCode).toBe(403);
    expect((await visitor.get(`/api/customer-selectable-fees/?vehicle=${id}`)).statusCode).toBe(403);
  });

  it("stay locked for staff who passed the password but not the second factor, and open for fully signed-in staff", async () => {
    const half = client(testApp, "lakeshore-buffalo");
    await half.signInAsStaff("sales-rep@lakeshore-buffalo.example", { secondFactorVerified: false });
    const list = await half.get("/api/quickshop/inventory/");
    expect(amountsIn(list.json())).toEqual([]);
    expect((await half.post("/api/payment-type/cash/pricing/", { inventory: list.json().results[0].id })).statusCode).toBe(403);

    const full = client(testApp, "lakeshore-buffalo");
    await full.signInAsStaff("sales-rep@lakeshore-buffalo.example");
    expect(amountsIn((await full.get("/api/quickshop/inventory/")).json()).length).toBeGreaterThan(0);
  });

  it("are sent as usual at a dealership without compulsory login", async () => {
    const visitor = client(testApp, "maple-auto");
    expect(amountsIn((await visitor.get("/api/quickshop/inventory/")).json()).length).toBeGreaterThan(0);
  });
});
