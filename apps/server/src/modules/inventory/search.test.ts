import { searchQuerySchema, vehicleSearchResultSchema, type VehicleSearchResult } from "@showroom/domain";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { inventoryService } from "./service.ts";
import { vehicles } from "./tables.ts";
import type { ListingDealership } from "./vehicle-views.ts";

let testApp: TestApp;
let maple: ReturnType<typeof client>;
let mapleId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  maple = client(testApp, "maple-auto");
  const [row] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  mapleId = row!.id;
});

afterAll(async () => {
  await testApp?.close();
});

async function search(query: string, who = maple): Promise<VehicleSearchResult> {
  const response = await who.get(`/api/quickshop/inventory/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return vehicleSearchResultSchema.parse(response.json());
}

/** maple-auto as a search lists it. */
const mapleListing = (): ListingDealership => ({
  id: mapleId, uid: "maple", code: "maple-auto", name: "Maple Auto", location: "Toronto, ON", coords: { lat: 43.65, lng: -79.38 },
  lengthUnit: "km", currency: "cad", allowedLanguages: ["en-ca", "fr-ca"], paymentFrequency: "monthly",
});

/** A search asked a second time: the caches keep a search's answers from its second asking, so this one's are kept. */
async function keptSearch(query: string, who = maple): Promise<VehicleSearchResult> {
  await search(query, who);
  return search(query, who);
}

/** The number of listed maple-auto vehicles meeting a condition, counted straight from the table. */
async function directCount(condition: SQL = sql`true`, dealershipId = mapleId): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(vehicles)
    .where(and(eq(vehicles.dealershipId, dealershipId), eq(vehicles.available, true), sql`${vehicles.stockStatus} not in ('S', 'U')`, condition));
  return Number(row!.n);
}

describe("the budget filter", () => {
  it("compares the payment the cards show, at the frequency the answer names, and its range is in that frequency too", async () => {
    for (const type of ["finance", "lease"] as const) {
      const all = await search(`paymentType=${type}`);
      expect(all.budget_frequency).toBe("biweekly");
      const bound = 300;
      const pages = [await search(`paymentType=${type}&maxPayment=${bound}`), await search(`paymentType=${type}&maxPayment=${bound}&page=2`)];
      const results = pages.flatMap((p) => p.results);
      expect(results.length).toBeGreaterThan(0);
      for (const vehicle of results) {
        const payment = type === "finance" ? vehicle.finance_payment : vehicle.lease_payment;
        expect(payment.payment_frequency).toBe(pages[0]!.budget_frequency);
        expect(Number(payment.amount)).toBeLessThanOrEqual(bound);
      }
      expect(all.facets.payment.max!).toBeLessThan(5_000);
    }
    const cash = await search("paymentType=cash&maxPayment=30000");
    for (const vehicle of cash.results) expect(Number(vehicle.listing_price)).toBeLessThanOrEqual(30_000);
  });
});

describe("filters", () => {
  it("lists 50 a page of the dealership's listed vehicles, sold ones left out", async () => {
    const result = await search("");
    expect(result.count).toBe(await directCount());
    expect(result.count).toBeGreaterThan(200);
    expect(result.results).toHaveLength(50);
    expect(result.results.every((v) => v.stock_type !== "sold" && v.stock_type !== "unavailable")).toBe(true);
    expect(result.results.every((v) => v.dealership_details.code === "maple-auto")).toBe(true);
  });

  const cases: [string, string, SQL][] = [
    ["condition=new", "new", sql`${vehicles.condition} = 'New'`],
    ["condition=used", "used", sql`${vehicles.condition} = 'Used'`],
    ["condition=cpo", "cpo", sql`${vehicles.condition} = 'Used' and ${vehicles.isCertified}`],
    ["make=Toyota", "make", sql`${vehicles.make} = 'Toyota'`],
    ["make=toyota&model=rav4", "make and model, any case", sql`${vehicles.make} = 'Toyota' and ${vehicles.model} = 'RAV4'`],
    ["make=Toyota&model=RAV4&trim=XLE", "trim", sql`${vehicles.model} = 'RAV4' and ${vehicles.trim} = 'XLE'`],
    ["bodyType=SUV&bodyType=Pickup", "body types (any of)", sql`${vehicles.bodyType} in ('SUV', 'Pickup')`],
    ["drivetrain=AWD", "drivetrain", sql`${vehicles.drivetrain} = 'AWD'`],
    ["exteriorColor=Black&exteriorColor=White", "exterior colours", sql`${vehicles.exteriorColorNormalized} in ('Black', 'White')`],
    ["interiorColor=Beige", "interior colour", sql`${vehicles.interiorColor} = 'Beige'`],
    ["fuelType=Hybrid&fuelType=Electric", "fuel types", sql`${vehicles.fuelType} in ('Hybrid', 'Electric')`],
    ["transmission=Manual", "transmission", sql`${vehicles.transmission} = 'Manual'`],
    ["stockType=in_transit&stockType=demo", "stock types", sql`${vehicles.stockStatus} in ('T', 'D')`],
    ["features=heated_seats&features=sunroof", "features (all of)", sql`(${vehicles.featureMask} & 5) = 5`],
    ["minYear=2020&maxYear=2023", "model year range", sql`${vehicles.year} between 2020 and 2023`],
    ["minMileage=20000&maxMileage=60000", "mileage range", sql`${vehicles.odometer} between 20000 and 60000`],
    ["minPayment=20000&maxPayment=30000", "budget (cash price)", sql`${vehicles.priceCents} between 2000000 and 3000000`],
    ["paymentType=finance&maxPayment=250", "budget by stored finance payment", sql`${vehicles.financePaymentCents} <= 25000`],
    ["paymentType=lease&minPayment=150&maxPayment=300", "budget by stored lease payment", sql`${vehicles.leasePaymentCents} between 15000 and 30000`],
    ["query=rav4 xle", "text query, every word", sql`${vehicles.model} = 'RAV4' and ${vehicles.trim} ilike '%xle%'`],
  ];
  it.each(cases)("%s (%s) matches a direct count", async (query, _label, condition) => {
    const expected = await directCount(condition);
    expect(expected).toBeGreaterThan(0);
    const result = await search(query);
    expect(result.count).toBe(expected);
  });

  it("finds a vehicle by VIN or stock number through the text query", async () => {
    const [vehicle] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.dealershipId, mapleId)).limit(1);
    const byVin = await search(`query=${vehicle!.vin.slice(3, 12).toLowerCase()}`);
    expect(byVin.results.map((v) => v.vin)).toContain(vehicle!.vin);
    const byStock = await search(`query=${vehicle!.stockNumber}`);
    expect(byStock.results.map((v) => v.stock_number)).toContain(vehicle!.stockNumber);
  });

  it("treats SQL and script characters in the text query as text", async () => {
    for (const query of ["'; drop table vehicles; --", "<script>alert(1)</script>", "%", "_", "\\", "' or 1=1 --"]) {
      const result = await search(`query=${encodeURIComponent(query)}`);
      expect(result.count, query).toBe(0);
    }
    expect((await search("")).count).toBe(await directCount());
  });
});

describe("bad parameters", () => {
  it.each([
    ["minYear=abc", "minYear"],
    ["sort=cheapest", "sort"],
    ["condition=old", "condition"],
    ["page=0", "page"],
    ["maxPayment=-5", "maxPayment"],
    ["stockType=stolen", "stockType"],
    ["location=ZZZ", "location"],
  ])("%s answers 400 naming %s", async (query, field) => {
    const response = await maple.get(`/api/quickshop/inventory/?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<Record<string, string[]>>();
    expect(Object.keys(body)).toContain(field);
    expect(body[field]![0]!.length).toBeGreaterThan(5);
  });

  it("reads a range typed the wrong way round as the same range", async () => {
    const reversed = await search("minYear=2024&maxYear=2020&minMileage=90000&maxMileage=10000");
    const ordered = await search("minYear=2020&maxYear=2024&minMileage=10000&maxMileage=90000");
    expect(reversed.count).toBe(ordered.count);
    expect(reversed.count).toBe(await directCount(sql`${vehicles.year} between 2020 and 2024 and ${vehicles.odometer} between 10000 and 90000`));
  });

  it("answers in French for a French shopper", async () => {
    const response = await maple.get("/api/quickshop/inventory/?sort=cheapest", { "accept-language": "fr-CA" });
    expect(response.statusCode).toBe(400);
    expect(response.json<Record<string, string[]>>().sort![0]).toMatch(/Choisissez/);
  });
});

