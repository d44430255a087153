// @vitest-environment happy-dom
import {
  DECISION_TICK_MS,
  type CreditAnswerScreen,
  type CreditApplicationWire,
  type CustomerUser,
} from "@showroom/domain";
import { creditApplicationAnswers } from "@showroom/testing";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ApiRequestError, type ApiClient } from "../../lib/api-client.ts";
import { ShellContext, type Shell } from "../../lib/shell-context.tsx";
import { catalogues } from "../../testing/catalogues.ts";
import { creditApplication, creditStaticData } from "../../testing/credit-application.ts";
import { dealerInfo, order } from "../../testing/fixtures.ts";
import type { CreditStaticData } from "./credit-api.ts";
import { CreditApplicationPage, type CreditPageData } from "./credit-application-page.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Mock = ReturnType<typeof vi.fn>;
type Calls = { get: Mock; post: Mock; request: Mock };
const http = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

function open(
  options: {
    page?: Partial<CreditPageData>;
    data?: CreditStaticData;
    application?: Partial<CreditApplicationWire>;
    language?: "en" | "fr";
    calls?: Partial<Calls>;
  } = {},
) {
  const application = creditApplication(options.application);
  const calls: Calls = {
    get: vi.fn(async () => null),
    post: vi.fn(async () => ({ valid: true })),
    request: vi.fn(async () => application),
    ...options.calls,
  };
  const refresh = vi.fn();
  const signIn = vi.fn(async () => "authenticated" as const);
  const language = options.language ?? "en";
  const locale = language === "fr" ? "fr-ca" : "en-ca";
  const shell = {
    dealer: dealerInfo({
      module_settings: {
        elevated_modules: [],
        enabled_modules: ["credit_app"],
        cta_overrides: [],
        section_visibility: {},
      },
    }),
    locale,
    prefix: { language, dealerCode: "maple-auto" },
    dealerUser: null,
    customer: { id: 5, email: "jeanne@example.com" } as CustomerUser,
    pricesLocked: false,
    savedDeals: 1,
    api: calls as unknown as ApiClient,
    quietApi: calls as unknown as ApiClient,
    path: (route: string, search = "") => `/${language}/maple-auto/${route}/${search}`,
    signIn,
    prefetchSignIn: vi.fn(),
    logOut: vi.fn(),
    refresh,
    sessionExpired: vi.fn(),
    staff: {} as Shell["staff"],
  } as Shell;
  const props = {
    problem: null,
    order: order({ id: 12 }),
    orderId: 12,
    data: options.data ?? creditStaticData(),
    application,
    ...options.page,
  } as CreditPageData;
  render(
    <MemoryRouter>
      <I18nContext.Provider value={{ locale, t: translator(catalogues[language]) }}>
        <ShellContext.Provider value={shell}>
          <CreditApplicationPage {...props} />
        </ShellContext.Provider>
      </I18nContext.Provider>
    </MemoryRouter>,
  );
  return { calls, refresh, signIn };
}

/** The factory's complete answers, as the wire holds them. */
type Screens = Record<CreditAnswerScreen, Record<string, string | number | boolean | null>>;
const answersOf = (options: Parameters<typeof creditApplicationAnswers>[0]) =>
  creditApplicationAnswers(options) as unknown as Screens;
const complete = answersOf({ withCoApplicant: false });
const withCo = answersOf({ withCoApplicant: true });
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const next = () => fireEvent.click(screen.getByTestId("credit-next"));

