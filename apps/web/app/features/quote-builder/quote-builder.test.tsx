// @vitest-environment happy-dom
import type { DealerUser, QuoteFlowWire } from "@showroom/domain";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ApiRequestError, type ApiClient } from "../../lib/api-client.ts";
import { storefrontPath } from "../../lib/paths.ts";
import { ShellContext, type Shell } from "../../lib/shell-context.tsx";
import { catalogues } from "../../testing/catalogues.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { paymentOption } from "../../testing/payment-option.ts";
import { QuoteBuilderPage } from "./quote-builder-page.tsx";
import { flowWire, quoteWire } from "./quote-fixtures.ts";
import { createStaffQuotesApi, type StaffQuotesApi } from "./quotes-api.ts";

afterEach(cleanup);

const refused = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

function fakeApi(overrides: Partial<StaffQuotesApi> = {}): StaffQuotesApi {
  return {
    flows: vi.fn(),
    createFlow: vi.fn(),
    flow: vi.fn(async () => flowWire()),
    addQuote: vi.fn(),
    updateQuote: vi.fn(),
    deleteQuote: vi.fn(async () => null),
    activate: vi.fn(),
    setExpiry: vi.fn(),
    send: vi.fn(),
    difference: vi.fn(async () => Promise.reject(new ApiRequestError({ kind: "http", status: 404, body: null }))),
    ...overrides,
  } as StaffQuotesApi;
}

function open(flow: QuoteFlowWire, options: { api?: StaffQuotesApi; role?: DealerUser["role"]; french?: boolean; act?: Shell["staff"]["act"] } = {}) {
  const api = options.api ?? fakeApi();
  const locale = options.french ? "fr-ca" : "en-ca";
  const shell = {
    dealer: dealerInfo(),
    locale,
    prefix: { language: null, dealerCode: null },
    dealerUser: { id: 3, role: options.role ?? "dealer_sales_rep", is_super_admin: false, full_name: "Alex Martin" } as DealerUser,
    quietApi: {} as ApiClient,
    api: {} as ApiClient,
    path: (route: string, search?: string) => storefrontPath({ language: null, dealerCode: null }, route, search),
    staff: { act: options.act ?? vi.fn() },
  } as unknown as Shell;
  render(
    <MemoryRouter>
      <I18nContext.Provider value={{ locale, t: translator(options.french ? catalogues.fr : catalogues.en) }}>
        <ShellContext.Provider value={shell}>
          <QuoteBuilderPage flow={flow} api={api} />
        </ShellContext.Provider>
      </I18nContext.Provider>
    </MemoryRouter>,
  );
  return api;
}

const type = (testId: string, value: string, within_: HTMLElement = document.body) => fireEvent.change(within(within_).getByTestId(testId), { target: { value } });

