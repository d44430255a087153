// @vitest-environment happy-dom
import type { StaffLoginResult } from "@showroom/domain";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { twoFactorRecord } from "../../testing/staff.ts";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { DealerAuthModal } from "./dealer-auth-modal.tsx";
import type { StaffApi } from "./staff-api.ts";

afterEach(cleanup);

const record = twoFactorRecord;
const refused = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

function open(overrides: Partial<StaffApi> = {}) {
  const api = {
    login: vi.fn(async () => record() as StaffLoginResult),
    verify: vi.fn(async () => record({ verified: true, fully_authenticated: true })),
    sendOtp: vi.fn(async () => record()),
    setupOtp: vi.fn(async () => record({ setup_sent: true })),
    confirmOtpDevice: vi.fn(async () => record({ verified: true, fully_authenticated: true })),
    setupTotp: vi.fn(async () => ({ secret: "JBSWY3DPEHPK3PXP", otpauth_uri: "otpauth://totp/x", issuer: "Showroom" })),
    confirmTotp: vi.fn(async () => record({ has_authenticator: true })),
    ...overrides,
  } as unknown as StaffApi;
  const onResult = vi.fn();
  const close = vi.fn();
  render(
    <I18nContext.Provider value={{ locale: "en-ca", t: translator(catalogues.en) }}>
      <DealerAuthModal api={api} onResult={onResult} onForgotPassword={vi.fn()} close={close} />
    </I18nContext.Provider>,
  );
  return { api, onResult, close };
}

const byTestId = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const fill = (id: string, value: string) => fireEvent.change(byTestId(id), { target: { value } });
const step = () => screen.getByTestId("dealer-auth-modal").getAttribute("data-step");
const focused = (id: string) => waitFor(() => expect(document.activeElement).toBe(byTestId(id)));

async function passwordStep() {
  fill("dealer-email", "sales-rep@maple-auto.example");
  fill("dealer-password", "showroom-demo-2026");
  fireEvent.click(byTestId("dealer-sign-in-submit"));
}