describe("the credit application's screens", () => {
  it("Next with nothing answered: the summary takes the focus, each message sits at its field (marked invalid), nothing is sent", async () => {
    const { calls } = open();
    next();
    const summary = await screen.findByTestId("credit-error-summary");
    // The focus moves in an effect, which may run after the summary is in the page.
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole("link")).toHaveLength(5);
    const marketing = input("credit-consent-marketing");
    expect(marketing.getAttribute("aria-invalid")).toBe("true");
    expect(marketing.getAttribute("aria-describedby")).toContain("credit-consent-marketing-error");
    expect(screen.getByTestId("credit-consent-marketing-error").textContent).toBe("Please select a valid choice.");
    expect(screen.getByTestId("credit-consent-signature-error").textContent).toBe(
      "Please sign by typing your full name.",
    );
    // Section 2 refused: its own message (once the rest is answered: the schema's rule runs on a whole screen).
    for (const section of ["credit-assessment", "marketing", "electronic-communication"])
      fireEvent.click(screen.getByTestId(`credit-consent-${section}-yes`));
    fireEvent.click(screen.getByTestId("credit-consent-contract-management-no"));
    fireEvent.change(input("credit-consent-signature"), { target: { value: "Jeanne Tremblay" } });
    next();
    expect(screen.getByTestId("credit-consent-contract-management-error").textContent).toBe(
      "Please accept terms to proceed.",
    );
    expect(calls.post).not.toHaveBeenCalled();
  });

  it("speaks French: the screens, the fields and the schema's messages", async () => {
    open({ language: "fr", application: { current_screen: "applicant", screens: { ...complete } } });
    expect(screen.getByText("Numéro d’assurance sociale (NAS)")).toBeTruthy();
    expect(screen.getByTestId("credit-progress").textContent).toBe("Étape 3 de 6 : À votre sujet");
    fireEvent.change(input("credit-applicant-confirm-email"), { target: { value: "autre@example.com" } });
    next();
    expect((await screen.findByTestId("credit-applicant-confirm-email-error")).textContent).toBe(
      "Les adresses courriel ne correspondent pas.",
    );
    fireEvent.change(input("credit-applicant-first-name"), { target: { value: "" } });
    next();
    expect((await screen.findByTestId("credit-applicant-first-name-error")).textContent).toBe(
      "Ce champ est obligatoire.",
    );
  });

  it("in Canada Next asks validate/ once the browser's check passed: its 400 shows at the field and nothing typed is lost", async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(
        http(400, { first_name: ["Enter 2 to 30 letters, without digits or special characters."] }),
      )
      .mockResolvedValue({ valid: true });
    const { calls } = open({ application: { current_screen: "applicant", screens: { ...complete } }, calls: { post } });
    next();
    expect((await screen.findByTestId("credit-applicant-first-name-error")).textContent).toBe(
      "Enter 2 to 30 letters, without digits or special characters.",
    );
    expect(post).toHaveBeenCalledWith("/api/customer/credit-application/validate/", {
      screen: "applicant",
      data: expect.objectContaining({ first_name: "Jeanne", sin: "046 454 286" }),
    });
    expect(input("credit-applicant-first-name").value).toBe("Jeanne");
    next();
    await screen.findByTestId("credit-screen-employment");
    // The screen is saved whole with where the shopper now is.
    await waitFor(() =>
      expect(calls.request).toHaveBeenCalledWith("PUT", "/api/customer/credit-application/12/dealer_application/", {
        screens: { applicant: expect.objectContaining({ first_name: "Jeanne", sin: "046454286" }) },
        current_screen: "employment",
      }),
    );
  });

  it("in the US Next checks in the browser only, with the US address (lines, state, ZIP)", async () => {
    const us = answersOf({ country: "US" });
    const { calls } = open({
      data: creditStaticData({ country: "US" }),
      application: { country: "US", current_screen: "residential", screens: { ...us } },
    });
    expect(screen.getByText("State")).toBeTruthy();
    expect(input("credit-residential-zip-code").value).toBe("14202");
    expect(document.getElementById("credit-residential-postal-code")).toBeNull();
    next();
    await screen.findByTestId("credit-screen-review");
    expect(calls.post).not.toHaveBeenCalled();
  });

  it("the retired have no employer fields; lease disbursements show in Canada", () => {
    open({ application: { current_screen: "employment", screens: { ...complete } } });
    expect(input("credit-employment-lease-disbursements")).toBeTruthy();
    expect(input("credit-employment-employer-name").getAttribute("autocomplete")).toBe("organization");
    fireEvent.change(input("credit-employment-type"), { target: { value: "RET" } });
    expect(document.getElementById("credit-employment-employer-name")).toBeNull();
    expect(document.getElementById("credit-employment-years-at-employer")).toBeNull();
    const labels = [...(input("credit-employment-type") as unknown as HTMLSelectElement).options].map((o) => o.text);
    expect(labels).toEqual([
      "Choose…",
      "Full time",
      "Full time, on probation",
      "Part time, casual",
      "Part time, regular",
      "Retired",
      "Seasonal, summer",
      "Seasonal, winter",
      "Self-employed",
    ]);
  });

  it("a Canadian address shows the parts of its type; Quebec's housing cost has its own words", () => {
    open({ application: { current_screen: "residential", screens: { ...complete } } });
    expect(input("credit-residential-street-number").value).toBe("120");
    fireEvent.change(input("credit-residential-address-type"), { target: { value: "po_box" } });
    expect(document.getElementById("credit-residential-street-number")).toBeNull();
    expect(input("credit-residential-po-box-number")).toBeTruthy();
    fireEvent.change(input("credit-residential-address-type"), { target: { value: "rural_route" } });
    expect(input("credit-residential-concession")).toBeTruthy();
    expect(input("credit-residential-lot-number")).toBeTruthy();
    expect(screen.getByText("Monthly rent or mortgage payment (housing costs)")).toBeTruthy();
    fireEvent.change(input("credit-residential-province"), { target: { value: "QC" } });
    expect(screen.getByText("Monthly rent or hypothec payment (housing costs)")).toBeTruthy();
  });

  it("a postal code takes its mask; left, it pre-selects its province, and one of another province is flagged", async () => {
    const get = vi.fn(async () => ({ postal_code: "M5V3L9", province: "ON", provinces: ["ON"] }));
    const { province: _province, ...residential } = complete.residential;
    open({ application: { current_screen: "residential", screens: { ...complete, residential } }, calls: { get } });
    const postal = input("credit-residential-postal-code");
    fireEvent.change(postal, { target: { value: "m5v3l9" } });
    expect(postal.value).toBe("M5V 3L9");
    fireEvent.blur(postal);
    await waitFor(() => expect(input("credit-residential-province").value).toBe("ON"));
    expect(get).toHaveBeenCalledWith("/api/customer/credit-application/M5V3L9/postal_code_province/");
    fireEvent.change(input("credit-residential-province"), { target: { value: "QC" } });
    fireEvent.blur(postal);
    expect((await screen.findByTestId("credit-residential-postal-code-error")).textContent).toBe(
      "Invalid location, please try again",
    );
  });

  it("a phone takes the country's mask", () => {
    open({ application: { current_screen: "applicant" } });
    fireEvent.change(input("credit-applicant-primary-phone"), { target: { value: "4165550142" } });
    expect(input("credit-applicant-primary-phone").value).toBe("(416) 555-0142");
    expect(input("credit-applicant-primary-phone").getAttribute("autocomplete")).toBe("tel");
    expect(input("credit-applicant-date-of-birth").getAttribute("autocomplete")).toBe("bday");
  });
});

