import { describe, expect, it } from "vitest";
import { ACTIVITY_SUMMARY_MAX_LENGTH, isSecretField, orderIdInPath, summarizeChanges } from "./activity-summary.ts";

describe("summarizeChanges", () => {
  it("names every field and shows harmless values", () => {
    expect(summarizeChanges({ payment_type: "lease", accessory_ids: [1, 2], postal_code: "M5V 3L9" })).toEqual({
      fields: ["payment_type", "accessory_ids", "postal_code"],
      summary: 'payment_type="lease"; accessory_ids=[1,2]; postal_code="M5V 3L9"',
    });
  });
  it("flattens nested objects with dots", () => {
    expect(summarizeChanges({ base_consents_responses: { terms_and_conditions: true } }).summary).toBe("base_consents_responses.terms_and_conditions=true");
  });
  it("never shows passwords, codes, tokens, card data or national id numbers, at any depth", () => {
    const body = {
      password: "hunter2hunter2",
      code: "123456",
      token: "abc",
      card_number: "4242424242424242",
      cardinfo: { last4: "4242" },
      applicant: { sin: "046454286", cvv: "123", security_code: "999", first_name: "Ann" },
      remember_device: true,
    };
    const { fields, summary } = summarizeChanges(body);
    for (const secret of ["hunter2", "123456", "abc", "4242", "046454286", "999"]) expect(summary).not.toContain(secret);
    expect(fields).toContain("password");
    expect(fields).toContain("applicant.sin");
    expect(summary).toContain('applicant.first_name="Ann"');
    expect(summary).toContain("password=[hidden]");
  });
  it("keeps the summary short", () => {
    const { summary } = summarizeChanges({ comments: "x".repeat(5000), a: "y".repeat(100), b: Array.from({ length: 200 }, (_, i) => i) });
    expect(summary.length).toBeLessThanOrEqual(ACTIVITY_SUMMARY_MAX_LENGTH);
    expect(summarizeChanges(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`field_${i}`, i]))).summary.length).toBeLessThanOrEqual(ACTIVITY_SUMMARY_MAX_LENGTH);
  });
  it("has nothing to say about a body that is not an object", () => {
    expect(summarizeChanges(undefined)).toEqual({ fields: [], summary: "" });
    expect(summarizeChanges("text")).toEqual({ fields: [], summary: "" });
    expect(summarizeChanges([1, 2])).toEqual({ fields: [], summary: "" });
  });
});

describe("isSecretField", () => {
  it.each(["password", "new_password", "code", "verification_code", "token", "auth_token", "otp", "card_number", "cvc", "sin", "ssn", "secret"])("hides %s", (key) => {
    expect(isSecretField(key)).toBe(true);
  });
  it.each(["postal_code", "zip_code", "model_code", "first_name", "payment_type", "accessory_ids", "remember_device", "phone"])("shows %s", (key) => {
    expect(isSecretField(key)).toBe(false);
  });
});

describe("orderIdInPath", () => {
  it("reads the deal a path names", () => {
    expect(orderIdInPath("/api/order/12/")).toBe(12);
    expect(orderIdInPath("/api/order/12/incentives/")).toBe(12);
    expect(orderIdInPath("/api/customer/order-steps/7/")).toBe(7);
    expect(orderIdInPath("/api/order/")).toBeNull();
    expect(orderIdInPath("/api/customer/12/")).toBeNull();
    expect(orderIdInPath("/api/order/99999999999999999999/")).toBeNull();
  });
});