describe("the dealer sign-in modal, one component per step", () => {
  it("password step: the browser's check (its own words for an empty password) and the focus on the first invalid field", async () => {
    const { api } = open();
    fireEvent.click(byTestId("dealer-sign-in-submit"));
    await focused("dealer-email");
    expect(document.getElementById(`${byTestId("dealer-email").id}-error`)?.textContent).toBe("This field is required.");
    expect(screen.getByTestId("dealer-password-error").textContent).toBe("Enter your password.");
    fill("dealer-email", "sales-rep@maple-auto.example");
    fireEvent.click(byTestId("dealer-sign-in-submit"));
    await focused("dealer-password");
    expect(api.login).not.toHaveBeenCalled();
  });

  it("password step: a refusal without a field is a general message and the focus goes to the password", async () => {
    open({ login: vi.fn(() => Promise.reject(refused(400, { non_field_errors: ["Unable to log in with provided credentials."] }))) });
    await passwordStep();
    await waitFor(() => expect(screen.getByTestId("dealer-sign-in-error").textContent).toBe("Unable to log in with provided credentials."));
    await focused("dealer-password");
    expect(byTestId("dealer-sign-in-submit").textContent).toBe("Sign in");
  });

  it("code step: a wrong code is refused at the field, which takes the focus; the right one signs in", async () => {
    const verify = vi.fn().mockRejectedValueOnce(refused(400, { token: ["Code is incorrect."] })).mockResolvedValueOnce(record({ verified: true, has_authenticator: true }));
    const { api, onResult, close } = open({ verify });
    await passwordStep();
    await waitFor(() => expect(step()).toBe("code"));
    expect(api.login).toHaveBeenCalledWith("sales-rep@maple-auto.example", "showroom-demo-2026");
    expect(screen.getByTestId("dealer-code-destination").textContent).toContain("0199");
    await focused("dealer-code");
    fireEvent.click(byTestId("dealer-code-submit"));
    expect(document.getElementById(`${byTestId("dealer-code").id}-error`)?.textContent).toBe("Enter the 6-digit code.");
    fill("dealer-code", "000000");
    fireEvent.click(byTestId("dealer-code-submit"));
    await waitFor(() => expect(byTestId("dealer-code").getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(`${byTestId("dealer-code").id}-error`)?.textContent).toBe("Code is incorrect.");
    await focused("dealer-code");
    fill("dealer-code", "123456");
    fireEvent.click(byTestId("dealer-remember-device"));
    fireEvent.click(byTestId("dealer-code-submit"));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(verify).toHaveBeenLastCalledWith("123456", true);
    expect(onResult).toHaveBeenCalledWith(true);
  });

  it("code step: too many codes says so until the next try; the authenticator's code may switch to SMS", async () => {
    open({ login: vi.fn(async () => record({ sent: false, reason: "throttled" }) as StaffLoginResult) });
    await passwordStep();
    await waitFor(() => expect(screen.getByTestId("dealer-code-error").textContent).toBe(catalogues.en["staff.code_throttled"]));
    cleanup();
    const { api } = open({ login: vi.fn(async () => record({ sent: false, reason: "authenticator", has_authenticator: true }) as StaffLoginResult) });
    await passwordStep();
    await waitFor(() => expect(screen.getByTestId("dealer-code-form").getAttribute("data-method")).toBe("authenticator"));
    fireEvent.click(byTestId("dealer-code-use-sms"));
    await waitFor(() => expect(screen.getByTestId("dealer-code-form").getAttribute("data-method")).toBe("sms"));
    expect(api.sendOtp).toHaveBeenCalledTimes(1);
  });

  it("phone set-up: the number is checked, refused at the field, confirmed by its code; 'another number' keeps what was typed", async () => {
    const setupOtp = vi.fn().mockRejectedValueOnce(refused(400, { phone: ["This number cannot receive texts."] })).mockResolvedValue(record({ setup_sent: true }));
    const { api } = open({ login: vi.fn(async () => record({ has_device: false, sent: false, reason: "no_device", masked_phone: null }) as StaffLoginResult), setupOtp });
    await passwordStep();
    await waitFor(() => expect(step()).toBe("setup-phone"));
    fill("dealer-phone", "555");
    fireEvent.click(byTestId("dealer-phone-submit"));
    await focused("dealer-phone");
    expect(document.getElementById(`${byTestId("dealer-phone").id}-error`)?.textContent).toBe("Enter a 10-digit phone number, like (416) 555-0142.");
    fill("dealer-phone", "(416) 555-0199");
    fireEvent.click(byTestId("dealer-phone-submit"));
    await waitFor(() => expect(document.getElementById(`${byTestId("dealer-phone").id}-error`)?.textContent).toBe("This number cannot receive texts."));
    fireEvent.click(byTestId("dealer-phone-submit"));
    await waitFor(() => expect(step()).toBe("confirm-phone"));
    expect(setupOtp).toHaveBeenLastCalledWith("+14165550199");
    await focused("dealer-code");
    fireEvent.click(screen.getByRole("button", { name: "Use another number" }));
    await waitFor(() => expect(byTestId("dealer-phone").value).toBe("(416) 555-0199"));
    fireEvent.click(byTestId("dealer-phone-submit"));
    await waitFor(() => expect(step()).toBe("confirm-phone"));
    fill("dealer-code", "654321");
    fireEvent.click(byTestId("dealer-code-submit"));
    await waitFor(() => expect(step()).toBe("offer-authenticator"));
    expect(api.confirmOtpDevice).toHaveBeenCalledWith({ token: "654321", phone: "+14165550199", remember_device: false });
  });

  it("authenticator: offered once signed in, set up with the app's first code, then ready", async () => {
    const { api, onResult } = open({ login: vi.fn(async () => record({ verified: true, fully_authenticated: true, reason: "remembered_device", sent: false }) as StaffLoginResult) });
    await passwordStep();
    await waitFor(() => expect(step()).toBe("offer-authenticator"));
    fireEvent.click(byTestId("dealer-authenticator-start"));
    await waitFor(() => expect(step()).toBe("authenticator-setup"));
    expect(screen.getByTestId("dealer-totp-secret").textContent).toBe("JBSWY3DPEHPK3PXP");
    await focused("dealer-code");
    fill("dealer-code", "111111");
    fireEvent.submit(screen.getByTestId("dealer-totp-form"));
    await waitFor(() => expect(screen.getByText(catalogues.en["staff.authenticator_ready"])).toBeTruthy());
    expect(api.confirmTotp).toHaveBeenCalledWith("111111", false);
    fireEvent.click(byTestId("dealer-auth-continue"));
    expect(onResult).toHaveBeenCalledWith(true);
  });
});
