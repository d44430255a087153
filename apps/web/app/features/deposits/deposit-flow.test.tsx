// @vitest-environment happy-dom
import type { DepositWire } from "@showroom/domain";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../i18n/index.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { depositWire } from "../../testing/deposits.ts";
import { DepositFlow } from "./deposit-flow.tsx";
import { formatCardNumber } from "./deposit-format.ts";
import type { DepositDetails, DepositsApi } from "./deposits-api.ts";
import { depositsTranslator } from "./i18n.ts";

// Stripe.js is never fetched in the tests: loadStripe answers the local fake below (or fails, as offline).
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock("@stripe/stripe-js", () => ({ loadStripe: stripeJs.loadStripe }));

afterEach(cleanup);
beforeEach(() => stripeJs.loadStripe.mockReset());

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

  it("in sandbox mode never loads Stripe", async () => {
    flow();
    await toReview();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
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

/**
 * A local fake of Stripe.js, behaving as its Elements do for this form: each part mounts a frame into its container
 * (here a plain input named "Stripe card number" and so on), says when it is ready and when it changes, and
 * createPaymentMethod reads what was typed, answering Stripe's validation errors (in the Elements' locale) or a
 * PaymentMethod.
 */
type FakeElement = {
  type: string;
  input: HTMLInputElement | null;
  focus: ReturnType<typeof vi.fn>;
};
const FRAME_LABELS: Record<string, string> = {
  cardNumber: "Stripe card number",
  cardExpiry: "Stripe expiry",
  cardCvc: "Stripe security code",
};
const STRIPE_MESSAGES = {
  en: {
    incomplete_number: "Your card number is incomplete.",
    incomplete_expiry: "Your card's expiration date is incomplete.",
    incomplete_cvc: "Your card's security code is incomplete.",
  },
  fr: {
    incomplete_number: "Le numéro de votre carte est incomplet.",
    incomplete_expiry: "La date d'expiration de votre carte est incomplète.",
    incomplete_cvc: "Le code de sécurité de votre carte est incomplet.",
  },
};

function fakeStripe() {
  const mounted = new Map<string, FakeElement>();
  let locale = "auto";
  let made = 0;
  const createPaymentMethod = vi.fn(async (request: { type: string; card: FakeElement; billing_details: unknown }) => {
    const value = (type: string) => mounted.get(type)?.input?.value ?? "";
    const number = value("cardNumber").replace(/\D/g, "");
    const messages = STRIPE_MESSAGES[locale.startsWith("fr") ? "fr" : "en"];
    const invalid = (code: keyof typeof messages) => ({
      error: { type: "validation_error", code, message: messages[code] },
    });
    if (request.type !== "card" || request.card !== mounted.get("cardNumber")) throw new Error("not the card number");
    if (number.length < 16) return invalid("incomplete_number");
    if (value("cardExpiry").replace(/\D/g, "").length < 4) return invalid("incomplete_expiry");
    if (value("cardCvc").replace(/\D/g, "").length < 3) return invalid("incomplete_cvc");
    made += 1;
    return {
      paymentMethod: {
        id: `pm_fake${made}`,
        type: "card",
        card: { brand: number.startsWith("4") ? "visa" : "mastercard", last4: number.slice(-4) },
        billing_details: request.billing_details,
      },
    };
  });
  function create(type: string) {
    const listeners = new Map<string, Set<(event: unknown) => void>>();
    const emit = (event: string, payload: unknown) => listeners.get(event)?.forEach((handler) => handler(payload));
    let ready = false;
    const element = {
      type,
      input: null as HTMLInputElement | null,
      focus: vi.fn(() => element.input?.focus()),
      mount(container: HTMLElement) {
        const input = document.createElement("input");
        input.setAttribute("aria-label", FRAME_LABELS[type]!);
        input.addEventListener("change", () =>
          emit("change", { elementType: type, empty: input.value === "", complete: false, error: undefined }),
        );
        container.appendChild(input);
        element.input = input;
        mounted.set(type, element);
      },
      on(event: string, handler: (event: unknown) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(handler);
        // Ready once, after mounting (Stripe's frame has loaded).
        if (event === "ready" && !ready)
          window.setTimeout(() => {
            if (ready) return;
            ready = true;
            emit("ready", { elementType: type });
          }, 0);
      },
      off(event: string, handler: (event: unknown) => void) {
        listeners.get(event)?.delete(handler);
      },
      update: vi.fn(),
      blur: vi.fn(),
      clear: vi.fn(),
      destroy() {
        element.input?.remove();
        if (mounted.get(type) === element) mounted.delete(type);
      },
    };
    return element;
  }
  const stripe = {
    elements: vi.fn((options: { locale?: string } = {}) => {
      locale = options.locale ?? "auto";
      return {
        create,
        getElement: (kind: string | { __elementType: string }) =>
          mounted.get(typeof kind === "string" ? kind : kind.__elementType) ?? null,
        update: vi.fn(),
      };
    }),
    createPaymentMethod,
    createToken: vi.fn(),
    confirmCardPayment: vi.fn(),
  };
  return { stripe, element: (type: string) => mounted.get(type) };
}

// One Stripe object per publishable key for the page's life: each test its own key.
let stripeKeys = 0;
const stripeDetails = (overrides: Partial<DepositDetails> = {}) =>
  details({ gateway: "stripe", demonstration: false, stripe_publishable_key: `pk_test_${++stripeKeys}`, ...overrides });

const ENGLISH_FIELDS = {
  name: "Name on card",
  first: "First name",
  last: "Last name",
  address: "Address",
  postal: "Postal code",
};
const FRENCH_FIELDS = {
  name: "Nom sur la carte",
  first: "Prénom",
  last: "Nom de famille",
  address: "Adresse",
  postal: "Code postal",
};

function fillCardholder(labels = ENGLISH_FIELDS) {
  fireEvent.change(field(labels.name), { target: { value: "Jeanne Tremblay" } });
  fireEvent.change(field(labels.first), { target: { value: "Jeanne" } });
  fireEvent.change(field(labels.last), { target: { value: "Tremblay" } });
  fireEvent.change(field(labels.address), { target: { value: "120 Queen Street West" } });
  fireEvent.change(field(labels.postal), { target: { value: "m5h2n2" } });
}

function typeCard(number: string, expiry = "12 / 30", cvc = "123") {
  fireEvent.change(screen.getByLabelText("Stripe card number"), { target: { value: number } });
  fireEvent.change(screen.getByLabelText("Stripe expiry"), { target: { value: expiry } });
  fireEvent.change(screen.getByLabelText("Stripe security code"), { target: { value: cvc } });
}

describe("the deposit in Stripe mode", () => {
  it("takes the card in Stripe's Elements, and charge_deposit gets the PaymentMethod, never the card", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    const stripeMode = stripeDetails();
    const { api } = flow({ details: stripeMode });
    expect(screen.getByTestId("deposit-stripe-loading").textContent).toBe("Loading the secure card form…");
    await screen.findByTestId("deposit-stripe-card");
    expect(stripeJs.loadStripe).toHaveBeenCalledWith(stripeMode.stripe_publishable_key);
    expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: "en" }));
    // Each of Stripe's frames has a visible label from our catalogue, pointing at its container.
    for (const [id, label] of [
      ["deposit-card-number", "Card number"],
      ["deposit-card-expiry", "Expiry date"],
      ["deposit-card-cvc", "Security code"],
    ])
      expect(document.querySelector(`label[for="${id}"]`)?.textContent).toBe(label);
    expect(screen.queryByTestId("deposit-demo")).toBeNull();
    fillCardholder();
    typeCard("4242 4242 4242 4242");
    const cardNumber = fake.element("cardNumber");
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    const review = await screen.findByTestId("deposit-review");
    expect(fake.stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: "card",
      card: cardNumber,
      billing_details: { name: "Jeanne Tremblay", address: { line1: "120 Queen Street West", postal_code: "m5h2n2" } },
    });
    const checked = vi.mocked(api.validate).mock.calls[0]![1];
    expect(checked).toMatchObject({ payment_method: "pm_fake1", name_on_card: "Jeanne Tremblay" });
    expect(checked).not.toHaveProperty("card");
    expect(within(review).getByTestId("deposit-review-card").textContent).toBe("Visa ending in 4242");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    expect((await screen.findByTestId("deposit-placed-status")).textContent).toBe("Your deposit is held");
    const body = vi.mocked(api.charge).mock.calls[0]![0];
    expect(body.form).toEqual({
      name_on_card: "Jeanne Tremblay",
      first_name: "Jeanne",
      last_name: "Tremblay",
      address_line: "120 Queen Street West",
      postal_code: "M5H 2N2",
      payment_method: "pm_fake1",
    });
  });

  it("shows Stripe's own message for an incomplete card at the card, and sends nothing to our server", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    const { api } = flow({ details: stripeDetails() });
    await screen.findByTestId("deposit-stripe-card");
    fillCardholder();
    typeCard("4242 4242");
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    const message = await screen.findByTestId("deposit-card-error");
    expect(message.textContent).toBe("Your card number is incomplete.");
    expect(message.getAttribute("role")).toBe("alert");
    expect(fake.element("cardNumber")!.focus).toHaveBeenCalled();
    expect(api.validate).not.toHaveBeenCalled();
    expect(api.charge).not.toHaveBeenCalled();
    expect(screen.getByTestId("deposit-to-review").hasAttribute("disabled")).toBe(false);
    // The expiry's message, and the focus on the expiry.
    typeCard("4242 4242 4242 4242", "12");
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    await waitFor(() =>
      expect(screen.getByTestId("deposit-card-error").textContent).toBe("Your card's expiration date is incomplete."),
    );
    expect(fake.element("cardExpiry")!.focus).toHaveBeenCalled();
    expect(api.validate).not.toHaveBeenCalled();
  });

  it("in French gives Stripe the page's language (fr-CA) and shows its French message", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    flow({ details: stripeDetails(), french: true });
    await screen.findByTestId("deposit-stripe-card");
    expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: "fr-CA" }));
    expect(document.querySelector('label[for="deposit-card-expiry"]')?.textContent).toBe("Date d’expiration");
    fillCardholder(FRENCH_FIELDS);
    typeCard("");
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    expect((await screen.findByTestId("deposit-card-error")).textContent).toBe(
      "Le numéro de votre carte est incomplet.",
    );
  });

  it("checks the cardholder's fields with the schema first: no PaymentMethod for a form that would be refused", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    const { api } = flow({ details: stripeDetails() });
    await screen.findByTestId("deposit-stripe-card");
    typeCard("4242 4242 4242 4242");
    fireEvent.change(field("Postal code"), { target: { value: "12345" } });
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    expect(await screen.findByText("Enter a valid postal code, like M5V 3L9.")).toBeTruthy();
    expect(screen.getAllByText("This field is required.").length).toBe(4);
    expect(screen.getByText("Some fields need your attention.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field("Name on card")));
    expect(fake.stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(api.validate).not.toHaveBeenCalled();
  });

  it("when Stripe.js cannot load (offline) says so, and loads it again on a retry", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockRejectedValueOnce(new Error("Failed to load Stripe.js")).mockResolvedValueOnce(fake.stripe);
    flow({ details: stripeDetails() });
    const failed = await screen.findByTestId("deposit-stripe-load-failed");
    expect(within(failed).getByRole("alert").textContent).toBe(
      "The card form could not load. Check your connection and try again.",
    );
    expect(screen.getByTestId("deposit-to-review").hasAttribute("disabled")).toBe(true);
    expect(screen.queryByLabelText("Stripe card number")).toBeNull();
    fireEvent.click(within(failed).getByRole("button", { name: "Try again" }));
    await screen.findByTestId("deposit-stripe-card");
    expect(stripeJs.loadStripe).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId("deposit-stripe-load-failed")).toBeNull();
    expect(screen.getByTestId("deposit-to-review").hasAttribute("disabled")).toBe(false);
  });

  it("shows progress while Stripe checks the card: the button disabled and busy", async () => {
    const fake = fakeStripe();
    let answer: () => void = () => undefined;
    const check = fake.stripe.createPaymentMethod.getMockImplementation()!;
    fake.stripe.createPaymentMethod.mockImplementation(
      (request) => new Promise((resolve) => (answer = () => resolve(check(request)))),
    );
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    flow({ details: stripeDetails() });
    await screen.findByTestId("deposit-stripe-card");
    fillCardholder();
    typeCard("4242 4242 4242 4242");
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    const button = await screen.findByRole("button", { name: "Checking…" });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    answer();
    expect(await screen.findByTestId("deposit-review")).toBeTruthy();
  });

  it("a card our server's processor declines (402) goes back to the card form with the message, for a new card", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    const charge = vi
      .fn()
      .mockRejectedValueOnce(refused(402, { code: "card_declined", detail: "Failed to process your credit card" }))
      .mockResolvedValueOnce(depositWire({ gateway: "stripe" }));
    flow({ details: stripeDetails(), api: { charge } });
    await screen.findByTestId("deposit-stripe-card");
    fillCardholder();
    typeCard("4000 0000 0000 0002");
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    await screen.findByTestId("deposit-review");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    const message = await screen.findByTestId("deposit-card-error");
    expect(message.textContent).toBe(
      "Failed to process your credit card. Check the card’s details or use another card.",
    );
    expect(message.getAttribute("role")).toBe("alert");
    expect(field("Name on card").value).toBe("Jeanne Tremblay");
    expect(field("Postal code").value).toBe("m5h2n2");
    // Stripe's frames again, empty, the focus on the card number.
    await screen.findByTestId("deposit-stripe-card");
    await waitFor(() => expect(fake.element("cardNumber")!.focus).toHaveBeenCalled());
    expect((screen.getByLabelText("Stripe card number") as HTMLInputElement).value).toBe("");
    typeCard("4242 4242 4242 4242");
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    await screen.findByTestId("deposit-review");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    await screen.findByTestId("deposit-placed");
    expect(charge.mock.calls.map(([body]) => body.form.payment_method)).toEqual(["pm_fake1", "pm_fake2"]);
    expect(charge.mock.calls[0]![0].client_key).not.toBe(charge.mock.calls[1]![0].client_key);
  });

  it("a card whose bank asks for a confirmation (3-D Secure) says this storefront cannot show it yet", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    flow({
      details: stripeDetails(),
      api: {
        charge: vi
          .fn()
          .mockRejectedValue(
            refused(402, { code: "card_declined", decline_code: "authentication_required", detail: "x" }),
          ),
      },
    });
    await screen.findByTestId("deposit-stripe-card");
    fillCardholder();
    typeCard("4000 0027 6000 3184");
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    await screen.findByTestId("deposit-review");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    expect((await screen.findByTestId("deposit-card-error")).textContent).toBe(
      "Your bank asks you to confirm this payment, and this storefront cannot show that confirmation yet. Your card was not charged. Please use another card or contact the dealership.",
    );
  });

  it("our server refusing the PaymentMethod (400) says so at the card, Stripe's frames ready for another", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    flow({
      details: stripeDetails(),
      api: { charge: vi.fn().mockRejectedValue(refused(400, { payment_method: ["Please select a valid choice."] })) },
    });
    await screen.findByTestId("deposit-stripe-card");
    fillCardholder();
    typeCard("4242 4242 4242 4242");
    fireEvent.click(screen.getByTestId("deposit-to-review"));
    await screen.findByTestId("deposit-review");
    fireEvent.click(screen.getByTestId("deposit-confirm"));
    expect((await screen.findByTestId("deposit-card-error")).textContent).toBe("Please select a valid choice.");
    expect(await screen.findByTestId("deposit-stripe-card")).toBeTruthy();
  });

  it("a dealership in Stripe mode without a publishable key says card entry is not set up, and loads nothing", () => {
    flow({ details: details({ gateway: "stripe", demonstration: false, stripe_publishable_key: null }) });
    expect(screen.getByRole("alert").textContent).toBe(
      "Card entry is not set up for this dealership yet. Contact the dealership to place your deposit.",
    );
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
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
