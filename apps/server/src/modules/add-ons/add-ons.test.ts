import { accessoryPageSchema, dollarsToCents, paymentOptionSchema, protectionPlanSchema, type PaymentOptionWire, type PlanPriceEntry } from "@showroom/domain";
import { buildVehicle, createRandom } from "@showroom/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { vehicleRowValues } from "../inventory/vehicle-values.ts";
import { accessories, protectionPlans, type AccessoryRecord, type ProtectionPlanRecord } from "./tables.ts";

let testApp: TestApp;
const random = createRandom(1818);
/** A new Mazda CX-5 at $30,000 at each dealership; maple-auto's demo accessories are replaced by the few below, so every figure can be worked by hand. */
const mazda: Record<string, number> = {};
const ids: Record<string, number> = {};
let toyotaAtBuffalo: number;

async function dealershipId(code: string) {
  const [row] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, code));
  return row!.id;
}

/** Amounts below are cents written as plain numbers, for reading ease; the records are cast once here. */
function accessory(sku: string, overrides: Record<string, unknown> = {}): AccessoryRecord {
  return {
    name: `Test ${sku}`, name_fr: `Essai ${sku}`, description: "A part.", description_fr: "Une pièce.", legal_disclaimer: "", legal_disclaimer_fr: "",
    category: "I" as const, image: null, recommended_image_desktop: null, recommended_image_mobile: null, origin: "oem" as const,
    pre_installed: false, port_installed: false, is_removable: true, price: 50_000, price_including_installation: null, price_recurring: null,
    installation_charge_override: null, installation_labour_rate: 12_000, installation_labour_time: "1.5", vehicle_types: [], makes: ["Mazda"], incompatible_skus: [],
    ...overrides,
  } as unknown as AccessoryRecord;
}

const entry = (overrides: Record<string, unknown>): PlanPriceEntry => ({
  id: 0, protection_plan_id: 0, vehicle_id: null, payment_type: "finance", price: 100_000, price_recurring: null, duration: 60,
  km_range: { from: 0, to: 200_000 }, deductible_amount: 0, deductible_label: "$0", deductible_type: "none", rate: null, source: "catalogue",
  force_match_lease_term: false, name_en: "Plan", name_fr: "Plan", custom_duration_en: null, custom_duration_fr: null,
  ...overrides,
} as unknown as PlanPriceEntry);