describe("the auto-save", () => {
  it("saves the screen once typing pauses; a failure says so, keeps what was typed and is sent again with the next change", async () => {
    vi.useFakeTimers();
    const request = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError({ kind: "network" }))
      .mockResolvedValue(creditApplication());
    open({ calls: { request } });
    fireEvent.change(input("credit-consent-signature"), { target: { value: "Jeanne Tremblay" } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(request).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(request).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("credit-save-status").textContent).toBe("Unable to save, please try again later.");
    expect(input("credit-consent-signature").value).toBe("Jeanne Tremblay");
    fireEvent.click(screen.getByTestId("credit-consent-marketing-no"));
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(request).toHaveBeenLastCalledWith("PUT", "/api/customer/credit-application/12/dealer_application/", {
      screens: { consent: { marketing: "no", signature: "Jeanne Tremblay" } },
    });
    expect(screen.getByTestId("credit-save-status").textContent).toBe("Saved");
  });

  it("a SIN on file is shown masked and removed by sending an empty SIN", async () => {
    const { sin: _sin, ...withoutSin } = complete.applicant;
    const request = vi.fn(async () => creditApplication({ sin_on_file: { applicant: null, co_applicant: null } }));
    open({
      application: {
        current_screen: "applicant",
        screens: { ...complete, applicant: withoutSin },
        sin_on_file: { applicant: "***-***-286", co_applicant: null },
      },
      calls: { request },
    });
    expect(screen.getByTestId("credit-applicant-sin-masked").textContent).toBe("SIN on file ***-***-286");
    fireEvent.click(screen.getByTestId("credit-applicant-sin-remove"));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith("PUT", expect.any(String), {
        screens: { applicant: expect.objectContaining({ sin: "", first_name: "Jeanne" }) },
      }),
    );
    expect(await screen.findByTestId("credit-applicant-sin")).toBeTruthy();
  });
});

