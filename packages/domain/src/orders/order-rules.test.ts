import { describe, expect, it } from "vitest";
import { availableSteps, knownOrderSource, orderDeletionRefusal, savedVehicleMatches, stepProgressPercent } from "./order-rules.ts";

describe("saved-vehicle matching", () => {
  const saved = { vin: "1HGCM82633A004352", stock_number: "A100", model_code: "cv1f-3", year: 2025, make: "Honda", model: "Civic", trim: "EX" };
  it("matches by VIN whatever the case, and two VINs that differ are two vehicles", () => {
    expect(savedVehicleMatches(saved, { vin: "1hgcm82633a004352" })).toBe(true);
    expect(savedVehicleMatches(saved, { vin: "2HGCM82633A004352", stock_number: "A100", model_code: "CV1F3" })).toBe(false);
  });
  it("falls back to the stock number, then the normalised model code, then year/make/model/trim", () => {
    expect(savedVehicleMatches({ ...saved, vin: null }, { stock_number: "a100" })).toBe(true);
    expect(savedVehicleMatches({ ...saved, vin: null, stock_number: null }, { model_code: "CV1F 3" })).toBe(true);
    expect(savedVehicleMatches({ year: 2025, make: "Honda", model: "Civic", trim: "EX" }, { year: 2025, make: "HONDA", model: "civic", trim: "ex" })).toBe(true);
    expect(savedVehicleMatches({ year: 2025, make: "Honda", model: "Civic", trim: "EX" }, { year: 2024, make: "Honda", model: "Civic", trim: "EX" })).toBe(false);
    expect(savedVehicleMatches({}, {})).toBe(false);
  });
});

describe("deal rules", () => {
  it("refuses deletion with a paid or pre-authorized deposit or a pending quote request", () => {
    expect(orderDeletionRefusal({ deposit_status: "completed", praq_pending: false })).toBe("order_delete_deposit_paid");
    expect(orderDeletionRefusal({ deposit_status: "pre-authorized", praq_pending: false })).toBe("order_delete_deposit_pre_authorized");
    expect(orderDeletionRefusal({ deposit_status: "initial", praq_pending: true })).toBe("order_delete_quote_pending");
    expect(orderDeletionRefusal({ deposit_status: "refunded", praq_pending: false })).toBeNull();
  });
  it("offers the steps of the dealership's modules and one deposit step for its system", () => {
    const steps = availableSteps({ enabled_modules: ["trade_in", "deposit"], deposit_system: "VW_DEPOSIT" });
    expect(steps).toContain("vw-deposit");
    expect(steps).not.toContain("deposit");
    expect(steps).not.toContain("accessories");
    expect(steps).toContain("review");
  });
  it("counts completed and skipped steps as progress", () => {
    expect(stepProgressPercent(["trade-in", "deposit", "review", "complete-order"], { "trade-in": 1, deposit: 4, review: 2 })).toBe(66);
    expect(stepProgressPercent([], {})).toBe(0);
  });
  it("keeps only known sources", () => {
    expect(knownOrderSource("email")).toBe("email");
    expect(knownOrderSource("https://evil.example")).toBeNull();
    expect(knownOrderSource(null)).toBeNull();
  });
});
