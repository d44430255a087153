// @vitest-environment happy-dom
import type { DepositWire } from "@showroom/domain";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../i18n/index.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { depositWire } from "../../testing/deposits.ts";
import { DepositFlow } from "./deposit-flow.tsx";
import { formatCardNumber } from "./deposit-format.ts";
import type { DepositDetails, DepositsApi } from "./deposits-api.ts";
import { depositsTranslator } from "./i18n.ts";

afterEach(cleanup);

const tEn = depositsTranslator("en-ca", translator(catalogues.en));
const tFr = depositsTranslator("fr-ca", translator(catalogues.fr));
const refused = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

const details = (overrides: Partial<DepositDetails> = {}): DepositDetails => ({
  gateway: "sandbox",
  demonstration: true,
  stripe_publishable_key: null,
  deposit_system: "STANDARD",
  screens: ["place", "review"],
  mode: "hold",
  fee_mode: "No Fee",
  currency: "cad",
  deposit_amount: "500.00",
  processing_fee: "0.00",
  fixed_fee: "0.00",
  total: "500.00",
  deposit_cancellation_fee: "0.00",
  refundable_on_request: true,
  hold_days: 7,
  geo_validation: true,
  vehicle_price: "38995.00",
  deposit: null,
  ...overrides,
});

