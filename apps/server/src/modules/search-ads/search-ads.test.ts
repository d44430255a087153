import { paginatedSchema, publicSearchAdSchema, searchAdSchema, vehicleSearchResultSchema } from "@showroom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAt, createStaffUser } from "../../test/staff.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const ADS = "/api/dealer/search-ads/";
const PUBLIC = (uid: string) => `/api/public-views/search-ads/${uid}/`;

async function staffAt(code: string, email: string, options: { secondFactorVerified?: boolean } = {}) {
  const browser = await browserAt(testApp, code);
  await browser.signInAsStaff(email, options);
  return browser;
}

async function createAd(browser: Awaited<ReturnType<typeof staffAt>>, body: unknown) {
  const response = await browser.post(ADS, body);
  expect(response.statusCode, response.body).toBe(201);
  return searchAdSchema.parse(response.json());
}

describe("staff search ads", () => {
  it("refuses a visitor without a session, a sales rep and a staff user owing the second factor", async () => {
    const body = { title: "SUVs", filters: { bodyType: ["suv"] } };
    const anonymous = await browserAt(testApp, "maple-auto");
    expect((await anonymous.post(ADS, body)).statusCode).toBe(403);
    expect((await anonymous.get(ADS)).statusCode).toBe(403);
    const rep = await staffAt("maple-auto", "sales-rep@maple-auto.example");
    const refused = await rep.post(ADS, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/permission/i);
    expect((await rep.get(ADS)).statusCode).toBe(403);
    const pending = await staffAt("maple-auto", "sales-manager@maple-auto.example", { secondFactorVerified: false });
    expect((await pending.post(ADS, body)).statusCode).toBe(403);
  });

  it("refuses staff of another dealership at this storefront", async () => {
    const other = await staffAt("maple-auto", "sales-manager@lakeshore-buffalo.example");
    const response = await other.post(ADS, { title: "SUVs", filters: {} });
    expect(response.statusCode).toBe(403);
  });

  it("refuses bad input with a 400 naming each field", async () => {
    const manager = await staffAt("maple-auto", "sales-manager@maple-auto.example");
    const cases: [unknown, string][] = [
      [{ filters: {} }, "title"],
      [{ title: "   ", filters: {} }, "title"],
      [{ title: "x".repeat(121), filters: {} }, "title"],
      [{ title: "Ads" }, "filters"],
      [{ title: "Ads", filters: { colour: "red" } }, "filters.colour"],
      [{ title: "Ads", filters: { minYear: "soon" } }, "filters.minYear"],
      [{ title: "Ads", filters: { condition: "old" } }, "filters.condition"],
      [{ title: "Ads", filters: { stockType: ["nope"] } }, "filters.stockType"],
      [{ title: "Ads", filters: { page: "2" } }, "filters.page"],
      [{ title: "Ads", filters: { make: 5 } }, "filters.make"],
      [{ title: "Ads", filters: { dealership_uid: "not-ours" } }, "filters.dealership_uid"],
    ];
    for (const [body, field] of cases) {
      const response = await manager.post(ADS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json()), JSON.stringify(body)).toContain(field);
    }
    const badUid = await manager.request("PATCH", `${ADS}no!/`, { body: { active: false } });
    expect(badUid.statusCode).toBe(400);
    expect(Object.keys(badUid.json())).toContain("uid");
  });

  it("publishes an ad anyone opens without a session: the listed vehicles its filters match, 50 a page", async () => {
    const manager = await staffAt("maple-auto", "sales-manager@maple-auto.example");
    const ad = await createAd(manager, { title: "  Used under 2026  ", filters: { condition: "used", maxYear: "2025", model: "" } });
    expect(ad).toMatchObject({ title: "Used under 2026", filters: { condition: "used", maxYear: "2025" }, active: true });
    expect(ad.created_by.full_name).not.toBe("");
    expect(ad.uid).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const visitor = client(testApp, "maple-auto"); // no cookie at all
    const first = await visitor.get(PUBLIC(ad.uid));
    expect(first.statusCode, first.body).toBe(200);
    const view = publicSearchAdSchema.parse(first.json());
    expect(view).toMatchObject({ uid: ad.uid, title: "Used under 2026", filters: { condition: "used", maxYear: "2025" } });
    // The same vehicles as the vehicle search with the same filters.
    const search = vehicleSearchResultSchema.parse((await visitor.get("/api/quickshop/inventory/?condition=used&maxYear=2025")).json());
    expect(view.count).toBe(search.count);
    expect(view.count).toBeGreaterThan(50);
    expect(view.results).toHaveLength(50);
    expect(view.results.map((v) => v.id)).toEqual(search.results.map((v) => v.id));
    for (const vehicle of view.results) {
      expect(vehicle.is_new).toBe(false);
      expect(vehicle.year).toBeLessThanOrEqual(2025);
      expect(["S", "U"]).not.toContain(vehicle.stock_status);
    }
    expect(view.next).toContain("page=2");
    const second = publicSearchAdSchema.parse((await visitor.get(`${PUBLIC(ad.uid)}?page=2`)).json());
    expect(second.results[0]?.id).not.toBe(view.results[0]?.id);
    expect((await visitor.get(`${PUBLIC(ad.uid)}?page=0`)).statusCode).toBe(400);
  });

  it("answers 404 for another dealership's ad, an unknown one and a withdrawn one", async () => {
    const manager = await staffAt("maple-auto", "sales-manager@maple-auto.example");
    const ad = await createAd(manager, { title: "Toyotas", filters: { make: "Toyota" } });
    expect((await client(testApp, "lakeshore-buffalo").get(PUBLIC(ad.uid))).statusCode).toBe(404);
    expect((await client(testApp, "maple-auto").get(PUBLIC("UnknownUnknown1234"))).statusCode).toBe(404);

    // Another dealership's staff cannot withdraw it.
    const other = await staffAt("lakeshore-buffalo", "sales-manager@lakeshore-buffalo.example");
    expect((await other.request("PATCH", `${ADS}${ad.uid}/`, { body: { active: false } })).statusCode).toBe(404);

    const withdrawn = await manager.request("PATCH", `${ADS}${ad.uid}/`, { body: { active: false } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().active).toBe(false);
    expect((await client(testApp, "maple-auto").get(PUBLIC(ad.uid))).statusCode).toBe(404);
    expect((await manager.request("PATCH", `${ADS}${ad.uid}/`, { body: { active: "no" } })).statusCode).toBe(400);
    expect((await manager.request("PATCH", `${ADS}${ad.uid}/`, { body: { active: true } })).statusCode).toBe(200);
    expect((await client(testApp, "maple-auto").get(PUBLIC(ad.uid))).statusCode).toBe(200);
  });

  it("lists the dealership's own ads only, newest first, withdrawn ones too", async () => {
    const admin = await staffAt("maple-auto", "admin@maple-auto.example");
    const older = await createAd(admin, { title: "Older", filters: {} });
    const newer = await createAd(admin, { title: "Newer", filters: { bodyType: ["suv", "coupe"] } });
    await admin.request("PATCH", `${ADS}${older.uid}/`, { body: { active: false } });
    const list = paginatedSchema(searchAdSchema).parse((await admin.get(ADS)).json());
    const uids = list.results.map((a) => a.uid);
    expect(uids.indexOf(newer.uid)).toBeLessThan(uids.indexOf(older.uid));
    expect(list.results.find((a) => a.uid === older.uid)?.active).toBe(false);
    const elsewhere = paginatedSchema(searchAdSchema).parse((await (await staffAt("lakeshore-buffalo", "sales-manager@lakeshore-buffalo.example")).get(ADS)).json());
    expect(elsewhere.results.map((a) => a.uid)).not.toContain(newer.uid);
  });

  it("sends no amounts in a public ad of a dealership that locks its prices", async () => {
    const manager = await staffAt("lakeshore-buffalo", "sales-manager@lakeshore-buffalo.example");
    const ad = await createAd(manager, { title: "Everything", filters: {} });
    const view = publicSearchAdSchema.parse((await client(testApp, "lakeshore-buffalo").get(PUBLIC(ad.uid))).json());
    expect(view.results.length).toBeGreaterThan(0);
    for (const vehicle of view.results) expect(vehicle.listing_price).toBeNull();
  });

  it("lets a sales rep made a manager create ads on their next call", async () => {
    const user = await createStaffUser(testApp, { role: "dealer_sales_manager" });
    const browser = await staffAt("maple-auto", user.email);
    expect((await browser.post(ADS, { title: "Mine", filters: {} })).statusCode).toBe(201);
  });
});
