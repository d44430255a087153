import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildVin, createRandom } from "@showroom/testing";
import { client, createTestApp, ORIGIN, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { inventoryImportService } from "./import-service.ts";
import { vehicles } from "./tables.ts";

let testApp: TestApp;
let lavalId: number;
const random = createRandom(77);
const HEADER = "VIN,Stock #,Type,Certified,Year,Make,Model,Trim,Body Style,Ext Color,Int Color,Odometer,Price,MSRP,Photos,Date In Stock,Status";

type Row = { vin: string; stock: string; price: string; odometer?: string; status?: string; make?: string; photos?: string };
const line = (r: Row) =>
  [r.vin, r.stock, "Used", "Y", "2022", r.make ?? "Mazda", "CX-5", "GS", "Sport Utility", "Soul Red Crystal", "Black", r.odometer ?? "\"41,200\"",
    r.price, "38999", r.photos ?? `https://photos.example/${r.vin}/1.jpg|https://photos.example/${r.vin}/2.jpg`, "2026-10-02", r.status ?? "I"].join(",");
const feed = (rows: Row[]) => [HEADER, ...rows.map(line)].join("\r\n");

function goodRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({ vin: buildVin(random), stock: `F${1000 + i}`, price: `${30_000 + i * 100}.00` }));
}

beforeAll(async () => {
  testApp = await createTestApp();
  const [row] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "boulevard-laval"));
  lavalId = row!.id;
});

afterAll(async () => {
  await testApp?.close();
});

const imports = () => inventoryImportService(testApp.database.db);
const byVin = async (vin: string) =>
  (await testApp.database.db.select().from(vehicles).where(and(eq(vehicles.dealershipId, lavalId), eq(vehicles.vin, vin))))[0];

