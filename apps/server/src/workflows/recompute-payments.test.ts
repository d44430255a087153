import { expect, it } from "vitest";
import { toPricedVehicle } from "../modules/inventory/vehicle-views.ts";
import { pricingKey, sameJson } from "./recompute-payments.ts";

const row = {
  priceCents: 2_999_500,
  msrpCents: 3_200_000,
  condition: "Used" as const,
  isCertified: true,
  year: 2023,
  make: "Mazda",
  model: "CX-5",
  freightCents: 195_000,
  pdiCents: null,
  dealerFeeCents: 49_900,
  deliveryChargeCents: null,
};

// Vehicles of one key share one pricing: a field the engine reads but the key leaves out would give a vehicle another's payments.
it("keys a vehicle by every field the pricing engine reads of it", () => {
  const vehicle = toPricedVehicle(row);
  expect(Object.keys(vehicle).sort()).toEqual(["charges", "condition", "make", "model", "msrp", "price", "year"]);
  expect(Object.keys(vehicle.charges!).sort()).toEqual(["dealerFee", "delivery", "freight", "pdi"]);
  expect(pricingKey(toPricedVehicle({ ...row }))).toBe(pricingKey(vehicle));

  const variants = [
    { priceCents: 2_999_600 },
    { priceCents: null },
    { msrpCents: null },
    { condition: "New" as const },
    { isCertified: false },
    { year: 2024 },
    { make: "Mazda " },
    { model: "CX-50" },
    { freightCents: null },
    { pdiCents: 0 },
    { dealerFeeCents: 49_901 },
    { deliveryChargeCents: 10_000 },
  ];
  const keys = new Set([pricingKey(vehicle), ...variants.map((change) => pricingKey(toPricedVehicle({ ...row, ...change })))]);
  expect(keys.size).toBe(variants.length + 1);
  expect(pricingKey({ ...vehicle, charges: undefined } as typeof vehicle)).not.toBe(pricingKey({ ...vehicle, charges: { freight: null, pdi: null, dealerFee: null, delivery: null } }));
});

/** Equal as their JSON with sorted keys: what sameJson answers without building the strings. */
function sameAsSortedJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, v]) => [k, canonical(v)]))
        : value;
  return JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
}

it("compares stored terms as JSON, whatever the keys' order", () => {
  const terms = {
    jurisdiction: "CA-ON",
    all_in_price: 3_150_000,
    finance: { term: 60, rate: "6.49", down_payment: 0, cost_of_borrowing: 512_345, total_of_payments: 3_662_345 },
    lease: null,
  };
  const values: unknown[] = [
    null,
    undefined,
    0,
    "0",
    "",
    [],
    {},
    [1, 2],
    [2, 1],
    [null],
    [undefined],
    { a: 1 },
    { a: 1, b: undefined },
    { a: null },
    { b: 1 },
    { a: "1" },
    terms,
    { lease: null, finance: { ...terms.finance }, all_in_price: 3_150_000, jurisdiction: "CA-ON" },
    { ...terms, finance: { ...terms.finance, rate: "6.5" } },
    { ...terms, finance: null },
    { ...terms, lease: undefined },
    JSON.parse(JSON.stringify(terms)),
  ];
  for (const a of values) for (const b of values) expect(sameJson(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(sameAsSortedJson(a, b));
});
