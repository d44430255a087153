import { describe, expect, it } from "vitest";
import { cardBrandOf, cardExpiryValid, cardLastFour, cardNumberProblem, cvcValid, luhnValid, sandboxOutcomeOf } from "./cards.ts";
import { depositCharge, depositRefund } from "./fees.ts";
import { holdActionAt, holdDeadline } from "./hold.ts";
import { DEFAULT_DEPOSIT_SETTINGS, depositSettingsOf } from "./settings.ts";
import { canMovePayment, depositReservesVehicle, depositStepOf } from "./transactions.ts";

describe("deposit fees", () => {
  const settings = { processingBasisPoints: 290, fixedFeeCents: 2_500 };
  it("charges the deposit alone, or with the fees its mode passes on", () => {
    expect(depositCharge(50_000, { ...settings, feeMode: "No Fee" })).toEqual({ depositCents: 50_000, processingFeeCents: 0, fixedFeeCents: 0, totalCents: 50_000 });
    expect(depositCharge(50_000, { ...settings, feeMode: "Charge Fixed Fee" }).totalCents).toBe(52_500);
    // 500.00 grossed up for 2.9 %: 500 × 0.029 / 0.971 = 14.933… → 14.94; 514.94 less 2.9 % leaves 500.00.
    const processing = depositCharge(50_000, { ...settings, feeMode: "Charge Processing Fee" });
    expect(processing).toMatchObject({ processingFeeCents: 1_494, totalCents: 51_494 });
    expect(processing.totalCents - Math.round((processing.totalCents * 290) / 10_000)).toBeGreaterThanOrEqual(50_000);
    // Both: the processing fee covers the fixed fee too: 525 × 0.029 / 0.971 = 15.68.
    expect(depositCharge(50_000, { ...settings, feeMode: "Charge Processing + Fixed Fee" })).toMatchObject({ processingFeeCents: 1_568, fixedFeeCents: 2_500, totalCents: 54_068 });
  });
  it("refunds what was paid less the cancellation fee, all of it where the deposit is refundable on request", () => {
    expect(depositRefund({ paidCents: 50_000, alreadyRefundedCents: 0, cancellationFeeCents: 10_000, refundableOnRequest: false, contractSigned: false })).toEqual({ refundCents: 40_000, keptCents: 10_000 });
    expect(depositRefund({ paidCents: 50_000, alreadyRefundedCents: 0, cancellationFeeCents: 10_000, refundableOnRequest: true, contractSigned: false })).toEqual({ refundCents: 50_000, keptCents: 0 });
    expect(depositRefund({ paidCents: 50_000, alreadyRefundedCents: 0, cancellationFeeCents: 10_000, refundableOnRequest: true, contractSigned: true }).refundCents).toBe(40_000);
    expect(depositRefund({ paidCents: 5_000, alreadyRefundedCents: 0, cancellationFeeCents: 10_000, refundableOnRequest: false, contractSigned: false })).toEqual({ refundCents: 0, keptCents: 5_000 });
    expect(depositRefund({ paidCents: 50_000, alreadyRefundedCents: 20_000, cancellationFeeCents: 10_000, refundableOnRequest: false, contractSigned: false }).refundCents).toBe(20_000);
  });
});

describe("cards", () => {
  it("knows the brands and checks the numbers", () => {
    expect(cardBrandOf("4242424242424242")).toBe("visa");
    expect(cardBrandOf("2223003122003222")).toBe("mastercard");
    expect(cardBrandOf("378282246310005")).toBe("amex");
    expect(cardBrandOf("6011111111111117")).toBe("discover");
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(cardNumberProblem("4242 4242 4242 4242")).toBeNull();
    expect(cardNumberProblem("4242 4242 4242")).toBe("incomplete");
    expect(cardNumberProblem("3782 822463 1000")).toBe("incomplete");
    expect(cardNumberProblem("4242424242424241")).toBe("invalid");
    expect(cardNumberProblem("9999999999999999")).toBe("invalid");
    expect(cardNumberProblem("4242-abcd")).toBe("invalid");
    expect(cardLastFour("4242 4242 4242 4242")).toBe("4242");
  });
  it("checks the expiry against the month and the security code against the brand", () => {
    expect(cardExpiryValid(11, 2026, "2026-11-26")).toBe(true);
    expect(cardExpiryValid(10, 2026, "2026-11-26")).toBe(false);
    expect(cardExpiryValid(13, 2030, "2026-11-26")).toBe(false);
    expect(cvcValid("123", "visa")).toBe(true);
    expect(cvcValid("123", "amex")).toBe(false);
    expect(cvcValid("1234", "amex")).toBe(true);
  });
  it("answers the sandbox's test cards as a processor would, and declines any other", () => {
    expect(sandboxOutcomeOf("4242 4242 4242 4242")).toBe("approve");
    expect(sandboxOutcomeOf("4000000000000002")).toBe("decline");
    expect(sandboxOutcomeOf("4000000000000119")).toBe("processing_error");
    expect(sandboxOutcomeOf("4111111111111111")).toBe("not_a_test_card");
  });
});

