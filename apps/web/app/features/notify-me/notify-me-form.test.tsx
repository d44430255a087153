// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ApiRequestError, type ApiClient } from "../../lib/api-client.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { customerUser } from "../../testing/fixtures.ts";
import { NOTIFY_ME_PATH, NotifyMeForm } from "./notify-me-form.tsx";

afterEach(cleanup);

function form(options: { post: ApiClient["post"]; language?: "en" | "fr"; signedIn?: boolean }) {
  const language = options.language ?? "en";
  const onSent = vi.fn();
  render(
    <I18nContext.Provider
      value={{ locale: language === "fr" ? "fr-ca" : "en-ca", t: translator(catalogues[language]) }}
    >
      <NotifyMeForm
        api={{ post: options.post } as unknown as ApiClient}
        locale={language === "fr" ? "fr-ca" : "en-ca"}
        dealerName="Maple Auto Toronto"
        vehicleId={321}
        orderId={null}
        customer={options.signedIn ? customerUser() : null}
        onSent={onSent}
      />
    </I18nContext.Provider>,
  );
  return { onSent };
}
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;

function fill() {
  fireEvent.change(field("notify-me-email"), { target: { value: "jeanne@example.com" } });
  fireEvent.change(field("notify-me-first_name"), { target: { value: "Jeanne" } });
  fireEvent.change(field("notify-me-last_name"), { target: { value: "Tremblay" } });
}

describe("the notify-me form", () => {
  it("requires the terms confirmation: refused at the box, which takes the focus, and nothing is sent", async () => {
    const post = vi.fn();
    form({ post });
    fill();
    fireEvent.click(field("notify-me-submit"));
    expect(screen.getByText("Please confirm that you want to be notified.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field("notify-me-terms_confirmation")));
    expect(field("notify-me-terms_confirmation").getAttribute("aria-invalid")).toBe("true");
    expect(post).not.toHaveBeenCalled();
  });

  it("in French too", () => {
    form({ post: vi.fn(), language: "fr" });
    fill();
    fireEvent.click(field("notify-me-submit"));
    expect(screen.getByText("Veuillez confirmer que vous voulez être avisé.")).toBeTruthy();
    expect(screen.getByLabelText(/Je confirme que je veux que Maple Auto Toronto communique avec moi/)).toBeTruthy();
  });

  it("with the confirmation, sends email, names, phone, the vehicle and the page", async () => {
    const post = vi.fn(async () => ({ id: 3, status: "queued" }));
    const { onSent } = form({ post: post as unknown as ApiClient["post"] });
    fill();
    fireEvent.change(field("notify-me-phone"), { target: { value: "(416) 555-0142" } });
    fireEvent.click(field("notify-me-terms_confirmation"));
    fireEvent.click(field("notify-me-submit"));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      NOTIFY_ME_PATH,
      expect.objectContaining({
        email: "jeanne@example.com",
        first_name: "Jeanne",
        last_name: "Tremblay",
        phone: "(416) 555-0142",
        terms_confirmation: true,
        vehicle: 321,
      }),
    );
  });

  it("is filled in for a signed-in shopper", () => {
    form({ post: vi.fn(), signedIn: true });
    expect(field("notify-me-email").value).toBe("jeanne@example.com");
    expect(field("notify-me-last_name").value).toBe("Tremblay");
  });

  it("the API's field messages land at their fields; any other failure says the request was not sent", async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiRequestError({ kind: "http", status: 400, body: { email: ["Enter a valid email address."] } }),
      )
      .mockRejectedValueOnce(new ApiRequestError({ kind: "http", status: 500, body: null }));
    form({ post: post as unknown as ApiClient["post"] });
    fill();
    fireEvent.click(field("notify-me-terms_confirmation"));
    fireEvent.click(field("notify-me-submit"));
    expect((await screen.findByTestId("notify-me-email-error-text")).textContent).toBe("Enter a valid email address.");
    fireEvent.click(field("notify-me-submit"));
    expect((await screen.findByTestId("notify-me-error")).textContent).toBe(
      "Unable to submit your request. Please try again.",
    );
  });
});