describe("sorting and paging", () => {
  const numeric = (value: string | null) => (value === null ? Infinity : Number(value));
  it.each([
    ["price", (r: VehicleSearchResult) => r.results.map((v) => numeric(v.listing_price)), 1],
    ["-price", (r: VehicleSearchResult) => r.results.map((v) => numeric(v.listing_price)), -1],
    ["year", (r: VehicleSearchResult) => r.results.map((v) => v.year), 1],
    ["-year", (r: VehicleSearchResult) => r.results.map((v) => v.year), -1],
    ["mileage", (r: VehicleSearchResult) => r.results.map((v) => v.odometer), 1],
    ["-mileage", (r: VehicleSearchResult) => r.results.map((v) => v.odometer), -1],
  ] as const)("sort=%s orders the page", async (sort, values, direction) => {
    const page1 = values(await search(`sort=${sort}`));
    const page2 = values(await search(`sort=${sort}&page=2`));
    const all = [...page1, ...page2];
    const sorted = [...all].sort((a, b) => (a - b) * direction);
    expect(all).toEqual(sorted);
  });

  it("sort=availability puts vehicles in stock before demos, in transit and reserved ones", async () => {
    const rank = ["available", "demo", "in_transit", "pending", "virtual", "reserved", "as_is"];
    const { results } = await search("sort=availability&page=1");
    const ranks = results.map((v) => rank.indexOf(v.stock_type));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const last = await search(`sort=availability&page=${Math.ceil((await directCount()) / 50)}`);
    expect(last.results.at(-1)!.stock_type).not.toBe("available");
  });

  it("sort=recommended (the default) shows available vehicles first", async () => {
    const { results } = await search("");
    expect(results[0]!.stock_type).toBe("available");
  });

  it("pages never overlap and links point to the neighbours", async () => {
    const page1 = await search("sort=price");
    const page2 = await search("sort=price&page=2");
    const ids1 = new Set(page1.results.map((v) => v.id));
    expect(page2.results.some((v) => ids1.has(v.id))).toBe(false);
    expect(page1.previous).toBeNull();
    expect(page1.next).toContain("page=2");
    expect(page2.previous).toBeTruthy();
    const beyond = await search("page=999");
    expect(beyond.results).toEqual([]);
    expect(beyond.count).toBe(page1.count);
  });

  it("walks every page in one unbroken order, the first pages (kept as ids) joining the later ones", async () => {
    const first = await search("sort=-year");
    const pages = Math.ceil(first.count / 50);
    expect(pages).toBeGreaterThan(5);
    const all = [first, ...(await Promise.all(Array.from({ length: pages - 1 }, (_, i) => search(`sort=-year&page=${i + 2}`))))];
    const vehiclesInOrder = all.flatMap((p) => p.results);
    expect(vehiclesInOrder).toHaveLength(first.count);
    expect(new Set(vehiclesInOrder.map((v) => v.id)).size).toBe(first.count);
    const keys = vehiclesInOrder.map((v) => [v.year, v.id] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
  });
});

describe("facets", () => {
  it("counts each make with the other filters applied, matching a search for that make", async () => {
    const { facets, count } = await search("condition=used");
    expect(facets.make.reduce((sum, f) => sum + f.count, 0)).toBe(count);
    for (const facet of facets.make.slice(0, 4)) {
      const narrowed = await search(`condition=used&make=${encodeURIComponent(facet.value)}`);
      expect(narrowed.count, facet.value).toBe(facet.count);
    }
  });

  it("keeps every make countable once a make is chosen (its own filter is not applied to itself)", async () => {
    const all = await search("");
    const toyota = await search("make=Toyota");
    expect(toyota.facets.make).toEqual(all.facets.make);
    expect(toyota.facets.model.every((m) => ["RAV4", "Corolla", "Tacoma", "Sienna"].includes(m.value))).toBe(true);
  });

  it("counts conditions, stock types and features against direct counts", async () => {
    const { facets } = await search("make=Honda");
    const honda = sql`${vehicles.make} = 'Honda'`;
    const condition = Object.fromEntries(facets.condition.map((f) => [f.value, f.count]));
    expect(condition.new).toBe(await directCount(sql`${honda} and ${vehicles.condition} = 'New'`));
    expect(condition.used).toBe(await directCount(sql`${honda} and ${vehicles.condition} = 'Used'`));
    expect(condition.cpo).toBe(await directCount(sql`${honda} and ${vehicles.isCertified}`));
    const inTransit = facets.stockType.find((f) => f.value === "in_transit")?.count ?? 0;
    expect(inTransit).toBe(await directCount(sql`${honda} and ${vehicles.stockStatus} = 'T'`));
    const sunroof = facets.features.find((f) => f.value === "sunroof")?.count ?? 0;
    expect(sunroof).toBe(await directCount(sql`${honda} and (${vehicles.featureMask} & 1) = 1`));
  });

  it("reports the year, mileage and price ranges of what the other filters leave", async () => {
    const { facets } = await search("condition=new");
    const [row] = await testApp.database.db
      .select({ min: sql<number>`min(${vehicles.year})`, max: sql<number>`max(${vehicles.year})` })
      .from(vehicles)
      .where(and(eq(vehicles.dealershipId, mapleId), eq(vehicles.condition, "New"), eq(vehicles.available, true), sql`${vehicles.stockStatus} not in ('S','U')`));
    expect(facets.year).toEqual({ min: Number(row!.min), max: Number(row!.max) });
    expect(facets.payment.min).toBeLessThan(facets.payment.max!);
    expect(facets.mileage.max).toBeLessThanOrEqual(1000);
  });

  it("keeps a chosen value visible even when nothing matches it", async () => {
    const { facets, count } = await search("make=Toyota&bodyType=Van");
    expect(count).toBe(0);
    expect(facets.bodyType.find((f) => f.value === "Van")).toBeDefined();
  });

  it("counts afresh once the vehicles change, whoever changes them", async () => {
    const first = await search("");
    expect(await search("")).toEqual(first);
    const vehicle = first.results[0]!;
    const countOf = (result: VehicleSearchResult) => result.facets.make.find((f) => f.value === vehicle.make)?.count ?? 0;
    // A write outside the app's own calls (as a command-line import's would be) shows on the next search.
    const [before] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    await testApp.database.db.update(vehicles).set({ stockStatus: "S" }).where(eq(vehicles.id, vehicle.id));
    try {
      const after = await search("");
      expect(after.count).toBe(first.count - 1);
      expect(countOf(after)).toBe(countOf(first) - 1);
    } finally {
      await testApp.database.db.update(vehicles).set({ stockStatus: before!.stockStatus }).where(eq(vehicles.id, vehicle.id));
    }
    expect(await search("")).toEqual(first);
  });
});

describe("group search and distance", () => {
  it("searches the dealerships of one group together, each vehicle naming its dealership", async () => {
    const { facets } = await search("");
    expect(facets.dealership.map((d) => d.name)).toEqual(expect.arrayContaining(["Maple Auto Toronto"]));
    expect(facets.dealership).toHaveLength(2);
    const uids = facets.dealership.map((d) => `dealership_uid=${d.value}`).join("&");
    const group = await search(`${uids}&sort=distance&location=K1P%201J1`);
    expect(group.count).toBe(facets.dealership.reduce((sum, d) => sum + d.count, 0));
    const codes = new Set(group.results.map((v) => v.dealership_details.code));
    expect(codes.has("maple-vw-ottawa")).toBe(true);
    // Ottawa is nearer K1P than Toronto: its vehicles come first, nearest dealership first.
    const distances = group.results.map((v) => v.dealership_details.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(group.results[0]!.dealership_details.code).toBe("maple-vw-ottawa");
    expect(distances[0]).toBeLessThan(20);
    const last = await search(`${uids}&sort=distance&location=K1P1J1&page=${Math.ceil(group.count / 50)}`);
    expect(last.results.at(-1)!.dealership_details.code).toBe("maple-auto");
    expect(last.results.at(-1)!.dealership_details.distance).toBeGreaterThan(300);
  });

  it("answers 404 no_vehicle_list, with the website, to a search at a dealership without a vehicle list", async () => {
    const response = await client(testApp, "maple-vw-ottawa").get("/api/quickshop/inventory/?make=Volkswagen");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "no_vehicle_list", website: "https://maple-vw.example" });
    const unknown = await client(testApp, "no-such-dealer").get("/api/quickshop/inventory/");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Dealership not found." });
    // Its vehicles still show in its group's list and on their own pages.
    const id = (await search("sort=distance&location=K1P1J1&dealership_uid=dealer-maple-vw-ottawa")).results[0]!.id;
    expect((await client(testApp, "maple-vw-ottawa").get(`/api/quickshop/inventory/${id}/`)).statusCode).toBe(200);
  });

  it("measures US distances in miles from a ZIP", async () => {
    const buffalo = client(testApp, "lakeshore-buffalo");
    const result = await search("location=14202&sort=distance", buffalo);
    expect(result.results[0]!.dealership_details.distance).toBeLessThan(30);
    expect(result.facets.dealership).toEqual([]);
  });

  it("refuses a dealership outside the group, naming the field", async () => {
    const response = await maple.get("/api/quickshop/inventory/?dealership_uid=dealer-lakeshore-buffalo");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("dealership_uid");
  });

  it("never shows another dealership's vehicles outside its group", async () => {
    const laval = client(testApp, "boulevard-laval");
    const { results, count } = await search("", laval);
    expect(results.every((v) => v.dealership_details.code === "boulevard-laval")).toBe(true);
    const [lavalRow] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "boulevard-laval"));
    expect(count).toBe(await directCount(sql`true`, lavalRow!.id));
  });
});

