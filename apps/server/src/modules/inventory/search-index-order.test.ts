import { expect, it } from "vitest";
import { searchQueryFromParams } from "@showroom/domain";
import { orderedIds, searchSnapshot, type SearchSource } from "./search-index.ts";

const vehicle = (id: number, fields: Partial<SearchSource>): SearchSource => ({
  id, inStockDate: null, arrivalDate: null, condition: "Used", isCertified: false, make: "Mazda", model: "CX-5", trim: "GS", bodyType: "SUV",
  drivetrain: "AWD", exteriorColorNormalized: "Red", interiorColor: "Black", fuelType: "Gasoline", transmission: "Automatic", stockStatus: "I",
  featureMask: 0, year: 2024, odometer: 10_000, priceCents: 3_000_000, financePaymentCents: null, leasePaymentCents: null, searchText: "mazda cx-5", ...fields,
});
const order = (rows: SearchSource[], params: string, limit = 10) =>
  orderedIds([searchSnapshot(rows)], searchQueryFromParams(new URLSearchParams(params)), () => 0, limit);

// The property tests of search-index.test.ts check the order against PostgreSQL's on the demo data; these pin the
// cases the demo data lacks: the leading number per vehicle must never order differently from the full comparison.
it("orders the recommended sort by status, then newest in-stock date, nulls last, then id, with a small window", () => {
  const rows = [
    vehicle(1, { inStockDate: "2026-01-05" }),
    vehicle(2, { inStockDate: null }),
    vehicle(3, { inStockDate: "2026-03-01", stockStatus: "T" }),
    vehicle(4, { inStockDate: "2026-03-01" }),
    vehicle(5, { inStockDate: "2025-12-31" }),
    vehicle(6, { inStockDate: "2026-03-01" }),
  ];
  expect(order(rows, "sort=recommended")).toEqual([4, 6, 1, 5, 2, 3]);
  expect(order(rows, "sort=recommended", 3)).toEqual([4, 6, 1]);
});

it("falls back to the dates' text order when one is not a plain date", () => {
  const rows = [
    vehicle(1, { inStockDate: "2026-01-05" }),
    vehicle(2, { inStockDate: "2026-01-05T23:00:00Z" }),
    vehicle(3, { inStockDate: "2026-01-04" }),
  ];
  expect(order(rows, "sort=recommended", 2)).toEqual([2, 1]);
});

it("puts vehicles without a price last whichever way the price sorts, and the oldest arrival first in availability", () => {
  const rows = [
    vehicle(1, { priceCents: 2_000_000, arrivalDate: "2026-05-01" }),
    vehicle(2, { priceCents: null, arrivalDate: null }),
    vehicle(3, { priceCents: 4_000_000, arrivalDate: "2026-04-01" }),
  ];
  expect(order(rows, "sort=price", 2)).toEqual([1, 3]);
  expect(order(rows, "sort=-price", 2)).toEqual([3, 1]);
  expect(order(rows, "sort=-price")).toEqual([3, 1, 2]);
  expect(order(rows, "sort=availability")).toEqual([2, 3, 1]);
});