describe("feed import", () => {
  const rows = goodRows(5);

  it("creates every vehicle of a good partial feed, normalising what it says", async () => {
    const report = await imports().importFeed({ dealershipId: lavalId, csv: feed(rows), fullFeed: false, source: "test" });
    expect(report).toMatchObject({ rows: 5, created: 5, updated: 0, unchanged: 0, marked_unavailable: 0, rejected: [] });
    const stored = await byVin(rows[0]!.vin);
    expect(stored).toMatchObject({
      condition: "Used", isCertified: true, bodyType: "SUV", exteriorColorNormalized: "Red", odometer: 41200,
      priceCents: 3_000_000, msrpCents: 3_899_900, inStockDate: "2026-10-02", available: true, stockStatus: "I",
    });
    expect(stored!.images).toHaveLength(2);
    expect(stored!.searchText).toContain("mazda cx-5");
  });

  it("changes nothing when the same feed comes again", async () => {
    const before = await byVin(rows[0]!.vin);
    const report = await imports().importFeed({ dealershipId: lavalId, csv: feed(rows), fullFeed: false, source: "test" });
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
    expect((await byVin(rows[0]!.vin))!.updatedAt).toEqual(before!.updatedAt);
  });

  it("updates only the rows whose values changed", async () => {
    const changed = rows.map((r, i) => (i === 1 ? { ...r, price: "28500.00" } : r));
    const report = await imports().importFeed({ dealershipId: lavalId, csv: feed(changed), fullFeed: false, source: "test" });
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 4 });
    expect((await byVin(rows[1]!.vin))!.priceCents).toBe(2_850_000);
  });

  it("reports each bad row with its line and reason, and keeps the good ones", async () => {
    const fresh = goodRows(2);
    const bad: Row[] = [
      { vin: "1HGCM82633A00435I", stock: "B1", price: "20000" }, // I in a VIN
      { vin: "SHORTVIN", stock: "B2", price: "20000" },
      { vin: buildVin(random), stock: "B3", price: "1000000.00" }, // above the cap
      { vin: buildVin(random), stock: "B4", price: "-5" },
      { vin: fresh[0]!.vin, stock: "B5", price: "20000" }, // duplicate of line 2
    ];
    const placeholder = { vin: buildVin(random), stock: "P1", price: "999999" };
    const csv = feed([fresh[0]!, ...bad, fresh[1]!, placeholder]);
    const report = await imports().importFeed({ dealershipId: lavalId, csv, fullFeed: false, source: "test" });
    expect(report.created).toBe(3);
    expect(report.rejected.map((r) => r.line)).toEqual([3, 4, 5, 6, 7]);
    expect(report.rejected[0]!.reason).toMatch(/VIN/);
    expect(report.rejected[2]!.reason).toMatch(/999,999.99|cap/i);
    expect(report.rejected[4]!.reason).toMatch(/line 2/);
    expect(await byVin(fresh[1]!.vin)).toBeDefined();
    // 999999 is a placeholder: "no price", not a price.
    expect((await byVin(placeholder.vin))!.priceCents).toBeNull();
  });

  it("marks vehicles a full feed no longer lists as unavailable instead of deleting them", async () => {
    const listedBefore = await testApp.database.db.select().from(vehicles).where(and(eq(vehicles.dealershipId, lavalId), eq(vehicles.available, true)));
    const keep = rows.slice(0, 3);
    const report = await imports().importFeed({ dealershipId: lavalId, csv: feed(keep), fullFeed: true, source: "test" });
    expect(report.marked_unavailable).toBe(listedBefore.length - 3);
    const dropped = await byVin(rows[4]!.vin);
    expect(dropped).toMatchObject({ available: false });
    const api = client(testApp, "boulevard-laval");
    const list = (await api.get("/api/quickshop/inventory/")).json<{ count: number }>();
    expect(list.count).toBe(3);
    const details = (await api.get(`/api/quickshop/inventory/${dropped!.id}/`)).json<{ available: boolean }>();
    expect(details.available).toBe(false);
    // Back in the next feed, it is listed again.
    const again = await imports().importFeed({ dealershipId: lavalId, csv: feed(rows), fullFeed: true, source: "test" });
    expect(again).toMatchObject({ updated: 2, marked_unavailable: 0 });
    expect((await byVin(rows[4]!.vin))!.available).toBe(true);
  });

  it("refuses a feed without its required columns or without a single good row, changing nothing", async () => {
    await expect(imports().importFeed({ dealershipId: lavalId, csv: "Stock,Price\nA1,100", fullFeed: true, source: "t" })).rejects.toThrow(/VIN/);
    const bad = feed([{ vin: "BAD", stock: "X", price: "1" }]);
    await expect(imports().importFeed({ dealershipId: lavalId, csv: bad, fullFeed: true, source: "t" })).rejects.toThrow(/no valid vehicle rows/);
    expect((await byVin(rows[0]!.vin))!.available).toBe(true);
  });

  it("leaves nothing half-imported when a write fails midway", async () => {
    // 600 rows are written in two batches; a clashing uid makes the second batch fail after the first went in.
    const fresh = goodRows(600);
    const [existing] = await testApp.database.db.select().from(vehicles).limit(1);
    const { id: _id, ...copy } = existing!;
    await testApp.database.db
      .insert(vehicles)
      .values({ ...copy, uid: `veh-${lavalId}-${fresh[550]!.vin.toLowerCase()}`, vin: buildVin(random), dealershipId: lavalId });
    await expect(imports().importFeed({ dealershipId: lavalId, csv: feed(fresh), fullFeed: false, source: "t" })).rejects.toThrow();
    expect(await byVin(fresh[0]!.vin)).toBeUndefined();
    expect(await byVin(fresh[499]!.vin)).toBeUndefined();
  });
});

