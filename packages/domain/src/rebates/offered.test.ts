import { describe, expect, it } from "vitest";
import type { Cents } from "../money.ts";
import type { DealerIncentive, PricedVehicle } from "../pricing/vehicle-quote.ts";
import { offeredRebates } from "./offered.ts";

const civic: PricedVehicle = { price: 3_000_000 as Cents, msrp: 3_100_000 as Cents, condition: "new", year: 2026, make: "Honda", model: "Civic" };
const incentives: DealerIncentive[] = [
  { id: "honda-cash", name: "Honda cash", type: "rebate", amount: 100_000 as Cents, vehicle: { make: "honda" } },
  { id: "civic-2025", name: "Civic 2025", type: "rebate", amount: 50_000 as Cents, vehicle: { make: "Honda", model: "Civic", yearTo: 2025 } },
  { id: "toyota-cash", name: "Toyota cash", type: "rebate", amount: 100_000 as Cents, vehicle: { make: "Toyota" } },
  { id: "lease-only", name: "Lease loyalty", type: "rebate", amount: 75_000 as Cents, payment_types: ["lease"] },
  { id: "conflicting", name: "Conquest", type: "rebate", amount: 75_000 as Cents, conflict: "honda-cash" },
  { id: "used-grad", name: "Grad", type: "rebate", amount: 40_000 as Cents, vehicle: { conditions: ["used"] } },
];
const ids = (list: DealerIncentive[]) => list.map((i) => i.id);

describe("offeredRebates", () => {
  it("keeps the incentives offered on the vehicle for the deal's payment type, without conflict", () => {
    expect(ids(offeredRebates(incentives, civic, "finance"))).toEqual(["honda-cash"]);
    expect(ids(offeredRebates(incentives, civic, "lease"))).toEqual(["honda-cash", "lease-only"]);
  });
  it("takes any payment type for a deal without one, and the vehicle's year and condition", () => {
    expect(ids(offeredRebates(incentives, civic, null))).toEqual(["honda-cash", "lease-only"]);
    expect(ids(offeredRebates(incentives, { ...civic, year: 2025, condition: "used" }, null))).toEqual(["honda-cash", "civic-2025", "lease-only", "used-grad"]);
  });
});
