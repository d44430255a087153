import { parseVehicleListingsTsv, vehicleListingsProblems, type VehicleListingsVehicle } from "@showroom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dealerInfo, vehicle } from "../testing/fixtures.ts";
import { testLoadContext } from "../testing/load-context.ts";
import type { Route } from "./+types/vehicle-listings";
import { loader } from "./vehicle-listings.ts";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
afterEach(() => vi.unstubAllGlobals());

const ontarioTerms = {
  jurisdiction: "CA-ON",
  all_in_price: "32117.00",
  finance: { term: 60, rate: "5.99", down_payment: "0.00", cost_of_borrowing: "5123.40", total_of_payments: "37240.40" },
  lease: null,
};

function listed(overrides: Partial<VehicleListingsVehicle>): VehicleListingsVehicle {
  const { available: _a, model_code: _m, is_port_vehicle: _p, jato_id: _j, formatted_dealer_price: _f, formatted_msrp: _fm, delivery_charge: _d, freight: _fr, pdi: _pd, dealer_fee: _df, colors: _c, images: _i, packages: _pk, features: _fe, search_features: _sf, description: _de, spin_car_url: _sc, ...summary } = vehicle();
  return {
    ...summary,
    listing_price: "30000.00",
    finance_payment: { amount: "215.40", payment_frequency: "biweekly" },
    advertised_terms: ontarioTerms,
    advertised_price: "32117.00",
    is_vin_fake: false,
    in_stock_date: "2026-10-01",
    main_image: "/api/quickshop/inventory/pictures/suv/blue/0.svg",
    ...overrides,
  } as VehicleListingsVehicle;
}

function stubApi(dealer: Parameters<typeof dealerInfo>[0] | null, vehicles: VehicleListingsVehicle[]) {
  const calls: { url: string; dealerCode: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      calls.push({ url, dealerCode: init.headers["x-dealer-code"] ?? "" });
      if (!dealer) return json(404, { detail: "Dealership not found." });
      if (url.endsWith("/home-dealership/")) return json(200, { ...dealerInfo(dealer), photo_origins: [] });
      if (url.endsWith("/api/quickshop/inventory/vehicle-listings/")) return json(200, { results: vehicles });
      return json(404, { detail: "Not found." });
    }),
  );
  return calls;
}

const get = (url: string, params: Record<string, string> = {}) =>
  loader({ request: new Request(url), params, context: testLoadContext({ publicOrigin: "https://shop.test" }) } as unknown as Route.LoaderArgs);

describe("a dealership's vehicle-listings feed", () => {
  it("is a valid TSV with one item per vehicle the API lists, a new one at its all-in price, with the Ontario terms in English", async () => {
    const newCar = listed({ id: 11, is_new: true, stock_number: "N11" });
    const usedCar = listed({ id: 12, is_new: false, is_used: true, stock_number: "U12", odometer: 42000, advertised_price: "21000.00", listing_price: "20500.00" });
    const calls = stubApi({ code: "maple-auto" }, [newCar, usedCar]);
    const answer = await get("https://shop.test/maple-auto/vehicle-listings.tsv", { dealerCode: "maple-auto" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/tab-separated-values; charset=utf-8");
    expect(calls.every((c) => c.dealerCode === "maple-auto")).toBe(true);
    const tsv = await answer.text();
    expect(vehicleListingsProblems(tsv)).toEqual([]);
    const items = parseVehicleListingsTsv(tsv);
    expect(items.map((item) => item["id"])).toEqual(["N11", "U12"]);
    expect(items[0]).toMatchObject({
      price: "32117.00 CAD",
      condition: "new",
      store_code: "maple-auto",
      link: "https://shop.test/en/maple-auto/details/11/",
      image_link: "https://shop.test/api/quickshop/inventory/pictures/suv/blue/0.svg",
    });
    expect(items[1]).toMatchObject({ price: "21000.00 CAD", condition: "used", mileage: "42000 km" });
    expect(items[0]!["description"]).toContain("Finance: $215.40 biweekly (60-month term · $0.00 down · 5.99% APR · cost of borrowing $5,123.40 · all-in price $32,117.00 plus HST and licensing)");
  });

  it("is written in the dealership's first language: Quebec's terms in French", async () => {
    const quebec = listed({ advertised_terms: { ...ontarioTerms, jurisdiction: "CA-QC" } });
    stubApi({ code: "boulevard-laval", allowed_languages: ["fr-ca", "en-ca"], province_code: "QC" }, [quebec]);
    const [item] = parseVehicleListingsTsv(await (await get("https://shop.test/boulevard-laval/vehicle-listings.tsv", { dealerCode: "boulevard-laval" })).text());
    expect(item!["link"]).toBe("https://shop.test/fr/boulevard-laval/details/1203/");
    expect(item!["description"]).toContain("TAC de 5,99\u00a0%");
    expect(item!["description"]).toContain("prix tout inclus de 32\u00a0117,00\u00a0$, plus TPS et TVQ");
  });

  it("lists nothing the API gives without a price (locked prices) nor for a dealership without a vehicle list; unknown: 404", async () => {
    stubApi({ code: "lakeshore-buffalo" }, [listed({ advertised_price: null, listing_price: null, advertised_terms: null })]);
    expect(parseVehicleListingsTsv(await (await get("https://shop.test/vehicle-listings.tsv")).text())).toEqual([]);
    stubApi({ show_vehicle_list: false }, [listed({})]);
    expect(parseVehicleListingsTsv(await (await get("https://shop.test/vehicle-listings.tsv")).text())).toEqual([]);
    stubApi(null, []);
    expect((await get("https://shop.test/nobody/vehicle-listings.tsv", { dealerCode: "nobody" })).status).toBe(404);
  });
});