describe("the co-applicant", () => {
  it("'yes' adds their four screens; 'no' asks to confirm, then removes them and saves the 'no'", async () => {
    const request = vi.fn(async () => creditApplication());
    open({ application: { current_screen: "acknowledgement", screens: { ...withCo } }, calls: { request } });
    const stepper = screen.getByTestId("credit-stepper");
    expect(within(stepper).getAllByTestId("credit-step-co_applicant_residential")).toHaveLength(1);
    expect(screen.getByTestId("credit-progress").textContent).toBe("Step 2 of 10: Privacy notice");
    fireEvent.click(screen.getByTestId("credit-acknowledgement-with-co-applicant-no"));
    const dialog = await screen.findByTestId("credit-remove-co-dialog");
    fireEvent.click(within(dialog).getByTestId("credit-remove-co-keep"));
    expect(screen.getByTestId("credit-progress").textContent).toBe("Step 2 of 10: Privacy notice");
    fireEvent.click(screen.getByTestId("credit-acknowledgement-with-co-applicant-no"));
    fireEvent.click(await screen.findByTestId("credit-remove-co-confirm"));
    await waitFor(() => expect(screen.getByTestId("credit-progress").textContent).toBe("Step 2 of 6: Privacy notice"));
    expect(screen.queryByTestId("credit-step-co_applicant")).toBeNull();
    expect(document.getElementById("credit-acknowledgement-joint-intent")).toBeNull();
    await waitFor(
      () =>
        expect(request).toHaveBeenCalledWith("PUT", expect.any(String), {
          screens: { acknowledgement: { privacy_notice_read: true, with_co_applicant: false } },
        }),
      { timeout: 2000 },
    );
    // Added again: the applicant's joint intent is asked for.
    fireEvent.click(screen.getByTestId("credit-acknowledgement-with-co-applicant-yes"));
    expect(await screen.findByTestId("credit-acknowledgement-joint-intent")).toBeTruthy();
    expect(screen.getByTestId("credit-progress").textContent).toBe("Step 2 of 10: Privacy notice");
  });
});