describe("payments and holds", () => {
  it("moves a payment only along the processor's transitions", () => {
    expect(canMovePayment("created", "initiated")).toBe(true);
    expect(canMovePayment("initiated", "pre_authorized")).toBe(true);
    expect(canMovePayment("pre_authorized", "confirmed")).toBe(true);
    expect(canMovePayment("pre_authorized", "expired")).toBe(true);
    expect(canMovePayment("confirmed", "refunded")).toBe(true);
    expect(canMovePayment("expired", "confirmed")).toBe(false);
    expect(canMovePayment("refunded", "confirmed")).toBe(false);
    expect(canMovePayment("canceled", "pre_authorized")).toBe(false);
  });
  it("gives the deal's deposit step and whether the vehicle is held", () => {
    expect(depositStepOf(null)).toBe("initial");
    expect(depositStepOf("initiated")).toBe("pending");
    expect(depositStepOf("pre_authorized")).toBe("pre-authorized");
    expect(depositStepOf("confirmed")).toBe("completed");
    expect(depositStepOf("rejected")).toBe("failed");
    expect(depositStepOf("expired")).toBe("initial");
    expect(depositReservesVehicle("pre_authorized")).toBe(true);
    expect(depositReservesVehicle("refunded")).toBe(false);
  });
  it("takes the processor's capture deadline when it gives one, else 7 days, and acts an hour before", () => {
    const at = new Date("2026-11-26T15:00:00Z");
    expect(holdDeadline(at, null).toISOString()).toBe("2026-12-03T15:00:00.000Z");
    expect(holdDeadline(at, new Date("2026-12-01T18:00:00Z")).toISOString()).toBe("2026-12-01T18:00:00.000Z");
    expect(holdActionAt(new Date("2026-12-03T15:00:00Z")).toISOString()).toBe("2026-12-03T14:00:00.000Z");
  });
});

describe("deposit settings", () => {
  it("takes the dealership's values when they make sense, the defaults otherwise", () => {
    expect(depositSettingsOf({})).toEqual(DEFAULT_DEPOSIT_SETTINGS);
    expect(depositSettingsOf({ deposit_settings: { amount_cents: 100_000, mode: "capture", fee_mode: "Charge Fixed Fee", fixed_fee_cents: 2_500, refundable_on_request: false } })).toMatchObject({
      amountCents: 100_000,
      mode: "capture",
      feeMode: "Charge Fixed Fee",
      fixedFeeCents: 2_500,
      refundableOnRequest: false,
    });
    expect(depositSettingsOf({ deposit_settings: { amount_cents: -5, mode: "later", fee_mode: "Some Fee", processing_basis_points: 1.5 } })).toEqual(DEFAULT_DEPOSIT_SETTINGS);
  });
  it("lets staff edit a build after its deposit, with the Last Date of Change confirmation, unless the dealership turns either off", () => {
    expect(depositSettingsOf({})).toMatchObject({ postDepositEdit: true, postDepositEditConfirmRequired: true });
    expect(depositSettingsOf({ deposit_settings: { post_deposit_edit_enabled: false, post_deposit_edit_confirm_required: false } })).toMatchObject({
      postDepositEdit: false,
      postDepositEditConfirmRequired: false,
    });
    expect(depositSettingsOf({ deposit_settings: { post_deposit_edit_enabled: "no" } }).postDepositEdit).toBe(true);
  });
});