describe("the quote builder's option form", () => {
  it("checks a bad rate in the browser: the field says why and nothing is sent", async () => {
    const api = open(flowWire());
    fireEvent.click(screen.getByTestId("quote-add-option"));
    type("quote-rate", "abc");
    fireEvent.click(screen.getByTestId("quote-option-save"));
    const rate = screen.getByTestId("quote-rate");
    expect(rate.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(rate.getAttribute("aria-describedby")?.split(" ").pop() ?? "")?.textContent).toBe(
      "Enter an interest rate from 0 to 30, like 4.99.",
    );
    expect((await screen.findByTestId("quote-option-error")).textContent).toBe("Check the fields marked.");
    expect(api.addQuote).not.toHaveBeenCalled();
  });

  it("saves a new option with POST, money as the typed dollars, and shows the engine's figures beside it", async () => {
    const answer = quoteWire({ id: 31, rebates: [{ name: "Loyalty", amount: "500.00" }], custom_fees: [{ name: "Etching", amount: "299.00", taxable: false }] });
    const api = fakeApi({ addQuote: vi.fn(async () => answer), flow: vi.fn(async () => flowWire({ results: [answer], n_quotes: 1 })) });
    open(flowWire(), { api });
    fireEvent.click(screen.getByTestId("quote-add-option"));
    expect(screen.getByTestId("quote-figures-none").textContent).toBe("Save the option to see its payment.");
    type("quote-name", "Lowest payment");
    type("quote-term", "60");
    type("quote-rate", "6.49");
    type("quote-down-payment", "2,500");
    type("quote-frequency", "biweekly");
    fireEvent.click(screen.getByTestId("quote-rebates-add"));
    const rebate = screen.getByTestId("quote-rebates-row");
    fireEvent.change(within(rebate).getByLabelText("Name"), { target: { value: "Loyalty" } });
    fireEvent.change(within(rebate).getByLabelText("Amount ($)"), { target: { value: "500" } });
    fireEvent.click(screen.getByTestId("quote-custom_fees-add"));
    const fee = screen.getByTestId("quote-custom_fees-row");
    fireEvent.change(within(fee).getByLabelText("Name"), { target: { value: "Etching" } });
    fireEvent.change(within(fee).getByLabelText("Amount ($)"), { target: { value: "299" } });
    fireEvent.click(within(fee).getByLabelText("Taxable"));
    fireEvent.click(screen.getByTestId("quote-option-save"));

    expect((await screen.findByTestId("quote-option-saved")).textContent).toBe("Saved and priced.");
    expect(api.addQuote).toHaveBeenCalledWith(7, {
      quote_name: "Lowest payment",
      payment_type: "finance",
      term: 60,
      interest_rate: "6.49",
      payment_frequency: "biweekly",
      distance_allowance: null,
      down_payment: "2500",
      rebates: [{ name: "Loyalty", amount: "500" }],
      custom_fees: [{ name: "Etching", amount: "299", taxable: false }],
      custom_discounts: [],
    });
    const figures = screen.getByTestId("quote-figures");
    expect(within(figures).getByTestId("quote-figure-payment").textContent).toBe("$215.34 biweekly");
    expect(within(figures).getByTestId("quote-figure-term").textContent).toBe("60 months");
    expect(within(figures).getByTestId("quote-figure-rate").textContent).toBe("6.49%");
    expect(within(figures).getByTestId("quote-figure-financed").textContent).toBe("$32,117.60");
    expect(within(figures).getByText("Amount financed")).toBeTruthy();
    expect(within(figures).getByTestId("quote-figure-total").textContent).toBe("$36,750.40");
    expect(within(figures).getAllByTestId("quote-disclosure").map((line) => line.textContent)).toEqual([
      "Annual percentage rate: 6.49%",
      "Cost of borrowing: $5,468.60",
      "Term: 60 months",
    ]);
    expect(screen.getByTestId("quote-option-state").textContent).toBe("Saved");
    // The worksheet lists the saved option.
    await waitFor(() => expect(api.flow).toHaveBeenCalledWith(7));
    const payment = within(screen.getByTestId("quote-worksheet")).getAllByTestId("quote-worksheet-row").find((row) => row.dataset["row"] === "payment");
    expect(payment?.textContent).toContain("$215.34 biweekly");
  });

  it("saves a saved option's changes with PATCH (an emptied amount is 0)", async () => {
    const quote = quoteWire();
    const api = fakeApi({ updateQuote: vi.fn(async () => quoteWire({ down_payment: "0.00" })) });
    open(flowWire({ results: [quote], n_quotes: 1 }), { api });
    expect(screen.getByTestId("quote-option-state").textContent).toBe("Saved");
    type("quote-down-payment", "");
    expect(screen.getByTestId("quote-option-state").textContent).toBe("Unsaved changes");
    expect(screen.getByText("These figures are for the saved terms: save to price your changes.")).toBeTruthy();
    fireEvent.click(screen.getByTestId("quote-option-save"));
    await screen.findByTestId("quote-option-saved");
    expect(api.updateQuote).toHaveBeenCalledWith(31, expect.objectContaining({ down_payment: "0", trade_in_credit: "0", interest_rate: "6.49", term: 60 }));
    expect(api.addQuote).not.toHaveBeenCalled();
  });

  it("prices a saved option's changes without saving them, 500 ms after the last change", async () => {
    const difference = vi.fn(async () => ({
      before: { payment: "215.34", total_purchase_price: "36750.40" },
      after: { payment: "198.12", total_purchase_price: "36750.40" },
      quote: quoteWire({ term: 72 }),
    }));
    const api = fakeApi({ difference });
    open(flowWire({ results: [quoteWire()], n_quotes: 1 }), { api });
    type("quote-term", "7");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(difference).not.toHaveBeenCalled();
    type("quote-term", "72");
    await waitFor(() => expect(screen.getByTestId("quote-change-payment").textContent).toBe("Payment $198.12 (saved: $215.34)"));
    // Only the last change was priced, and nothing was saved.
    expect(difference).toHaveBeenCalledTimes(1);
    expect(difference).toHaveBeenCalledWith(31, expect.objectContaining({ term: 72, down_payment: "2500" }));
    expect(api.updateQuote).not.toHaveBeenCalled();
    // A change the browser refuses is not sent, and the figures of another change are not shown for it.
    type("quote-rate", "abc");
    expect(screen.queryByTestId("quote-change-preview")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(difference).toHaveBeenCalledTimes(1);
  });

  it("shows the engine's refusal (pricing_errors) at the field it names", () => {
    const quote = quoteWire({ option: null, pricing_errors: { term: ["Choose a term of 36 to 84 months."], vehicle: ["The vehicle has no price."] }, term: 96, disclosures: [] });
    open(flowWire({ results: [quote], n_quotes: 1 }));
    const term = screen.getByTestId("quote-term");
    expect(term.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Choose a term of 36 to 84 months.")).toBeTruthy();
    const refusedBox = screen.getByTestId("quote-figures-refused");
    expect(refusedBox.textContent).toContain("These terms could not be priced.");
    expect(refusedBox.textContent).toContain("The vehicle has no price.");
  });

  it("shows the API's field refusals at their fields (a row's amount)", async () => {
    const api = fakeApi({ addQuote: vi.fn(async () => Promise.reject(refused(400, { "rebates.0.amount": ["Enter an amount in dollars, like 450 or 450.50."] }))) });
    open(flowWire(), { api });
    fireEvent.click(screen.getByTestId("quote-add-option"));
    fireEvent.click(screen.getByTestId("quote-rebates-add"));
    const rebate = screen.getByTestId("quote-rebates-row");
    fireEvent.change(within(rebate).getByLabelText("Name"), { target: { value: "Loyalty" } });
    fireEvent.change(within(rebate).getByLabelText("Amount ($)"), { target: { value: "500" } });
    fireEvent.click(screen.getByTestId("quote-option-save"));
    await waitFor(() => expect(within(rebate).getByLabelText("Amount ($)").getAttribute("aria-invalid")).toBe("true"));
    expect(within(rebate).getByText("Enter an amount in dollars, like 450 or 450.50.")).toBeTruthy();
  });
});

describe("the options of a quote", () => {
  it("offers no fourth option: the button is disabled and says why", () => {
    const quotes = [1, 2, 3].map((n) => quoteWire({ id: 30 + n, position: n, quote_name: `Option ${n}` }));
    open(flowWire({ results: quotes, n_quotes: 3, is_max_number_of_quotes_reached: true }));
    expect(screen.getAllByTestId("quote-option")).toHaveLength(3);
    const add = screen.getByTestId("quote-add-option") as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByTestId("quote-add-full").textContent).toBe("A quote holds up to 3 options: delete one to add another.");
    expect(add.getAttribute("aria-describedby")).toBe("quote-add-full");
  });

  it("shows the server's message when it answers max_quotes_reached", async () => {
    const message = "This quote already has the maximum number of options.";
    const api = fakeApi({ addQuote: vi.fn(async () => Promise.reject(refused(400, { non_field_errors: [message], code: "max_quotes_reached" }))) });
    open(flowWire({ results: [quoteWire({ id: 31, position: 1 }), quoteWire({ id: 32, position: 2 })], n_quotes: 2 }), { api });
    fireEvent.click(screen.getByTestId("quote-add-option"));
    expect((screen.getByTestId("quote-add-option") as HTMLButtonElement).disabled).toBe(true);
    const draft = screen.getAllByTestId("quote-option")[2]!;
    fireEvent.click(within(draft).getByTestId("quote-option-save"));
    expect((await within(draft).findByTestId("quote-option-error")).textContent).toBe(message);
  });

  it("deletes an option after a confirmation", async () => {
    const api = fakeApi();
    open(flowWire({ results: [quoteWire({ id: 31, position: 1 }), quoteWire({ id: 32, position: 2, quote_name: null })], n_quotes: 2 }), { api });
    const second = screen.getAllByTestId("quote-option")[1]!;
    fireEvent.click(within(second).getByTestId("quote-option-delete"));
    expect(within(second).getByTestId("quote-option-question").textContent).toBe("Delete Option 2? The customer will no longer see it.");
    expect(api.deleteQuote).not.toHaveBeenCalled();
    fireEvent.click(within(second).getByTestId("quote-option-delete-yes"));
    await waitFor(() => expect(screen.getAllByTestId("quote-option")).toHaveLength(1));
    expect(api.deleteQuote).toHaveBeenCalledWith(32);
  });

  it("marks the worksheet's rows whose values differ between the options", () => {
    const cheaper = quoteWire({ id: 32, position: 2, quote_name: "Longer term", term: 72, option: paymentOption("finance", { term: 72, payment: "189.10" }) });
    open(flowWire({ results: [quoteWire(), cheaper], n_quotes: 2 }));
    const rows = within(screen.getByTestId("quote-worksheet")).getAllByTestId("quote-worksheet-row");
    const differs = rows.filter((row) => row.dataset["differs"]).map((row) => row.dataset["row"]);
    expect(differs).toEqual(expect.arrayContaining(["payment", "term"]));
    expect(differs).not.toContain("payment_type");
    expect(rows.find((row) => row.dataset["row"] === "term")?.textContent).toBe("Term(differs)60 months72 months");
  });
});

describe("sending the quote", () => {
  it("sends the saved options with the message and shows the sent state", async () => {
    const sentFlow = flowWire({ is_active: true, latest_submission: "2026-05-15T15:00:00.000Z", results: [quoteWire()], n_quotes: 1 });
    const api = fakeApi({ send: vi.fn(async () => sentFlow) });
    open(flowWire({ results: [quoteWire()], n_quotes: 1 }), { api });
    expect(screen.getByTestId("quote-status-draft").textContent).toBe("Draft: not sent to the customer yet.");
    type("quote-send-message", "Here are three ways to drive it home.");
    fireEvent.click(screen.getByTestId("quote-send"));
    expect((await screen.findByTestId("quote-sent")).textContent).toBe("Sent to camille@example.com.");
    expect(api.send).toHaveBeenCalledWith(7, "Here are three ways to drive it home.");
    expect(screen.getByTestId("quote-status-sent").textContent).toBe("Sent on May 15, 2026 at 11:00 a.m. to camille@example.com.");
    expect(screen.getByTestId("quote-send").textContent).toBe("Send again");
  });

  it("calls quotes_submitted_events with the flow (and the message only when there is one)", async () => {
    const post = vi.fn(async () => flowWire());
    const api = createStaffQuotesApi({ get: vi.fn(), post, request: vi.fn() } as unknown as ApiClient);
    await api.send(7, "Hello");
    await api.send(7, "");
    expect(post).toHaveBeenNthCalledWith(1, "/api/dealer/praq/quotes_submitted_events/", { praq_flow: 7, message: "Hello" });
    expect(post).toHaveBeenNthCalledWith(2, "/api/dealer/praq/quotes_submitted_events/", { praq_flow: 7 });
  });

  it("cannot send before an option is saved, and says so", () => {
    const api = open(flowWire());
    expect((screen.getByTestId("quote-send") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Save at least one option first.")).toBeTruthy();
    expect(api.send).not.toHaveBeenCalled();
  });

  it("shows what the customer did: their preferred option, a reservation", () => {
    open(flowWire({ is_active: true, latest_submission: "2026-05-15T15:00:00.000Z", reserved_quote: 31, results: [quoteWire()], n_quotes: 1 }));
    expect(screen.getByTestId("quote-status-reserved").textContent).toBe("The customer reserved Option 1: Lowest payment.");
  });

  it("saves the expiry date, and shows a refusal at the field", async () => {
    const api = fakeApi({ setExpiry: vi.fn(async () => Promise.reject(refused(400, { quote_expiry: ["Choose a date that is not past."] }))) });
    open(flowWire(), { api });
    type("quote-expiry-input", "2099-06-30");
    fireEvent.click(screen.getByTestId("quote-expiry-save"));
    expect((await screen.findByTestId("quote-expiry-error")).textContent).toBe("Choose a date that is not past.");
    expect(api.setExpiry).toHaveBeenCalledWith(7, "2099-06-30");
  });

  it("previews only a sent quote (the customer's page does not show a draft), and says so", () => {
    const act = vi.fn();
    open(flowWire({ results: [quoteWire()], n_quotes: 1 }), { act });
    expect((screen.getByTestId("quote-preview") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("quote-preview-hint").textContent).toBe(
      "The customer’s page shows the options once the quote is sent: send it, then preview it as the customer.",
    );
  });

  it("previews as the customer: acts for them, then opens their quote page asking for a link back", async () => {
    const act = vi.fn(async () => ({ customer: { id: 5, full_name: "Camille Tremblay" }, redirect_to: "/orders/" }));
    const assign = vi.fn();
    const location = window.location;
    Object.defineProperty(window, "location", { configurable: true, value: { ...location, assign } });
    try {
      open(flowWire({ is_active: true, latest_submission: "2026-05-15T15:00:00.000Z", results: [quoteWire()], n_quotes: 1 }), { act });
      fireEvent.click(screen.getByTestId("quote-preview"));
      await waitFor(() => expect(assign).toHaveBeenCalledWith("/quotes/7/?from=builder"));
      expect(act).toHaveBeenCalledWith(5);
    } finally {
      Object.defineProperty(window, "location", { configurable: true, value: location });
    }
  });
});

describe("who may change a quote", () => {
  it("lets the organization assistant read it only", () => {
    open(flowWire({ results: [quoteWire()], n_quotes: 1 }), { role: "organization_assistant" });
    expect(screen.getByTestId("quote-builder-read-only")).toBeTruthy();
    expect(screen.queryByTestId("quote-add-option")).toBeNull();
    expect(screen.queryByTestId("quote-option-save")).toBeNull();
    expect(screen.queryByTestId("quote-send")).toBeNull();
    expect(screen.queryByTestId("quote-preview")).toBeNull();
    expect((screen.getByTestId("quote-term") as HTMLInputElement).closest("fieldset")?.disabled).toBe(true);
    expect(screen.getByTestId("quote-figure-payment").textContent).toBe("$215.34 biweekly");
  });

  it("keeps the options as they are once the customer reserved one", () => {
    open(flowWire({ is_active: true, reserved_quote: 31, results: [quoteWire()], n_quotes: 1 }));
    expect(screen.getByTestId("quote-builder-read-only").textContent).toBe("The customer reserved an option: the options can no longer change.");
    expect(screen.queryByTestId("quote-add-option")).toBeNull();
    expect(screen.queryByTestId("quote-option-save")).toBeNull();
  });
});

describe("in French", () => {
  it("shows the page, the engine's figures and the browser's messages in Canadian French", async () => {
    const api = open(flowWire({ results: [quoteWire()], n_quotes: 1 }), { french: true });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Soumission personnalisée");
    expect(screen.getByTestId("quote-vehicle-title").textContent).toBe("Maple Roadster GT 2026");
    expect(screen.getByTestId("quote-figure-payment").textContent).toBe("215,34\u00a0$ aux deux semaines");
    expect(screen.getByTestId("quote-figure-term").textContent).toBe("60 mois");
    expect(screen.getByTestId("quote-figure-rate").textContent).toBe("6,49\u00a0%");
    expect((screen.getByTestId("quote-rate") as HTMLInputElement).value).toBe("6,49");
    expect((screen.getByTestId("quote-down-payment") as HTMLInputElement).value).toBe("2500");
    expect(screen.getByTestId("quote-add-option").textContent).toBe("Ajouter une option");
    type("quote-rate", "trente");
    fireEvent.click(screen.getByTestId("quote-option-save"));
    expect(await screen.findByText("Entrez un taux d’intérêt de 0 à 30, comme 4,99.")).toBeTruthy();
    expect(screen.getByTestId("quote-option-error").textContent).toBe("Vérifiez les champs indiqués.");
    expect(api.updateQuote).not.toHaveBeenCalled();
    // A French decimal is sent as the API reads it.
    type("quote-rate", "5,99");
    fireEvent.click(screen.getByTestId("quote-option-save"));
    await waitFor(() => expect(api.updateQuote).toHaveBeenCalledWith(31, expect.objectContaining({ interest_rate: "5.99" })));
  });
});
