import { describe, expect, it } from "vitest";
import type { Cents } from "../money.ts";
import { offerPromisedBy } from "./offer-promise.ts";
import { missingAnswers, tradeInQuestions } from "./questions.ts";
import { customerStateOf, emptyAnswers, missingForSubmission, odometerDisclosureRequired, stepStatusOf, tradeInEquity } from "./rules.ts";
import { tradeInFlowOf, TRADE_IN_FLOW_SECTIONS } from "./types.ts";

const now = new Date("2026-11-24T15:00:00Z");
const later = new Date("2026-12-01T15:00:00Z");

describe("trade-in flows", () => {
  it("picks the flow from the valuation system and the variant", () => {
    expect(tradeInFlowOf(null, "FULL")).toBe("TRADE-IN");
    expect(tradeInFlowOf("NO_VENDOR", "LIGHT")).toBe("TRADE-IN-2");
    expect(tradeInFlowOf("INSTANT_CASH_OFFER", "FULL")).toBe("TRADE-IN-EXTERNAL");
    expect(tradeInFlowOf("BLACK_BOOK", "LIGHT")).toBe("TRADE-IN-BLACK-BOOK");
    expect(TRADE_IN_FLOW_SECTIONS["TRADE-IN-EXTERNAL"]).toEqual(["instant-cash-offer", "review"]);
  });
});

describe("trade-in states", () => {
  const offer = (source: "dealer" | "provider", status: "A" | "O" | "D" = "O") => ({ source, status, expiresAt: later });

  it("tells the shopper where the trade stands", () => {
    expect(customerStateOf({ status: "draft", offer: null }, now)).toBe("in_progress");
    expect(customerStateOf({ status: "awaiting-dealer", offer: null }, now)).toBe("requested");
    expect(customerStateOf({ status: "awaiting-provider", offer: null }, now)).toBe("submitted");
    expect(customerStateOf({ status: "awaiting-customer", offer: offer("dealer") }, now)).toBe("offer_received");
    expect(customerStateOf({ status: "awaiting-customer", offer: offer("provider") }, now)).toBe("conditional_offer");
    expect(customerStateOf({ status: "awaiting-customer", offer: offer("dealer") }, later)).toBe("offer_expired");
    expect(customerStateOf({ status: "excluded", offer: offer("dealer", "D") }, now)).toBe("offer_declined");
    expect(customerStateOf({ status: "included", offer: offer("dealer", "A") }, now)).toBe("accepted");
  });

  it("gives the order's step status", () => {
    expect(stepStatusOf("draft")).toBe(0);
    expect(stepStatusOf("awaiting-dealer")).toBe(2);
    expect(stepStatusOf("awaiting-customer")).toBe(3);
    expect(stepStatusOf("included")).toBe(1);
    expect(stepStatusOf("discarded")).toBe(4);
  });
});

describe("US odometer disclosure (NHTSA 2019 rule)", () => {
  it("applies to model year 2011 and newer for 20 years, in the US only", () => {
    expect(odometerDisclosureRequired("US", 2011, now)).toBe(true);
    expect(odometerDisclosureRequired("US", 2010, now)).toBe(false);
    expect(odometerDisclosureRequired("US", 2011, new Date("2031-01-02T00:00:00Z"))).toBe(false);
    expect(odometerDisclosureRequired("US", 2011, new Date("2030-12-31T00:00:00Z"))).toBe(true);
    expect(odometerDisclosureRequired("CA", 2020, now)).toBe(false);
    expect(odometerDisclosureRequired("US", null, now)).toBe(false);
  });
});

describe("equity", () => {
  it("shows allowance, payoff and net equity, and where negative equity goes", () => {
    expect(tradeInEquity(1_500_000 as Cents, 400_000 as Cents, "finance")).toEqual({ allowance: 1_500_000, payoff: 400_000, netEquity: 1_100_000, negativeEquityGoesTo: null });
    expect(tradeInEquity(1_000_000 as Cents, 1_250_000 as Cents, "finance").negativeEquityGoesTo).toBe("amount_financed");
    expect(tradeInEquity(1_000_000 as Cents, 1_250_000 as Cents, "lease").netEquity).toBe(-250_000);
    expect(tradeInEquity(1_000_000 as Cents, 1_250_000 as Cents, "cash").negativeEquityGoesTo).toBe("due_on_delivery");
  });
});