/** A listed vehicle of Maple Auto that is not a Tesla (a write makes it one). */
async function listedNonTesla() {
  const [vehicle] = await testApp.database.db
    .select({ id: vehicles.id, make: vehicles.make })
    .from(vehicles)
    .where(and(eq(vehicles.dealershipId, mapleId), eq(vehicles.available, true), sql`${vehicles.make} <> 'Tesla'`, sql`${vehicles.stockStatus} not in ('S', 'U')`))
    .limit(1);
  return vehicle;
}

describe("counts right after a write", () => {
  it("sees a vehicle changed in the database (as an import or another process changes it) on the next search", async () => {
    const before = await keptSearch("make=Tesla&sort=price");
    const vehicle = await listedNonTesla();
    await testApp.database.db.update(vehicles).set({ make: "Tesla" }).where(eq(vehicles.id, vehicle!.id));
    const after = await search("make=Tesla&sort=price");
    expect(after.count).toBe(before.count + 1);
    expect(after.facets.make.find((f) => f.value === "Tesla")?.count).toBe(before.count + 1);
    expect(after.results.map((r) => r.id)).toContain(vehicle!.id);
    await testApp.database.db.update(vehicles).set({ make: vehicle!.make }).where(eq(vehicles.id, vehicle!.id));
    expect((await search("make=Tesla&sort=price")).count).toBe(before.count);
  });

  it("shows a changed vehicle's card as it now is, on a search never asked before (cards are kept between searches)", async () => {
    const [shown] = (await search("")).results;
    const [before] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.id, shown!.id));
    await testApp.database.db.update(vehicles).set({ stockNumber: "CHANGED-1" }).where(eq(vehicles.id, shown!.id));
    try {
      // Another search (its own list and counts) with the same vehicle first: its card is the one kept from the search above.
      const again = await search(`make=${encodeURIComponent(shown!.make)}`);
      expect(again.results[0]!.id).toBe(shown!.id);
      expect(again.results[0]!.stock_number).toBe("CHANGED-1");
    } finally {
      await testApp.database.db.update(vehicles).set({ stockNumber: before!.stockNumber }).where(eq(vehicles.id, shown!.id));
    }
    const [restored] = (await search(`make=${encodeURIComponent(shown!.make)}&sort=recommended`)).results;
    expect(restored!.stock_number).toBe(before!.stockNumber);
  });

  it("shows a dealership's changed details on cards kept from an earlier search (its settings are no inventory write)", async () => {
    const inventory = inventoryService(testApp.database.db);
    const dealer = mapleListing();
    const searchAs = async (as: ListingDealership, query: Record<string, string>) =>
      (await inventory.search({ dealers: [as], group: [as], query: searchQuerySchema.parse(query), origin: null })).results;
    const [first] = await searchAs(dealer, {});
    expect(first!.dealership_details.name).toBe("Maple Auto");
    // Another search showing the same vehicle first, after the dealership was renamed.
    const [again] = await searchAs({ ...dealer, name: "Maple Auto Group" }, { make: first!.make });
    expect(again!.id).toBe(first!.id);
    expect(again!.dealership_details.name).toBe("Maple Auto Group");
  });

  it("keeps a search's answers from the second time its filters are asked, not the first (most are asked once)", async () => {
    const inventory = inventoryService(testApp.database.db);
    const dealer = mapleListing();
    const ask = async (query: Record<string, string>) => inventory.search({ dealers: [dealer], group: [dealer], query: searchQuerySchema.parse(query), origin: null });
    const first = await ask({ make: "Toyota" });
    const second = await ask({ make: "Toyota" });
    expect(second).toEqual(first);
    // Worked out again, then kept: the third asking gets the second's objects, another order of the same filters too.
    expect(second.results).not.toBe(first.results);
    expect((await ask({ make: "Toyota" })).results).toBe(second.results);
    expect((await ask({ make: "Toyota", sort: "price" })).facets.make).toBe(second.facets.make);
  });

  it("stops counting a vehicle moved to another dealership at the one it left, and counts it at the one it joined", async () => {
    const laval = client(testApp, "boulevard-laval");
    const [lavalRow] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "boulevard-laval"));
    const [mapleBefore, lavalBefore] = [await keptSearch("sort=price"), await keptSearch("sort=price", laval)];
    const vehicle = await listedNonTesla();
    await testApp.database.db.update(vehicles).set({ dealershipId: lavalRow!.id }).where(eq(vehicles.id, vehicle!.id));
    try {
      // The same searches again: their kept counts and lists are at revisions the move must have moved, both of them.
      const mapleAfter = await search("sort=price");
      expect(mapleAfter.count).toBe(mapleBefore.count - 1);
      expect(mapleAfter.facets.make.reduce((sum, f) => sum + f.count, 0)).toBe(mapleBefore.count - 1);
      expect((await search("sort=price", laval)).count).toBe(lavalBefore.count + 1);
    } finally {
      await testApp.database.db.update(vehicles).set({ dealershipId: mapleId }).where(eq(vehicles.id, vehicle!.id));
    }
    expect((await search("sort=price")).count).toBe(mapleBefore.count);
  });

  it("sees a transaction's write as soon as it commits, and nothing of one rolled back", async () => {
    const before = await keptSearch("make=Tesla");
    const vehicle = await listedNonTesla();
    const undone = new Error("undone");
    await expect(
      testApp.database.db.transaction(async (tx) => {
        await tx.update(vehicles).set({ make: "Tesla" }).where(eq(vehicles.id, vehicle!.id));
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect((await search("make=Tesla")).count).toBe(before.count);
    await testApp.database.db.transaction(async (tx) => {
      await tx.update(vehicles).set({ make: "Tesla" }).where(eq(vehicles.id, vehicle!.id));
    });
    try {
      expect((await search("make=Tesla")).count).toBe(before.count + 1);
    } finally {
      await testApp.database.db.update(vehicles).set({ make: vehicle!.make }).where(eq(vehicles.id, vehicle!.id));
    }
    expect((await search("make=Tesla")).count).toBe(before.count);
  });
});
