import { describe, expect, it } from "vitest";
import { searchQuerySchema } from "../search/search-query.ts";
import { facetsWithoutPrices, pricesVisible, searchWithoutPrices, summaryWithoutPrices, vehicleWithoutPrices } from "./price-visibility.ts";
import type { SearchFacets, Vehicle } from "../schemas/inventory.ts";

const vehicle = {
  id: 1,
  listing_price: "54600.00",
  msrp: "58990.00",
  dealer_price: "54600.00",
  cash_payment: { amount: "54600.00" },
  finance_payment: { amount: "305.91", payment_frequency: "bi_weekly" },
  lease_payment: { amount: "664.44", payment_frequency: "monthly" },
  formatted_dealer_price: "$54,600.00",
  formatted_msrp: "$58,990.00",
  delivery_charge: "2000.00",
  freight: "1900.00",
  pdi: "100.00",
  dealer_fee: "499.00",
  packages: [{ name: "Winter Package", price: "1200.00", items: ["Heated seats"] }],
  model: "RAV4",
} as unknown as Vehicle;

describe("price visibility", () => {
  it("shows prices everywhere but at a compulsory-login dealership, where a shopper or fully signed-in staff must be there", () => {
    expect(pricesVisible({ compulsoryLogin: false, customerSignedIn: false, staffFullySignedIn: false })).toBe(true);
    expect(pricesVisible({ compulsoryLogin: true, customerSignedIn: false, staffFullySignedIn: false })).toBe(false);
    expect(pricesVisible({ compulsoryLogin: true, customerSignedIn: true, staffFullySignedIn: false })).toBe(true);
    expect(pricesVisible({ compulsoryLogin: true, customerSignedIn: false, staffFullySignedIn: true })).toBe(true);
  });

  it("strips every amount of a vehicle and keeps the rest", () => {
    const hidden = vehicleWithoutPrices(vehicle);
    expect(JSON.stringify(hidden)).not.toMatch(/\d{2,}\.\d{2}|\$/);
    expect(hidden).toMatchObject({ model: "RAV4", finance_payment: { amount: null, payment_frequency: "bi_weekly" }, packages: [{ name: "Winter Package", price: null }] });
    expect(summaryWithoutPrices(vehicle).listing_price).toBeNull();
  });

  it("empties the budget range and ignores price filters and sorts", () => {
    expect(facetsWithoutPrices({ payment: { min: 100, max: 900 } } as SearchFacets).payment).toEqual({ min: null, max: null });
    const query = searchQuerySchema.parse({ sort: "-price", maxPayment: "300", minPayment: "100", make: "Toyota" });
    const safe = searchWithoutPrices(query);
    expect(safe).toMatchObject({ sort: "recommended", make: "Toyota" });
    expect(safe).not.toHaveProperty("maxPayment");
    expect(safe).not.toHaveProperty("minPayment");
    expect(searchWithoutPrices(searchQuerySchema.parse({ sort: "year" })).sort).toBe("year");
  });
});
