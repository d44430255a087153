// @vitest-environment happy-dom
import type { CustomerUser, DealerUser } from "@showroom/domain";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { customerUser, dealerInfo } from "../../testing/fixtures.ts";
import type { CustomerApi } from "./customer-api.ts";
import { SignUpForm } from "./sign-up-form.tsx";

afterEach(cleanup);

const dealer = dealerInfo({ terms_and_conditions_link: null, mandatory_names: false });
const refused = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

function renderForm(register: CustomerApi["register"], options: { dealerUser?: DealerUser | null; onDone?: () => void; language?: "en" | "fr" } = {}) {
  const api = { register } as CustomerApi;
  const onDone = vi.fn(options.onDone ?? (() => {}));
  const language = options.language ?? "en";
  const wrap = (node: ReactNode) => (
    <I18nContext.Provider value={{ locale: language === "fr" ? "fr-ca" : "en-ca", t: translator(catalogues[language]) }}>{node}</I18nContext.Provider>
  );
  render(wrap(<SignUpForm dealer={dealer} dealerUser={options.dealerUser ?? null} api={api} catId={null} onDone={onDone} />));
  return { onDone };
}

const email = () => screen.getByTestId("sign-up-email");
const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const send = () => fireEvent.click(screen.getByTestId("sign-up-submit"));

describe("the sign-up form on the shared binding", () => {
  it("checks in the browser with the API's schema: the message at the field, the focus on it, nothing sent", async () => {
    const register = vi.fn();
    renderForm(register, { language: "fr" });
    fill("sign-up-email", "nope");
    send();
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(email().getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`${email().id}-error`)?.textContent).toBe("Entrez une adresse courriel valide.");
    expect(screen.getByTestId("sign-up-errors").textContent).toBe(catalogues.fr["auth.check_fields"]);
    expect(register).not.toHaveBeenCalled();
  });

  it("says it is creating the account while the call runs, then hands the customer back", async () => {
    let answer!: (customer: CustomerUser) => void;
    const register = vi.fn(() => new Promise<CustomerUser>((resolve) => (answer = resolve)));
    const { onDone } = renderForm(register);
    fill("sign-up-email", "jeanne@example.com");
    send();
    await waitFor(() => expect(screen.getByTestId("sign-up-submit").textContent).toBe("Creating the account…"));
    expect(screen.getByTestId("sign-up-submit")).toHaveProperty("disabled", true);
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ email: "jeanne@example.com", send_lead_to_crm: true }));
    const customer = customerUser();
    await act(async () => answer(customer));
    expect(onDone).toHaveBeenCalledWith({ kind: "created", customer });
    expect(screen.getByTestId("sign-up-submit").textContent).toBe("Create my account");
  });

  it("shows the API's messages at the fields they name and focuses the first; a known email goes to re-entry", async () => {
    const staff = { id: 3, default_send_invitation_email: false, default_send_lead_to_crm: true } as DealerUser;
    renderForm(() => Promise.reject(refused(400, { email: ["This email is already registered."], code: "EMAIL_CONFLICT" })), { dealerUser: staff });
    fill("sign-up-email", "known@example.com");
    send();
    await waitFor(() => expect(document.getElementById(`${email().id}-error`)?.textContent).toBe("This email is already registered."));
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(screen.getByTestId("sign-up-errors").textContent).toBe("Please check the highlighted fields.");

    cleanup();
    const { onDone } = renderForm(() => Promise.reject(refused(400, { email: ["This email is already registered."], code: "EMAIL_CONFLICT" })));
    fill("sign-up-email", "known@example.com");
    send();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ kind: "conflict", email: "known@example.com" }));
  });

  it("a refusal without a field shows one general message", async () => {
    renderForm(() => Promise.reject(refused(429, { detail: "Too many sign-ups. Try again later." })));
    fill("sign-up-email", "jeanne@example.com");
    send();
    await waitFor(() => expect(screen.getByTestId("sign-up-errors").textContent).toBe("Too many sign-ups. Try again later."));
    expect(email().getAttribute("aria-invalid")).toBeNull();
  });
});