function plan(entries: Record<string, unknown>[], overrides: Record<string, unknown> = {}): ProtectionPlanRecord {
  return {
    name: "Test plan", name_fr: "Plan d’essai", description: "Covers things.", description_fr: "Couvre des choses.", vehicle_condition: ["new" as const],
    payment_type: ["cash" as const, "finance" as const, "lease" as const], taxes: { hst: true, gst: false, pst: false, qst: false }, pdf_url: null, video_url: null,
    force_match_lease_term: false, is_price_immutable: true, pre_installed: false, use_fallback_prices: false, duration_type: "months" as const,
    custom_duration_en: null, custom_duration_fr: null, fallback_price: null,
    prices_set: entries.map((e, i) => entry({ id: 900_000 + i, ...e })),
    ...overrides,
  } as unknown as ProtectionPlanRecord;
}

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  for (const code of ["maple-auto", "boulevard-laval"]) {
    const spec = buildVehicle(random, {
      make: "Mazda", model: "CX-5", trim: "GS", year: 2026, condition: "New", isCertified: false, bodyType: "SUV",
      priceCents: 3_000_000, msrpCents: 3_100_000, stockStatus: "I", freightCents: null, pdiCents: null, dealerFeeCents: null,
    });
    const [row] = await db.insert(vehicles).values(vehicleRowValues(await dealershipId(code), spec)).returning();
    mazda[code] = row!.id;
  }
  const maple = await dealershipId("maple-auto");
  const laval = await dealershipId("boulevard-laval");
  await db.delete(accessories).where(eq(accessories.dealershipId, maple));
  const inserted = await db
    .insert(accessories)
    .values([
      { dealershipId: maple, sku: "T-MATS", record: accessory("T-MATS", { incompatible_skus: ["T-LINERS"] }) },
      { dealershipId: maple, sku: "T-LINERS", record: accessory("T-LINERS", { price: 20_000 }) },
      { dealershipId: maple, sku: "T-RACK", record: accessory("T-RACK", { category: "E", price: 45_000, installation_charge_override: 15_000 }) },
      { dealershipId: maple, sku: "T-LOCKS", record: accessory("T-LOCKS", { pre_installed: true, is_removable: false, price: 9_900 }) },
      { dealershipId: laval, sku: "T-LAVAL", record: accessory("T-LAVAL") },
    ])
    .returning();
  for (const row of inserted) ids[row.sku] = row.id;
  const plans = await db
    .insert(protectionPlans)
    .values([
      // One entry per term for finance and lease, one coverage for cash.
      { dealershipId: maple, productCode: "T-WARRANTY", category: "PN" as const, record: plan([
        { payment_type: "cash", duration: 60, price: 100_000 },
        { payment_type: "finance", duration: 60, price: 120_000 },
        { payment_type: "finance", duration: 72, price: 140_000 },
        { payment_type: "lease", duration: 48, price: 90_000 },
      ]) },
      // Finance only: a switch to cash or lease drops it.
      { dealershipId: maple, productCode: "T-GAP", category: "PP" as const, record: plan([{ payment_type: "finance", duration: 60, price: 60_000 }], { payment_type: ["finance"] }) },
      // Two entries fit a 60-month finance deal (a catalogue error): no price is guessed.
      { dealershipId: maple, productCode: "T-TWICE", category: "PS" as const, record: plan([
        { payment_type: "finance", duration: 60, price: 50_000, km_range: { from: 0, to: 200_000 } },
        { payment_type: "finance", duration: 60, price: 55_000, km_range: { from: 10_000, to: null } },
      ]) },
      // A lease plan whose coverage must last the lease term.
      { dealershipId: maple, productCode: "T-LEASE", category: "PU" as const, record: plan([{ payment_type: "lease", duration: 48, price: 70_000 }], { payment_type: ["lease"], force_match_lease_term: true, vehicle_condition: ["new"] }) },
    ])
    .returning();
  for (const row of plans) ids[row.productCode] = row.id;
  testApp.app.addOns.invalidate(maple);
  testApp.app.addOns.invalidate(laval);
  const stock = await db.select().from(vehicles).where(eq(vehicles.dealershipId, await dealershipId("lakeshore-buffalo")));
  toyotaAtBuffalo = stock.find((v) => v.make === "Toyota" && v.condition === "New" && v.bodyType === "SUV")!.id;
});

afterAll(async () => {
  await testApp?.close();
});

async function shopperAt(code: string) {
  const visitor = client(testApp, code);
  await visitor.get("/api/i18n/");
  return visitor;
}

async function priced(who: ReturnType<typeof client>, type: string, body: Record<string, unknown>): Promise<PaymentOptionWire> {
  const response = await who.post(`/api/payment-type/${type}/pricing/`, body);
  expect(response.statusCode, response.body).toBe(200);
  return paymentOptionSchema.parse(response.json());
}