function flow(options: { details?: DepositDetails; api?: Partial<DepositsApi>; french?: boolean } = {}) {
  const api: DepositsApi = {
    details: vi.fn(async () => details()),
    validate: vi.fn(async () => ({ valid: true as const })),
    charge: vi.fn(async () => depositWire()),
    requestRefund: vi.fn(async () => depositWire({ refund_requested_at: "2026-05-15T15:00:00.000Z" })),
    ...options.api,
  };
  const onChanged = vi.fn();
  render(
    <DepositFlow
      t={options.french ? tFr : tEn}
      locale={options.french ? "fr-ca" : "en-ca"}
      api={api}
      orderId={41}
      details={options.details ?? details()}
      country="CA"
      timeZone="America/Toronto"
      dealerName="Maple Auto"
      vehicleTitle="2026 Toyota RAV4 XLE"
      today="2026-05-14"
      path="/en/maple-auto/details/7/"
      onChanged={onChanged}
    />,
  );
  return { api, onChanged };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

function fillValid(number = "4242424242424242") {
  fireEvent.change(field("Name on card"), { target: { value: "Jeanne Tremblay" } });
  fireEvent.change(field("Card number"), { target: { value: number } });
  fireEvent.change(field("Expiry month"), { target: { value: "12" } });
  fireEvent.change(field("Expiry year"), { target: { value: "2030" } });
  fireEvent.change(field("Security code"), { target: { value: "123" } });
  fireEvent.change(field("First name"), { target: { value: "Jeanne" } });
  fireEvent.change(field("Last name"), { target: { value: "Tremblay" } });
  fireEvent.change(field("Address"), { target: { value: "120 Queen Street West" } });
  fireEvent.change(field("Postal code"), { target: { value: "m5h2n2" } });
}

async function toReview(number?: string) {
  fillValid(number);
  fireEvent.click(screen.getByTestId("deposit-to-review"));
  return screen.findByTestId("deposit-review");
}

describe("the deposit's place screen", () => {
  it("says what the hold means and until when, the amounts with the advertised price, and lists the test cards", () => {
    flow();
    expect(screen.getByTestId("deposit-hold-terms").textContent).toBe(
      "Your card will be authorized for $500.00; nothing is charged unless you buy. The hold ends on May 21, 2026 at the latest (7 days), when the amount is released if the dealership has not captured it.",
    );
    expect(screen.getByTestId("deposit-amount-vehicle_price").textContent).toBe("$38,995.00");
    expect(screen.getByTestId("deposit-amount-total").textContent).toBe("$500.00");
    expect(screen.getByTestId("deposit-amount-date").textContent).toBe("May 14, 2026");
    const demo = screen.getByTestId("deposit-demo");
    expect(demo.textContent).toContain("Demonstration card form");
    expect(demo.textContent).toContain("4242 4242 4242 4242 — approved");
    expect(demo.textContent).toContain("4000 0000 0000 0002 — declined");
    expect(demo.textContent).toContain("4000 0000 0000 0119 — processing error");
    expect(screen.getByTestId("deposit-step").textContent).toBe("Step 1 of 2: Your card");
  });

  it("in capture mode says the card is charged and the refund terms, with the cancellation fee", () => {
    flow({ details: details({ mode: "capture", refundable_on_request: false, deposit_cancellation_fee: "100.00" }) });
    expect(screen.getByTestId("deposit-capture-terms").textContent).toBe("Your card will be charged $500.00 now.");
    expect(screen.getByTestId("deposit-terms").textContent).toContain("It is refundable on request, less a cancellation fee of $100.00.");
    expect(screen.queryByTestId("deposit-hold-terms")).toBeNull();
  });

  it("formats the card number in groups as typed, with the autofill names and a numeric keyboard", () => {
    flow();
    const number = field("Card number");
    fireEvent.change(number, { target: { value: "42424242424" } });
    expect(number.value).toBe("4242 4242 424");
    expect(number.getAttribute("inputmode")).toBe("numeric");
    expect(number.getAttribute("autocomplete")).toBe("cc-number");
    expect(field("Name on card").getAttribute("autocomplete")).toBe("cc-name");
    expect(field("Expiry month").getAttribute("autocomplete")).toBe("cc-exp-month");
    expect(field("Expiry year").getAttribute("autocomplete")).toBe("cc-exp-year");
    expect(field("Security code").getAttribute("autocomplete")).toBe("cc-csc");
    expect(field("Postal code").getAttribute("autocomplete")).toBe("postal-code");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
  });

  it("checks the form with the domain's schema: an incomplete card number, the postal code, the required fields", async () => {
    const { api } = flow();
    fireEvent.change(field("Card number"), { target: { value: "4242 4242" } });
    fireEvent.change(field("Postal code"), { target: { value: "12345" } });
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    expect(await screen.findByText("Your card number is incomplete.")).toBeTruthy();
    expect(screen.getByText("Enter a valid postal code, like M5V 3L9.")).toBeTruthy();
    expect(screen.getAllByText("This field is required.").length).toBeGreaterThan(2);
    expect(screen.getByText("Some fields need your attention.")).toBeTruthy();
    expect(field("Card number").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(field("Name on card")));
    expect(api.validate).not.toHaveBeenCalled();
    // A corrected field's message goes as it is changed.
    fireEvent.change(field("Card number"), { target: { value: "4242424242424242" } });
    expect(screen.queryByText("Your card number is incomplete.")).toBeNull();
    expect(field("Card number").getAttribute("aria-invalid")).toBeNull();
  });

  it("says the messages in French", async () => {
    flow({ french: true });
    fireEvent.change(screen.getByLabelText("Numéro de carte"), { target: { value: "4242 4242" } });
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    expect(await screen.findByText("Le numéro de votre carte est incomplet.")).toBeTruthy();
    expect(screen.getByTestId("deposit-hold-terms").textContent).toContain("Une autorisation de 500,00");
  });

  it("in Stripe mode says card entry is not available in this build, with no card form", () => {
    flow({ details: details({ gateway: "stripe", demonstration: false, stripe_publishable_key: "pk_test_x" }) });
    expect(screen.getByTestId("deposit-stripe-unavailable").textContent).toContain("Card entry through Stripe is not available in this build.");
    expect(screen.queryByTestId("deposit-form")).toBeNull();
  });
});

describe("the deposit's review and charge", () => {
  it("reviews what will happen with the card's brand and last four, then places the deposit and shows it held", async () => {
    const { api, onChanged } = flow();
    const review = await toReview();
    expect(api.validate).toHaveBeenCalledWith(41, expect.objectContaining({ postal_code: "m5h2n2" }));
    expect(screen.getByTestId("deposit-step").textContent).toBe("Step 2 of 2: Review");
    expect(within(review).getByTestId("deposit-review-what").textContent).toBe(
      "Your Visa ending in 4242 will be authorized for $500.00. Nothing is charged unless you buy; the hold ends on May 21, 2026 at the latest.",
    );
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    expect((await screen.findByTestId("deposit-placed-status")).textContent).toBe("Your deposit is held");
    const body = vi.mocked(api.charge).mock.calls[0]![0];
    expect(body).toMatchObject({ order: 41, path: "/en/maple-auto/details/7/", form: { postal_code: "M5H 2N2", card: { number: "4242 4242 4242 4242", exp_month: "12", exp_year: "2030", cvc: "123" } } });
    expect(body.client_key).toMatch(/^[A-Za-z0-9_-]{16,80}$/);
    expect(screen.getByTestId("deposit-placed-card").textContent).toBe("Visa ending in 4242");
    expect(screen.getByTestId("deposit-placed-deadline").textContent).toBe("May 21, 2026 at 11:00 a.m.");
    expect(onChanged).toHaveBeenCalled();
  });

  it("shows progress while charging: the button disabled and busy", async () => {
    let answer: (deposit: DepositWire) => void = () => undefined;
    flow({ api: { charge: vi.fn(() => new Promise<DepositWire>((resolve) => (answer = resolve))) } });
    await toReview();
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    const button = await screen.findByRole("button", { name: "Placing your deposit…" });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    answer(depositWire());
    expect(await screen.findByTestId("deposit-placed")).toBeTruthy();
  });

  it("for the manufacturer's deposit system shows the confirmation screen, then the deposit", async () => {
    flow({ details: details({ deposit_system: "VW_DEPOSIT", screens: ["place", "review", "confirmation"] }) });
    await toReview();
    expect(screen.getByTestId("deposit-step").textContent).toBe("Step 2 of 3: Review");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    const confirmation = await screen.findByTestId("deposit-confirmation");
    expect(within(confirmation).getByTestId("deposit-step").textContent).toBe("Step 3 of 3: Confirmation");
    expect(confirmation.textContent).toContain("Thank you. Maple Auto has received your deposit of $500.00 for the 2026 Toyota RAV4 XLE, reference 12.");
    fireEvent.click(screen.getByTestId("deposit-confirmation-continue"));
    expect((await screen.findByTestId("deposit-placed-status")).textContent).toBe("Your deposit is held");
  });

  it("a declined card (402) goes back to the card form with the message at the card, everything typed kept, and a new key", async () => {
    const charge = vi
      .fn()
      .mockRejectedValueOnce(refused(402, { code: "card_declined", detail: "Failed to process your credit card" }))
      .mockResolvedValueOnce(depositWire());
    const { api } = flow({ api: { charge } });
    await toReview("4000000000000002");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    const message = await screen.findByTestId("deposit-card-error");
    expect(message.textContent).toContain("Failed to process your credit card");
    expect(message.getAttribute("role")).toBe("alert");
    expect(field("Card number").value).toBe("4000 0000 0000 0002");
    expect(field("Name on card").value).toBe("Jeanne Tremblay");
    expect(field("Postal code").value).toBe("m5h2n2");
    fireEvent.change(field("Card number"), { target: { value: "4242424242424242" } });
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    await screen.findByTestId("deposit-review");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    await screen.findByTestId("deposit-placed");
    const keys = vi.mocked(api.charge).mock.calls.map(([body]) => body.client_key);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("a processing error (502) is said on the review, and trying again sends a new key", async () => {
    const charge = vi.fn().mockRejectedValueOnce(refused(502, { code: "card_processing_error" })).mockResolvedValueOnce(depositWire());
    flow({ api: { charge } });
    await toReview("4000000000000119");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    expect((await screen.findByTestId("deposit-review-error")).textContent).toBe(
      "The card processor could not be reached. Your card was not charged. Please try again.",
    );
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    await screen.findByTestId("deposit-placed");
    expect(charge.mock.calls[0]![0].client_key).not.toBe(charge.mock.calls[1]![0].client_key);
  });

  it("a vehicle reserved by another shopper (409) is said clearly", async () => {
    flow({ api: { charge: vi.fn().mockRejectedValue(refused(409, { code: "vehicle_reserved", detail: "vehicle_reserved" })) } });
    await toReview();
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    expect((await screen.findByTestId("deposit-review-error")).textContent).toBe(
      "Another shopper has just reserved this vehicle. Your card was not charged.",
    );
  });

  it("a deal that already has a deposit (409) shows it", async () => {
    flow({
      api: {
        charge: vi.fn().mockRejectedValue(refused(409, { code: "deposit_exists" })),
        details: vi.fn(async () => details({ deposit: depositWire() })),
      },
    });
    await toReview();
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    expect((await screen.findByTestId("deposit-placed-status")).textContent).toBe("Your deposit is held");
  });

  it("a network failure keeps the review and sends the same key again on the retry", async () => {
    const charge = vi.fn().mockRejectedValueOnce(new ApiRequestError({ kind: "network" })).mockResolvedValueOnce(depositWire());
    flow({ api: { charge } });
    await toReview();
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    expect((await screen.findByTestId("deposit-review-error")).textContent).toContain("check your connection and try again");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    await screen.findByTestId("deposit-placed");
    expect(charge.mock.calls[1]![0].client_key).toBe(charge.mock.calls[0]![0].client_key);
  });

  it("the API's field messages (400) take the shopper back to the form, at their fields", async () => {
    flow({ api: { charge: vi.fn().mockRejectedValue(refused(400, { postal_code: ["Enter a valid postal code, like M5V 3L9."] })) } });
    await toReview();
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    expect(await screen.findByText("Enter a valid postal code, like M5V 3L9.")).toBeTruthy();
    expect(field("Postal code").value).toBe("m5h2n2");
  });
});

describe("the placed deposit", () => {
  it("asks for a refund with an optional reason", async () => {
    const { api } = flow({ details: details({ deposit: depositWire() }) });
    expect(screen.getByTestId("deposit-placed-status").textContent).toBe("Your deposit is held");
    fireEvent.click(screen.getByTestId("deposit-request-refund"));
    fireEvent.change(screen.getByLabelText("Reason (optional)"), { target: { value: "Bought elsewhere" } });
    fireEvent.click(screen.getByTestId("deposit-refund-send"));
    expect((await screen.findByTestId("deposit-refund-requested")).textContent).toBe(
      "You asked for a refund on May 15, 2026. The dealership will confirm it.",
    );
    expect(api.requestRefund).toHaveBeenCalledWith(41, "Bought elsewhere");
  });

  it("a released hold says nothing was charged and offers a new deposit", () => {
    flow({ details: details({ deposit: depositWire({ status: "canceled", deposit_status: "initial", released_at: "2026-05-15T15:00:00.000Z" }) }) });
    expect(screen.getByTestId("deposit-placed-status").textContent).toBe("Your deposit hold was released: nothing was charged");
    fireEvent.click(screen.getByTestId("deposit-place-again"));
    expect(screen.getByTestId("deposit-form")).toBeTruthy();
  });
});
