import { expect, it } from "vitest";
import { toPricedVehicle } from "../modules/inventory/vehicle-views.ts";
import { pricingKey } from "./recompute-payments.ts";

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