describe("accessories", () => {
  it("lists the demo catalogue's accessories that fit a vehicle, a page at a time, the remaining pages in parallel", async () => {
    const visitor = await shopperAt("lakeshore-buffalo");
    const first = accessoryPageSchema.parse((await visitor.get(`/api/accessories/?vehicle=${toyotaAtBuffalo}&page=1&page_size=10`)).json());
    expect(first.results).toHaveLength(10);
    expect(first.limit).toBe(10);
    const total = first.filters.category.reduce((sum, c) => sum + c.count, 0);
    expect(total).toBeGreaterThanOrEqual(20);
    expect(first.last).toBe(Math.ceil(total / 10));
    const rest = await Promise.all(Array.from({ length: first.last - 1 }, (_, i) => visitor.get(`/api/accessories/?vehicle=${toyotaAtBuffalo}&page=${i + 2}&page_size=10`)));
    const all = [first, ...rest.map((r) => accessoryPageSchema.parse(r.json()))].flatMap((p) => p.results);
    expect(new Set(all.map((a) => a.id)).size).toBe(total);
    // Every one fits a Toyota SUV: OEM parts of Toyota, or third-party parts for any make.
    expect(all.every((a) => a.name && a.name_fr && a.name !== a.name_fr)).toBe(true);
  });

  it("filters by category and origin, and lists what is already on the vehicle apart", async () => {
    const visitor = await shopperAt("maple-auto");
    const page = accessoryPageSchema.parse((await visitor.get(`/api/accessories/?vehicle=${mazda["maple-auto"]}&category=E`)).json());
    expect(page.results.map((a) => a.sku)).toEqual(["T-RACK"]);
    expect(page.pre_installed.map((a) => a.sku)).toEqual(["T-LOCKS"]);
    // Installed: labour 120.00/h × 1.5 h = 180.00, or the flat override.
    const all = accessoryPageSchema.parse((await visitor.get(`/api/accessories/?vehicle=${mazda["maple-auto"]}`)).json());
    expect(Object.fromEntries(all.results.map((a) => [a.sku, a.installed_price]))).toEqual({ "T-MATS": "680.00", "T-LINERS": "380.00", "T-RACK": "600.00" });
    expect(all.results.find((a) => a.sku === "T-MATS")!.incompatible_with).toEqual([ids["T-LINERS"]]);
    expect((await visitor.get(`/api/accessories/filters/?vehicle=${mazda["maple-auto"]}`)).json()).toEqual({
      category: [{ value: "E", count: 1 }, { value: "I", count: 2 }],
      oem_origin: [{ value: "oem", count: 3 }],
    });
  });

  it("refuses page sizes 0 and 201, a page of 0 and a vehicle that is not an id, naming the field", async () => {
    const visitor = await shopperAt("lakeshore-buffalo");
    for (const [query, field] of [["page_size=0", "page_size"], ["page_size=201", "page_size"], ["page=0", "page"]] as const) {
      const response = await visitor.get(`/api/accessories/?vehicle=${toyotaAtBuffalo}&${query}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toContain(field);
    }
    expect((await visitor.get(`/api/accessories/?vehicle=${toyotaAtBuffalo}&page_size=200`)).statusCode).toBe(200);
    const bad = await visitor.get("/api/accessories/?vehicle=abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("vehicle");
  });

  it("answers another dealership's vehicle as unknown", async () => {
    const response = await (await shopperAt("maple-auto")).get(`/api/accessories/?vehicle=${mazda["boulevard-laval"]}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("vehicle");
  });

  it("reports a conflict, then resolves it when forced; what is on the vehicle stays", async () => {
    const visitor = await shopperAt("maple-auto");
    const url = `/api/accessories/configure/?vehicle=${mazda["maple-auto"]}`;
    const conflict = await visitor.post(url, { selected_accessories: [ids["T-LINERS"]], operand: "add", accessory_id: ids["T-MATS"] });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: "accessory_conflict", conflicts: [{ accessory_id: ids["T-MATS"], conflicts_with: [ids["T-LINERS"]] }] });
    const forced = await visitor.post(url, { force_operation: true, selected_accessories: [ids["T-LINERS"]], operand: "add", accessory_id: ids["T-MATS"] });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().removed).toEqual([ids["T-LINERS"]]);
    expect(forced.json().selected_accessories).toEqual(expect.arrayContaining([ids["T-MATS"], ids["T-LOCKS"]]));
    expect(forced.json().selected_accessories).not.toContain(ids["T-LINERS"]);
    const locks = await visitor.post(url, { selected_accessories: [ids["T-LOCKS"]], operand: "remove", accessory_id: ids["T-LOCKS"] });
    expect(locks.statusCode).toBe(400);
    expect(locks.json()).toHaveProperty("accessory_id");
  });

  it("refuses another dealership's accessory in configure and in pricing", async () => {
    const visitor = await shopperAt("maple-auto");
    const configure = await visitor.post(`/api/accessories/configure/?vehicle=${mazda["maple-auto"]}`, { selected_accessories: [], operand: "add", accessory_id: ids["T-LAVAL"] });
    expect(configure.statusCode).toBe(400);
    expect(configure.json()).toHaveProperty("accessory_id");
    const pricing = await visitor.post("/api/payment-type/cash/pricing/", { inventory: mazda["maple-auto"], accessories: [ids["T-LAVAL"]] });
    expect(pricing.statusCode).toBe(400);
    expect(pricing.json().accessories).toEqual(["This accessory is not offered for this vehicle."]);
  });
});