describe("sending the application", () => {
  const atReview = { current_screen: "review" as const, screens: { ...complete } };

  it("shows the overlay: checks at 4, 10, 16 ...; a final answer stops it and the page's data is read again", async () => {
    vi.useFakeTimers();
    const sent = creditApplication({
      status: "pending",
      customer_state: "under_real_time_review",
      submitted_at: "2026-11-26T15:00:00Z",
    });
    const post = vi.fn(async () => sent);
    const statuses = [
      { status: "pending", customer_state: "under_real_time_review", final: false, decided_at: null },
      { status: "pending", customer_state: "under_real_time_review", final: false, decided_at: null },
      { status: "approved", customer_state: "approved", final: true, decided_at: "2026-11-26T15:00:40Z" },
    ];
    const get = vi.fn(async () => statuses.shift());
    const { refresh, calls } = open({ application: atReview, calls: { post, get } });
    fireEvent.click(screen.getByTestId("credit-submit"));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(post).toHaveBeenCalledWith("/api/customer/credit-application/12/submit_application/", { path: "/" });
    // Saved first (the review's boxes with the rest).
    expect(calls.request).toHaveBeenCalledWith("PUT", expect.any(String), {
      screens: { review: { accuracy: true, terms: true } },
    });
    const overlay = screen.getByRole("dialog", { name: "Getting your credit decision" });
    expect(overlay.textContent).toContain("This takes about a minute.");
    const bar = within(overlay).getByRole("progressbar");
    await act(() => vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 3));
    expect(bar.getAttribute("aria-valuenow")).toBe("3");
    expect(get).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(DECISION_TICK_MS));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith("/api/customer/credit-application/12/decision_status/");
    await act(() => vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 12));
    expect(get).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(refresh).toHaveBeenCalled();
    expect(screen.getByTestId("credit-result-state").textContent).toBe("Approved");
    await act(() => vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 20));
    expect(get).toHaveBeenCalledTimes(3);
  });

  it("a 400 naming 'screen.field' opens the first screen at fault with its message", async () => {
    const post = vi.fn().mockRejectedValue(
      http(400, {
        "employment.gross_income": ["Enter an amount greater than 0."],
        "applicant.last_name": ["This field is required."],
      }),
    );
    open({ application: atReview, calls: { post } });
    fireEvent.click(screen.getByTestId("credit-submit"));
    expect((await screen.findByTestId("credit-applicant-last-name-error")).textContent).toBe("This field is required.");
    expect(screen.getByTestId("credit-screen-applicant")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("credit-error-summary")));
  });

  it("the browser checks every screen first: one with a problem opens, nothing is sent", async () => {
    const post = vi.fn();
    open({
      application: { ...atReview, screens: { ...complete, employment: { ...complete.employment, gross_income: 0 } } },
      calls: { post },
    });
    fireEvent.click(screen.getByTestId("credit-submit"));
    expect((await screen.findByTestId("credit-employment-gross-income-error")).textContent).toBe(
      "Enter an amount greater than 0.",
    );
    expect(post).not.toHaveBeenCalled();
  });

  it("409 stale incentives: check back in 24 hours, with an offer to save", async () => {
    const post = vi.fn().mockRejectedValue(http(409, { code: "credit_stale_incentives", detail: "..." }));
    const { calls } = open({ application: atReview, calls: { post } });
    fireEvent.click(screen.getByTestId("credit-submit"));
    const dialog = await screen.findByTestId("credit-stale-dialog");
    expect(dialog.textContent).toContain("Please check back in 24 hours");
    fireEvent.click(within(dialog).getByTestId("credit-stale-save"));
    expect(
      await within(dialog).findByText("Your application is saved. You can come back to it at any time."),
    ).toBeTruthy();
    expect(calls.request).toHaveBeenCalled();
  });

  it("409 cash payment: the dialog leads back to the deal to choose finance or lease", async () => {
    const post = vi.fn().mockRejectedValue(http(409, { code: "credit_cash_payment" }));
    open({ application: atReview, calls: { post } });
    fireEvent.click(screen.getByTestId("credit-submit"));
    const dialog = await screen.findByTestId("credit-cash_payment-dialog");
    expect(within(dialog).getByTestId("credit-dialog-deal-link").getAttribute("href")).toMatch(
      /\/en\/maple-auto\/details\/\d+\//,
    );
  });

  it("a technical error: saved, not yet sent, sent automatically later", async () => {
    const post = vi.fn(async () =>
      creditApplication({ status: "queued", customer_state: "submitted", submitted_at: "2026-11-26T15:00:00Z" }),
    );
    open({ application: atReview, calls: { post } });
    fireEvent.click(screen.getByTestId("credit-submit"));
    const dialog = await screen.findByTestId("credit-queued-dialog");
    expect(dialog.textContent).toContain("will be sent automatically");
    expect(screen.getByTestId("credit-result-state").textContent).toBe("Submitted");
  });

  it("any other failure: 'Failed to submit credit application', the answers kept", async () => {
    const post = vi.fn().mockRejectedValue(http(502, null));
    open({ application: atReview, calls: { post } });
    fireEvent.click(screen.getByTestId("credit-submit"));
    expect((await screen.findByTestId("credit-error-summary")).textContent).toContain(
      "Failed to submit credit application",
    );
    expect(screen.getByTestId("credit-screen-review")).toBeTruthy();
  });
});

describe("the page's notices", () => {
  it("a deal paid cash, under the minimum amount, stale: said before the form", () => {
    open({ application: { blocked: "amount_below_minimum" } });
    expect(screen.getByTestId("credit-blocked").textContent).toContain(
      "The amount financed is under $4,000: your application may not be processed. Contact the dealership at (416) 555-0142",
    );
    cleanup();
    open({ application: { blocked: "cash_payment" } });
    expect(screen.getByTestId("credit-blocked").textContent).toContain(
      "Cash payment cannot be used with a credit application",
    );
    expect(screen.getByTestId("credit-blocked-deal-link").textContent).toBe("Choose finance or lease on my deal");
  });

  it("a pre-filled application says so", () => {
    open({ application: { prefilled: true } });
    expect(screen.getByTestId("credit-prefilled").textContent).toContain("answers of your previous one");
  });

  it("a visitor not identified is asked to sign in; a deal not found and a failed read are said", () => {
    const { signIn } = open({ page: { problem: "anonymous", order: null, orderId: 12 } as CreditPageData });
    fireEvent.click(screen.getByTestId("credit-sign-in"));
    expect(signIn).toHaveBeenCalledWith(undefined, { mode: "sign-in" });
    cleanup();
    open({ page: { problem: "missing", order: null, orderId: 12 } as CreditPageData });
    expect(screen.getByTestId("credit-missing").textContent).toContain("We could not find this deal");
    cleanup();
    open({ page: { problem: "unavailable", order: null, orderId: 12 } as CreditPageData, language: "fr" });
    expect(screen.getByRole("alert").textContent).toBe("Impossible de récupérer les données de la demande de crédit");
  });
});