describe("import API", () => {
  const post = (who: ReturnType<typeof client>, csv: string, full = "false") =>
    who.request("POST", `/api/quickshop/inventory/import/?full=${full}`, { body: csv, headers: { "content-type": "text/csv" } });

  it("lets a dealer administrator import a feed", async () => {
    const admin = client(testApp, "boulevard-laval");
    await admin.signInAsStaff("admin@boulevard-laval.example");
    const response = await post(admin, feed(goodRows(2)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 2, rejected: [] });
  });

  it("refuses a sales rep, an unverified admin, an anonymous caller and another dealership's admin", async () => {
    const rep = client(testApp, "boulevard-laval");
    await rep.signInAsStaff("sales-rep@boulevard-laval.example");
    expect((await post(rep, feed(goodRows(1)))).statusCode).toBe(403);
    const unverified = client(testApp, "boulevard-laval");
    await unverified.signInAsStaff("admin@boulevard-laval.example", { secondFactorVerified: false });
    expect((await post(unverified, feed(goodRows(1)))).statusCode).toBe(403);
    const anonymous = client(testApp, "boulevard-laval");
    await anonymous.get("/api/i18n/");
    expect((await post(anonymous, feed(goodRows(1)))).statusCode).toBe(403);
    const other = client(testApp, "boulevard-laval");
    await other.signInAsStaff("admin@maple-auto.example");
    expect((await post(other, feed(goodRows(1)))).statusCode).toBe(403);
  });

  it("answers 440 when the admin's session has expired", async () => {
    const admin = client(testApp, "boulevard-laval");
    await admin.signInAsStaff("admin@boulevard-laval.example");
    testApp.clock.advance(31 * 60_000);
    expect((await post(admin, feed(goodRows(1)))).statusCode).toBe(440);
  });

  it("answers a clear 400 for a feed it cannot read", async () => {
    const admin = client(testApp, "boulevard-laval");
    await admin.signInAsStaff("admin@boulevard-laval.example");
    const response = await post(admin, "Stock,Price\nA1,100");
    expect(response.statusCode).toBe(400);
    expect(response.json<{ non_field_errors: string[] }>().non_field_errors.join(" ")).toMatch(/VIN/);
  });

  it("shows an imported feed's photos through the image route, on the dealership's and its group's pages, never from the feed's host", async () => {
    const admin = client(testApp, "maple-vw-ottawa");
    await admin.signInAsStaff("admin@maple-vw-ottawa.example");
    const rows = goodRows(1).map((row) => ({ ...row, photos: "https://photos.maple-vw.example/a.jpg|https://photos.maple-vw.example/b.jpg" }));
    const response = await post(admin, feed(rows));
    expect(response.statusCode, response.body).toBe(200);
    for (const code of ["maple-vw-ottawa", "maple-auto"]) {
      const answer = await client(testApp, code).get(`/api/quickshop/inventory/${rows[0]!.vin}/`);
      expect(answer.statusCode, code).toBe(200);
      const { id, images, main_image } = answer.json<{ id: number; images: string[]; main_image: string }>();
      expect(images).toEqual([0, 1].map((n) => expect.stringMatching(new RegExp(`^/api/quickshop/inventory/${id}/photos/${n}/\\?v=[0-9a-f]{12}$`))));
      expect(main_image).toBe(images[0]);
      expect(answer.body).not.toContain("photos.maple-vw.example");
    }
    expect((await client(testApp, "boulevard-laval").get(`/api/quickshop/inventory/${rows[0]!.vin}/`)).statusCode).toBe(404);
  });

  it("takes text/csv in UTF-8, with or without a byte-order mark, and answers 415 to anything else", async () => {
    const admin = client(testApp, "boulevard-laval");
    await admin.signInAsStaff("admin@boulevard-laval.example");
    const csv = feed(goodRows(1));
    const send = (body: string | Buffer, contentType: string) =>
      testApp.app.inject({
        method: "POST",
        url: "/api/quickshop/inventory/import/?full=false",
        payload: body,
        headers: { "x-dealer-code": "boulevard-laval", cookie: admin.jar.header(), origin: ORIGIN, "x-csrftoken": admin.jar.get("csrftoken")!, "content-type": contentType },
      });
    expect((await send(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]), "text/csv")).statusCode).toBe(200);
    expect((await send(csv, "text/csv; charset=utf-8")).statusCode).toBe(200);
    const refused = [
      await send(JSON.stringify(csv), "application/json"),
      await send(csv, "text/plain"),
      await send(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")]), "text/csv"),
      await send(Buffer.from(csv, "utf16le"), "text/csv"),
      await send(csv, "text/csv; charset=utf-16"),
      await send(Buffer.from("VIN,Price\n\xe9t\xe9,100", "latin1"), "text/csv"),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([415, 415, 415, 415, 415, 415]);
    expect(refused[0]!.json().detail).toMatch(/UTF-8/);
  });
});
