// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { ApiRequestError, type ApiClient } from "../../lib/api-client.ts";
import { ContactDealerForm } from "./contact-dealer-form.tsx";

afterEach(cleanup);

function renderForm(post: ApiClient["post"], language: "en" | "fr" = "en") {
  const api = { get: vi.fn(), post, request: vi.fn() } as unknown as ApiClient;
  const locale = language === "fr" ? "fr-ca" : "en-ca";
  render(
    <I18nContext.Provider value={{ locale, t: translator(catalogues[language]) }}>
      <ContactDealerForm api={api} vehicleId={1203} locale={locale} message="Is this vehicle available?" />
    </I18nContext.Provider>,
  );
}

const field = (name: string) => document.getElementById(`contact-${name}`) as HTMLInputElement;
const errorOf = (name: string) => document.getElementById(`contact-${name}-error`)?.textContent;
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const send = () => fireEvent.click(screen.getByTestId("contact-submit"));
const fillValid = () => {
  fill("first_name", "Jordan");
  fill("last_name", "Lee");
  fill("email", "jordan@example.com");
};

describe("the contact-dealer form (the lead schema of the domain, shared with POST /api/customer/contact_dealer/)", () => {
  it("labels its fields and starts with the page's message", () => {
    renderForm(vi.fn());
    for (const label of ["First name", "Last name", "Email", "Phone (optional)", "How can we help?"]) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(field("help_message").value).toBe("Is this vehicle available?");
  });

  it("checks the fields in the browser: each message at its field, the first invalid field focused, nothing sent", async () => {
    const post = vi.fn();
    renderForm(post, "fr");
    fill("first_name", "J");
    fill("phone", "123");
    send();
    await waitFor(() => expect(errorOf("first_name")).toBe("Entrez de 2 à 30 lettres, sans chiffres ni caractères spéciaux."));
    expect(errorOf("last_name")).toBe("Entrez de 2 à 30 lettres, sans chiffres ni caractères spéciaux.");
    expect(errorOf("email")).toBe("Entrez une adresse courriel valide.");
    expect(errorOf("phone")).toBe("Entrez un numéro de téléphone à 10 chiffres, comme (416) 555-0142.");
    expect(field("first_name").getAttribute("aria-invalid")).toBe("true");
    expect(field("first_name").getAttribute("aria-describedby")).toBe("contact-first_name-error");
    await waitFor(() => expect(document.activeElement).toBe(field("first_name")));
    expect(post).not.toHaveBeenCalled();
  });

  it("sends the lead with the vehicle and the page's address, says it is sending, then thanks the visitor", async () => {
    let answer!: () => void;
    const post = vi.fn(() => new Promise<unknown>((resolve) => (answer = () => resolve({ id: 1, status: "queued" }))));
    renderForm(post as ApiClient["post"]);
    fillValid();
    send();
    await waitFor(() => expect(screen.getByTestId("contact-submit").textContent).toBe("Sending…"));
    expect(screen.getByTestId("contact-submit")).toHaveProperty("disabled", true);
    expect(post).toHaveBeenCalledWith("/api/customer/contact_dealer/", {
      first_name: "Jordan",
      last_name: "Lee",
      email: "jordan@example.com",
      phone: "",
      help_message: "Is this vehicle available?",
      url: window.location.href,
      vehicle: 1203,
      source: "vdp",
    });
    await act(async () => answer());
    expect(screen.getByTestId("contact-sent").textContent).toBe(catalogues.en["contact_form.sent"]);
  });

  it("shows the API's field messages at the same place, focusing the first", async () => {
    renderForm(() => Promise.reject(new ApiRequestError({ kind: "http", status: 400, body: { email: ["Enter a valid email address."] } })));
    fillValid();
    send();
    await waitFor(() => expect(errorOf("email")).toBe("Enter a valid email address."));
    await waitFor(() => expect(document.activeElement).toBe(field("email")));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("contact-submit").textContent).toBe("Send");
  });

  it("a refusal that names no field of the form (or a network failure) says the message could not be sent", async () => {
    renderForm(() => Promise.reject(new ApiRequestError({ kind: "http", status: 429, body: { detail: "Too many requests." } })));
    fillValid();
    send();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Your message could not be sent. Please try again."));
    cleanup();
    renderForm(() => Promise.reject(new ApiRequestError({ kind: "network" } as never)));
    fillValid();
    send();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Your message could not be sent. Please try again."));
  });
});