describe("protection plans", () => {
  const priceOf = async (planId: number, query: string) => {
    const response = await (await shopperAt("maple-auto")).get(`/api/protection-plans/${planId}/?vehicle=${mazda["maple-auto"]}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return protectionPlanSchema.parse(response.json());
  };

  it("prices a plan when exactly one entry fits the term and distance", async () => {
    const plan = await priceOf(ids["T-WARRANTY"]!, "payment_type=finance&term=72");
    expect(plan.matched_price).toMatchObject({ price: "1400.00", duration: 72, queried_duration: 72 });
    expect(plan.unmatched_reason).toBeNull();
  });

  it("prices none when no entry fits, or when two do", async () => {
    expect((await priceOf(ids["T-WARRANTY"]!, "payment_type=finance&term=84")).unmatched_reason).toBe("no_price_fits");
    const twice = await priceOf(ids["T-TWICE"]!, "payment_type=finance&term=60");
    expect(twice.matched_price).toBeNull();
    expect(twice.unmatched_reason).toBe("several_prices_fit");
    expect((await priceOf(ids["T-GAP"]!, "payment_type=cash")).unmatched_reason).toBe("payment_type_not_supported");
  });

  it("on a lease with force_match_lease_term, prices only a coverage as long as the term", async () => {
    expect((await priceOf(ids["T-LEASE"]!, "payment_type=lease&term=48")).matched_price).toMatchObject({ duration: 48, price: "700.00" });
    expect((await priceOf(ids["T-LEASE"]!, "payment_type=lease&term=36")).unmatched_reason).toBe("no_price_fits");
  });

  it("prepares every plan at once for a deal, and records a fallback price shown", async () => {
    const visitor = await shopperAt("maple-auto");
    const prepared = await visitor.post("/api/protection-plans/prepare-data/", { vehicle: mazda["maple-auto"], payment: "finance", term: 60 });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const byCode = Object.fromEntries(prepared.json().plans.map((p: { product_code: string; matched_price: { price: string } | null }) => [p.product_code, p.matched_price?.price ?? null]));
    expect(byCode).toMatchObject({ "T-WARRANTY": "1200.00", "T-GAP": "600.00", "T-TWICE": null, "T-LEASE": null });
    const logged = await visitor.post("/api/protection-plans/log-fallback-price/", { plan: ids["T-WARRANTY"], vehicle: mazda["maple-auto"], payment_type: "finance", price: "999.00" });
    expect(logged.statusCode).toBe(204);
    const refused = await visitor.post("/api/protection-plans/log-fallback-price/", { plan: ids["T-WARRANTY"], vehicle: mazda["maple-auto"], payment_type: "finance", price: "-1" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty("price");
  });

  it("answers another dealership's plan as not found", async () => {
    const response = await (await shopperAt("boulevard-laval")).get(`/api/protection-plans/${ids["T-WARRANTY"]}/?vehicle=${mazda["boulevard-laval"]}&payment_type=cash`);
    expect(response.statusCode).toBe(404);
  });
});

describe("pricing with add-ons", () => {
  it("adds an accessory installed and a plan taxed by HST to an Ontario cash deal, to the cent", async () => {
    const visitor = await shopperAt("maple-auto");
    const bare = await priced(visitor, "cash", { inventory: mazda["maple-auto"] });
    const option = await priced(visitor, "cash", {
      inventory: mazda["maple-auto"],
      accessories: [ids["T-RACK"]],
      install_accessories_ids: [ids["T-RACK"]],
      protections: [ids["T-WARRANTY"]],
    });
    // 32,716.00 + rack installed 600.00 + warranty 1,000.00 = 34,316.00; HST 13 % = 4,461.08.
    expect(bare.subtotal).toBe("32716.00");
    expect(option).toMatchObject({ subtotal: "34316.00", sales_tax: "4461.08", total_purchase_price: "38777.08" });
    expect(option.accessories_prices).toEqual([{ id: ids["T-RACK"], price: "600.00", price_recurring: null, installed: true }]);
    expect(option.protections_prices).toEqual([{ id: ids["T-WARRANTY"], price: "1000.00", price_recurring: null, price_entry: 900_000 }]);
  });

  it("gives each add-on's share of a finance payment, and keeps them when the settings change", async () => {
    const visitor = await shopperAt("maple-auto");
    const option = await priced(visitor, "finance", { inventory: mazda["maple-auto"], use_fallback_values: true, accessories: [ids["T-MATS"]], protections: [ids["T-WARRANTY"]] });
    expect(option.protections_prices[0]).toMatchObject({ price: "1200.00" });
    expect(Number(option.protections_prices[0]!.price_recurring)).toBeGreaterThan(0);
    const longer = await visitor.request("PUT", `/api/payment-type/${option.id}/`, { body: { term: 72 } });
    expect(longer.statusCode, longer.body).toBe(200);
    // The 72-month coverage is priced with a 72-month loan.
    expect(longer.json().protections_prices[0]).toMatchObject({ id: ids["T-WARRANTY"], price: "1400.00" });
    expect(longer.json().accessories_prices.map((a: { id: number }) => a.id)).toEqual([ids["T-MATS"]]);
  });

  it("leaves out a plan the payment type does not take, and says which", async () => {
    const visitor = await shopperAt("maple-auto");
    const cash = await priced(visitor, "cash", { inventory: mazda["maple-auto"], protections: [ids["T-GAP"], ids["T-WARRANTY"]] });
    expect(cash.protections_prices.map((p) => p.id)).toEqual([ids["T-WARRANTY"]]);
    expect(cash.unavailable_protections).toEqual([{ id: ids["T-GAP"], reason: "payment_type_not_supported" }]);
  });

  it("refuses accessories that conflict, and an installation of an accessory not on the deal", async () => {
    const visitor = await shopperAt("maple-auto");
    const conflict = await visitor.post("/api/payment-type/cash/pricing/", { inventory: mazda["maple-auto"], accessories: [ids["T-MATS"], ids["T-LINERS"]] });
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json()).toHaveProperty("accessories");
    const stray = await visitor.post("/api/payment-type/cash/pricing/", { inventory: mazda["maple-auto"], accessories: [ids["T-MATS"]], install_accessories_ids: [ids["T-RACK"]] });
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toHaveProperty("install_accessories_ids");
    const bad = await visitor.post("/api/payment-type/cash/pricing/", { inventory: mazda["maple-auto"], protections: ["x"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("protections.0");
  });
});

describe("a saved deal's add-ons", () => {
  it("saves the add-ons its payment was priced with, and drops a plan when the payment switches to a type that does not take it", async () => {
    const { shopper } = await registeredShopper(testApp, "maple-auto");
    const finance = await priced(shopper, "finance", { inventory: mazda["maple-auto"], use_fallback_values: true, accessories: [ids["T-MATS"]], protections: [ids["T-GAP"], ids["T-WARRANTY"]] });
    const created = await shopper.post("/api/order/", { vehicle: mazda["maple-auto"], payment_type: "finance", payment_option: finance.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ accessory_ids: [ids["T-MATS"]], protection_ids: [ids["T-GAP"], ids["T-WARRANTY"]] });
    const cash = await priced(shopper, "cash", { inventory: mazda["maple-auto"], accessories: [ids["T-MATS"]], protections: [ids["T-GAP"], ids["T-WARRANTY"]] });
    const switched = await shopper.request("PATCH", `/api/order/${created.json().id}/`, { body: { payment_type: "cash", payment_option: cash.id } });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().protection_ids).toEqual([ids["T-WARRANTY"]]);
  });

  it("refuses another dealership's accessory on a deal", async () => {
    const { shopper } = await registeredShopper(testApp, "maple-auto");
    const created = await shopper.post("/api/order/", { vehicle: mazda["maple-auto"] });
    expect(created.statusCode, created.body).toBe(201);
    const patched = await shopper.request("PATCH", `/api/order/${created.json().id}/`, { body: { accessory_ids: [ids["T-LAVAL"]] } });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().accessory_ids).toEqual(["This accessory is not offered for this vehicle."]);
  });
});

describe("add-ons withdrawn since they were chosen", () => {
  it("leaves a withdrawn accessory out of any quote and says so; unknown ids only out of a first quote with fallback values", async () => {
    const db = testApp.database.db;
    const maple = await dealershipId("maple-auto");
    const [gone] = await db.insert(accessories).values({ dealershipId: maple, sku: "T-GONE", active: false, record: accessory("T-GONE") }).returning();
    testApp.app.addOns.invalidate(maple);
    const visitor = await shopperAt("maple-auto");
    const first = await priced(visitor, "finance", { inventory: mazda["maple-auto"], use_fallback_values: true, accessories: [gone!.id, ids["T-RACK"]], protections: [ids["T-LAVAL"] ?? 999_999] });
    expect(first.accessories_prices.map((a) => a.id)).toEqual([ids["T-RACK"]]);
    expect(first.unavailable_accessories).toEqual([gone!.id]);
    expect(first.unavailable_protections).toEqual([{ id: ids["T-LAVAL"] ?? 999_999, reason: "not_for_vehicle" }]);
    const change = await visitor.request("PUT", `/api/payment-type/${first.id}/`, { body: { accessories: [gone!.id, ids["T-MATS"]] } });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({ unavailable_accessories: [gone!.id], accessories_prices: [{ id: ids["T-MATS"] }] });
    const unknown = await visitor.request("PUT", `/api/payment-type/${first.id}/`, { body: { accessories: [ids["T-LAVAL"]] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty("accessories");
  });
});

describe("pricing a saved deal and a list of option codes", () => {
  it("prices a saved deal with its add-ons, and refuses someone else's deal", async () => {
    const { shopper } = await registeredShopper(testApp, "maple-auto");
    const created = await shopper.post("/api/order/", { vehicle: mazda["maple-auto"], accessory_ids: [ids["T-RACK"]], protection_ids: [ids["T-WARRANTY"]] });
    expect(created.statusCode, created.body).toBe(201);
    const option = await priced(shopper, "cash", { inventory: mazda["maple-auto"], order: created.json().id });
    expect(option.accessories_prices.map((a) => a.id)).toEqual([ids["T-RACK"]]);
    expect(option.protections_prices.map((p) => p.id)).toEqual([ids["T-WARRANTY"]]);
    const stranger = await shopperAt("maple-auto");
    const refused = await stranger.post("/api/payment-type/cash/pricing/", { inventory: mazda["maple-auto"], order: created.json().id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().order).toEqual(["Use the id of one of your saved deals for this vehicle."]);
  });

  it("adds the MSRP of option codes of the vehicle's catalogue trim, and refuses codes it does not have", async () => {
    const visitor = await shopperAt("maple-auto");
    const search = (await visitor.get("/api/quickshop/inventory/?query=BP-2026101")).json() as { results: { id: number; stock_number: string }[] };
    const rav4 = search.results.find((v) => v.stock_number === "BP-2026101")!.id;
    const trim = (await visitor.get(`/api/build-and-price/trims/${(await visitor.get(`/api/quickshop/inventory/${rav4}/`)).json().jato_id}/`)).json();
    // The first option with a price (cents) that stands on its own.
    const option = (trim.options as { code: string; prices: { msrp: number } }[]).find((o) => o.prices.msrp > 0)!;
    const bare = await priced(visitor, "cash", { inventory: rav4 });
    const built = await priced(visitor, "cash", { inventory: rav4, options_code_list: [option.code] });
    expect(dollarsToCents(built.subtotal) - dollarsToCents(bare.subtotal)).toBe(option.prices.msrp);
    const refused = await visitor.post("/api/payment-type/cash/pricing/", { inventory: rav4, options_code_list: ["NO-SUCH-CODE"] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty("options_code_list");
  });
});

describe("a dealership whose add-on prices are estimates", () => {
  it("prices the add-ons into the payment without giving each one's share", async () => {
    // Its prices are for signed-in shoppers (compulsory_login).
    const { shopper: visitor } = await registeredShopper(testApp, "lakeshore-buffalo", { phone: "716-555-0142" });
    const [accessory] = accessoryPageSchema.parse((await visitor.get(`/api/accessories/?vehicle=${toyotaAtBuffalo}`)).json()).results;
    const bare = await priced(visitor, "finance", { inventory: toyotaAtBuffalo, use_fallback_values: true });
    const option = await priced(visitor, "finance", { inventory: toyotaAtBuffalo, use_fallback_values: true, accessories: [accessory!.id] });
    expect(dollarsToCents(option.payment)).toBeGreaterThan(dollarsToCents(bare.payment));
    expect(option.accessories_prices).toEqual([{ id: accessory!.id, price: accessory!.price, price_recurring: null, installed: false }]);
  });
});

describe("an expired session", () => {
  it("answers 440 to a shopper whose session expired before they change a deal's add-ons", async () => {
    const { shopper } = await registeredShopper(testApp, "maple-auto");
    const created = await shopper.post("/api/order/", { vehicle: mazda["maple-auto"] });
    expect(created.statusCode, created.body).toBe(201);
    testApp.clock.advance(testApp.config.sessionIdleMs + 1000);
    const patched = await shopper.request("PATCH", `/api/order/${created.json().id}/`, { body: { accessory_ids: [ids["T-MATS"]] } });
    expect(patched.statusCode).toBe(440);
    expect(patched.json()).toMatchObject({ user_kind: "customer" });
  });
});
