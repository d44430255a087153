import { describe, expect, it, vi } from "vitest";
import { twoFactorRecord } from "../../testing/staff.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { leaveCustomer, RELOAD_DELAY_MS, stepAfterLogin, stepAfterVerified } from "./staff-flows.ts";

const record = twoFactorRecord;

describe("the dealer sign-in steps (spec 2, 7)", () => {
  it("a code sent by SMS asks for it, with the masked phone", () => {
    expect(stepAfterLogin(record())).toEqual({ kind: "code", method: "sms", maskedPhone: "(***) ***-0199", canUseSms: true, throttled: false });
  });
  it("an authenticator user types the app's code, and may ask for an SMS when they have a phone", () => {
    expect(stepAfterLogin(record({ sent: false, reason: "authenticator", has_authenticator: true }))).toMatchObject({ kind: "code", method: "authenticator", canUseSms: true });
    expect(stepAfterLogin(record({ sent: false, reason: "authenticator", has_authenticator: true, masked_phone: null }))).toMatchObject({ canUseSms: false });
  });
  it("too many codes: the code step says so", () => {
    expect(stepAfterLogin(record({ sent: false, reason: "throttled" }))).toMatchObject({ kind: "code", method: "sms", throttled: true });
  });
  it("a user without a device sets up a phone first", () => {
    expect(stepAfterLogin(record({ has_device: false, sent: false, reason: "no_device", masked_phone: null }))).toEqual({ kind: "setup-phone" });
  });
  it("a remembered device is signed in at once; the authenticator app is offered to those without one", () => {
    expect(stepAfterLogin(record({ sent: false, reason: "remembered_device", verified: true, fully_authenticated: true }))).toEqual({ kind: "offer-authenticator" });
    expect(stepAfterVerified({ has_authenticator: true })).toEqual({ kind: "done" });
  });
});

describe("back to the dealer panel / end the customer session (spec 8)", () => {
  const deps = () => ({ toast: vi.fn(), reloading: "Request failed. Reloading.", fallback: "Something went wrong.", go: vi.fn(), reload: vi.fn(), wait: vi.fn(async () => {}) });

  it("goes to redirect_to", async () => {
    const d = deps();
    await leaveCustomer(async () => ({ redirect_to: "/en/maple-auto/dealer/customers/" }), d);
    expect(d.go).toHaveBeenCalledWith("/en/maple-auto/dealer/customers/");
    expect(d.toast).not.toHaveBeenCalled();
    expect(d.reload).not.toHaveBeenCalled();
  });

  it("a refusal shows the server's non_field_errors, then after 2.5 s 'Request failed. Reloading.' and reloads", async () => {
    const d = deps();
    const refused = new ApiRequestError({ kind: "http", status: 403, body: { detail: "Not signed in.", non_field_errors: ["You are not signed in as staff."] } });
    await leaveCustomer(async () => Promise.reject(refused), d);
    expect(d.toast.mock.calls.map((c) => c[0])).toEqual(["You are not signed in as staff.", "Request failed. Reloading."]);
    expect(d.wait).toHaveBeenCalledWith(RELOAD_DELAY_MS);
    expect(RELOAD_DELAY_MS).toBe(2500);
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(d.go).not.toHaveBeenCalled();
  });

  it("a failure without a body shows the error's message; no redirect_to reloads", async () => {
    const d = deps();
    await leaveCustomer(async () => Promise.reject(new Error("offline")), d);
    expect(d.toast).toHaveBeenNthCalledWith(1, "offline");
    const e = deps();
    await leaveCustomer(async () => ({ redirect_to: null }), e);
    expect(e.toast).toHaveBeenCalledWith("Request failed. Reloading.");
    expect(e.reload).toHaveBeenCalled();
  });
});