describe("questionnaire", () => {
  it("asks Canada about export/import and the US not", () => {
    expect(tradeInQuestions("CA").map((q) => q.id)).toContain("export_import_usa");
    expect(tradeInQuestions("US").map((q) => q.id)).not.toContain("export_import_usa");
    const accident = tradeInQuestions("CA").find((q) => q.id === "involved_in_accident")!;
    expect(accident.children[0]).toMatchObject({ id: "accident_areas", field_type: "checkbox_set", parent_answer: true });
  });

  it("lists what is unanswered, an area set opened by a yes included", () => {
    const answers = { ...emptyAnswers(), involved_in_accident: true, paint_work_performed: false, repairs_other_than_maintainence: false, has_windshield_damage: false, has_unexpired_protection_coverage: false, making_active_payments: false };
    expect(missingAnswers(answers, "US")).toEqual(["accident_areas"]);
    expect(missingAnswers(answers, "CA")).toEqual(["accident_areas", "export_import_usa"]);
    expect(missingAnswers({ ...answers, accident_areas: ["front"], export_import_usa: false }, "CA")).toEqual([]);
  });

  it("lists what submission still needs", () => {
    const facts = { vin: null, year: 2020, make: "Honda", model: "Civic", trim: null, odometer: 50_000, answers: { ...emptyAnswers(), making_active_payments: true }, hasFinancing: false, odometer_statement: null };
    expect(missingForSubmission(facts, { country: "US", mandatoryVin: true, disclosureRequired: true, missingAnswers: ["involved_in_accident"] })).toEqual([
      "vin", "trim", "answers.involved_in_accident", "financing", "odometer_statement",
    ]);
  });
});

describe("conditional-offer promise (3 business hours)", () => {
  const hours = [
    { weekday: "monday", start: "09:00", end: "18:00" },
    { weekday: "tuesday", start: "09:00", end: "18:00" },
    { weekday: "wednesday", start: "09:00", end: "18:00" },
    { weekday: "thursday", start: "09:00", end: "18:00" },
    { weekday: "friday", start: "09:00", end: "18:00" },
    { weekday: "saturday", start: "10:00", end: "16:00" },
    { weekday: "sunday", start: null, end: null },
  ];
  const toronto = "America/Toronto";

  it("counts within opening hours on the same day", () => {
    // Tuesday 24 November 2026, 10:00 in Toronto (15:00 UTC) → 13:00 Toronto.
    expect(offerPromisedBy(new Date("2026-11-24T15:00:00Z"), hours, toronto, 3).toISOString()).toBe("2026-11-24T18:00:00.000Z");
  });

  it("carries what is left of the day to the next opening", () => {
    // Friday 27 November, 17:00 Toronto: one hour Friday, two from Saturday 10:00 → Saturday 12:00 Toronto (17:00 UTC).
    expect(offerPromisedBy(new Date("2026-11-27T22:00:00Z"), hours, toronto, 3).toISOString()).toBe("2026-11-28T17:00:00.000Z");
    // Saturday 28 November, 20:00 Toronto: closed Sunday → Monday 12:00 Toronto.
    expect(offerPromisedBy(new Date("2026-11-29T01:00:00Z"), hours, toronto, 3).toISOString()).toBe("2026-11-30T17:00:00.000Z");
  });

  it("follows the clock change (Toronto moves to daylight time on 8 March 2026)", () => {
    // Saturday 7 March 2026, 15:00 EST: one hour Saturday, then closed Sunday; Monday opens 09:00 EDT (13:00 UTC) → 11:00 EDT.
    expect(offerPromisedBy(new Date("2026-03-07T20:00:00Z"), hours, toronto, 3).toISOString()).toBe("2026-03-09T15:00:00.000Z");
  });

  it("falls back to plain hours when the dealership has no opening hours", () => {
    expect(offerPromisedBy(now, [], toronto, 3).toISOString()).toBe("2026-11-24T18:00:00.000Z");
  });
});
