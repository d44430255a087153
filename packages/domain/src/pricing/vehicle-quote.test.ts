import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { ontarioDealerSetup } from "./test-deal-builders.ts";
import { quoteVehicle, withBuildOptions, type DealerPricingSetup, type PricedVehicle } from "./vehicle-quote.ts";

const everywhere = { new: true, used: true, cpo: true, cash: true, finance: true, lease: true } as const;

const ontario: DealerPricingSetup = ontarioDealerSetup({
  fees: [{ ...everywhere, id: "freight", name: "Freight and PDI", fee_type: "freight_pdi", amount: cents(195_000), taxability: "pretax", include_by_default: true, used: false, cpo: false, cap_cost: true }],
  incentives: [
    { id: "honda-cash", name: "Honda cash", type: "rebate", amount: cents(100_000), vehicle: { make: "Honda" } },
    { id: "loyalty", name: "Loyalty", type: "rebate", amount: cents(50_000), conflict: ["conquest"] },
  ],
});

const civic: PricedVehicle = { price: cents(3_000_000), msrp: cents(3_100_000), condition: "new", year: 2024, make: "Toyota", model: "Corolla" };
const date = "2026-11-21";

function ok(result: ReturnType<typeof quoteVehicle>) {
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
}

describe("quoteVehicle", () => {
  it("prices finance with the dealership's defaults and the generic program's rate", () => {
    const q = ok(quoteVehicle(ontario, civic, "finance", {}, { date, fallback: false }));
    expect(q.option).toMatchObject({ term: 60, rate: "6.49", payment_frequency: "biweekly", jurisdiction: "CA-ON" });
    expect(q.option.term_choices).toEqual([36, 48, 60, 72, 84]);
    expect(q.program?.id).toBe("demo-ca-generic");
    // 30,000 + 1,950 freight, 13 % HST, financed over 60 months.
    expect(q.option.subtotal).toBe(3_195_000);
  });

  it("offers lease terms both the dealership and the program have", () => {
    const q = ok(quoteVehicle(ontario, civic, "lease", {}, { date, fallback: false }));
    expect(q.option.term_choices).toEqual([24, 36, 48]);
    expect(q.option.distance_allowance).toBe(20000);
  });

  it("falls back to offered values when asked to, and otherwise names the field", () => {
    const q = ok(quoteVehicle(ontario, civic, "lease", { term: 60, payment_frequency: "weekly" }, { date, fallback: true }));
    expect(q.option.term).toBe(36);
    expect(q.choice.term).toBe(36);
    const refused = quoteVehicle(ontario, civic, "lease", { term: 60 }, { date, fallback: false });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.errors[0]).toMatchObject({ field: "term", code: "term_not_offered" });
  });

  it("taxes at the shopper's province from a postal code", () => {
    const quebec = ok(quoteVehicle(ontario, civic, "cash", { postal_code: "H7S 2K1" }, { date, fallback: false }));
    expect(quebec.option.jurisdiction).toBe("CA-QC");
    expect(quebec.option.taxes.map((t) => t.id).sort()).toEqual(["gst", "qst"]);
    const refused = quoteVehicle(ontario, civic, "cash", { postal_code: "nowhere" }, { date, fallback: false });
    expect(!refused.ok && refused.errors[0]).toMatchObject({ field: "postal_code" });
  });

  it("applies incentives only to the vehicles they cover and drops conflicting ones", () => {
    const honda = { ...civic, make: "Honda", model: "Civic" };
    expect(ok(quoteVehicle(ontario, honda, "cash", {}, { date, fallback: false })).offeredIncentives.map((i) => i.id)).toEqual(["honda-cash"]);
    expect(ok(quoteVehicle(ontario, civic, "cash", {}, { date, fallback: false })).offeredIncentives).toEqual([]);
  });

  it("reports the largest down payment the deal accepts", () => {
    const q = ok(quoteVehicle(ontario, civic, "finance", {}, { date, fallback: false }));
    // Total 31,950 × 1.13 = 36,103.50; at least 1,000 must stay financed.
    expect(q.maxDownPayment).toBe(3_510_350);
    expect(quoteVehicle(ontario, civic, "finance", { down_payment: cents(3_510_351) }, { date, fallback: false }).ok).toBe(false);
  });

  it("lets a vehicle's own freight and dealer fee replace the dealership's fees of those kinds", () => {
    const withCharges = { ...civic, charges: { freight: cents(185_000), pdi: null, dealerFee: cents(49_900), delivery: null } };
    const q = ok(quoteVehicle(ontario, withCharges, "cash", {}, { date, fallback: false }));
    expect(q.option.fees.map((f) => [f.id, f.amount])).toEqual([["vehicle-freight", 185_000], ["vehicle-dealer-fee", 49_900]]);
    expect(q.option.dealer_admin_fee_pretax).toBe(49_900);
  });

  it("refuses a vehicle without a price", () => {
    expect(quoteVehicle(ontario, { ...civic, price: null }, "cash", {}, { date, fallback: true })).toEqual({ ok: false, errors: [{ field: "price", code: "required" }] });
  });
});

describe("withBuildOptions", () => {
  it("adds the configured options' MSRP to the price and the MSRP, and keeps a missing price missing", () => {
    expect(withBuildOptions(civic, cents(315_000))).toMatchObject({ price: 3_315_000, msrp: 3_415_000, make: "Toyota" });
    expect(withBuildOptions({ ...civic, price: null }, cents(315_000))).toMatchObject({ price: null, msrp: 3_415_000 });
  });
});
