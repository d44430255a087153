// @vitest-environment happy-dom
import type { CustomerUser, DealerUser, QuoteFlowWire } from "@showroom/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api-client.ts";
import { http, quote, renderWithShell, threeOptionFlow, type Calls } from "./fixtures.test-support.tsx";
import { quotesCatalogues } from "./i18n.ts";
import { QuotePage, type ShownQuoteData } from "./quote-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const en = quotesCatalogues.en;
const fr = quotesCatalogues.fr;

function open(
  flow: QuoteFlowWire = threeOptionFlow(),
  options: { language?: "en" | "fr"; calls?: Partial<Calls>; token?: string | null; modules?: string[]; customer?: CustomerUser | null; dealerUser?: DealerUser | null; url?: string } = {},
) {
  const data: ShownQuoteData = { problem: null, flow, token: options.token ?? null };
  return renderWithShell(<QuotePage data={data} />, options);
}

const options = () => screen.getAllByTestId("quote-option");
const option = (id: number) => options().find((el) => el.dataset["quote"] === String(id))!;

/** The flow after option `id` was reserved, as the API answers it. */
const reservedFlow = (id: number): QuoteFlowWire => {
  const flow = threeOptionFlow();
  return {
    ...flow,
    reserved_quote: id,
    results: flow.results.map((q) => ({ ...q, status: q.id === id ? "reserved" : "previously rejected" })),
  };
};

describe("the quote page", () => {
  it("shows the header, the vehicle and the three options with their statuses, payments and disclosures", () => {
    open();
    const header = screen.getByTestId("quote-header");
    expect(within(header).getByRole("heading").textContent).toBe("Maple Auto");
    for (const text of ["514-555-0100", "514-555-0101", "123456789 RT0001", "Marc Gagnonmarc@maple-auto.example", "November 20, 2026", "December 3, 2026"])
      expect(header.textContent).toContain(text);
    const vehicle = screen.getByTestId("quote-vehicle");
    for (const text of ["2T3W1RFV8RW123456", "R1234", "12 km", "New", "SUV", "Blueprint", "Black", "All-wheel drive", "Gasoline", "Automatic"])
      expect(vehicle.textContent).toContain(text);
    expect(screen.getByTestId("quote-vehicle-picture").getAttribute("src")).toBe("https://photos.example/rav4.jpg");

    expect(options()).toHaveLength(3);
    expect(options().map((el) => within(el).getByRole("heading", { level: 3 }).textContent)).toEqual(["Option 1", "Option 2", "Low payment lease"]);
    // A name staff gave keeps the option's number beside it.
    expect(option(103).textContent).toContain("Option 3");
    expect(option(101).textContent).not.toContain("Option 1Option 1");
    expect(options().map((el) => within(el).getByTestId("quote-status").textContent)).toEqual(["Status: Active", "Status: Active", "Status: Active"]);
    expect(within(option(101)).getByTestId("quote-payment").textContent).toContain("$215.34 biweekly");
    expect(within(option(102)).getByTestId("quote-payment").textContent).toContain("$189.20 biweekly");
    const first = within(option(101));
    expect(first.getByTestId("quote-figures").textContent).toContain("60 months");
    expect(first.getByTestId("quote-figures").textContent).toContain("6.49%");
    expect(first.getByTestId("quote-figures").textContent).toContain("$2,000.00");
    expect(first.getByTestId("quote-rebates").textContent).toContain("Loyalty rebate");
    expect(first.getByTestId("quote-fees").textContent).toContain("Admin fee");
    expect(first.getByTestId("quote-total").textContent).toContain("$38,450.00");
    // The primary disclosures sit beside the payment, as large; the others below.
    const primary = first.getByTestId("quote-primary-disclosures");
    expect(primary.textContent).toContain("Annual percentage rate (APR)6.49%");
    expect(primary.textContent).toContain("Cost of borrowing$5,412.90");
    expect(primary.querySelector("dd")!.className).toBe(first.getByTestId("quote-payment").querySelector("p:last-child")!.className);
    expect(first.getByTestId("quote-disclosures").textContent).toContain("Total of payments$41,862.90");
    expect(within(option(103)).getByTestId("quote-primary-disclosures").textContent).toContain("Implicit finance charge$3,102.00");

    expect(screen.getByTestId("quote-disclaimer").textContent).toContain("prepared by Maple Auto");
    expect(screen.getByTestId("quote-compare-link").getAttribute("href")).toBe("/en/maple-auto/praq/compare/7/");
    expect(screen.getByTestId("quote-pdf-link").getAttribute("href")).toBe("/en/maple-auto/quotes/7/pdf/");
    expect(screen.getAllByTestId("quote-make-primary")).toHaveLength(3);
    expect(screen.getAllByTestId("quote-reserve")).toHaveLength(3);
  });

  it("keeps the emailed link's token on the compare and PDF links", () => {
    const token = "tok_abcdefghijklmnopqrstuvwxyz";
    open(threeOptionFlow(), { token });
    expect(screen.getByTestId("quote-compare-link").getAttribute("href")).toBe(`/en/maple-auto/praq/compare/7/?token=${token}`);
    expect(screen.getByTestId("quote-pdf-link").getAttribute("href")).toBe(`/en/maple-auto/quotes/7/pdf/?token=${token}`);
  });

  it("reserves an option after the confirmation, then shows it reserved with the way to the deposit", async () => {
    const post = vi.fn(async () => reservedFlow(102));
    open(threeOptionFlow(), { calls: { post } });
    fireEvent.click(within(option(102)).getByTestId("quote-reserve"));
    const dialog = await screen.findByTestId("quote-reserve-confirm");
    expect(screen.getByRole("dialog").textContent).toContain("Reserve Option 2?");
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByTestId("quote-reserve-yes"));
    await waitFor(() => expect(screen.getByTestId("quote-reserved")).toBeTruthy());
    expect(post).toHaveBeenCalledWith("/api/customer/praq/quotes/102/reserve/", {});
    expect(screen.getByTestId("quote-reserved").textContent).toContain("You reserved Option 2");
    expect(screen.getByTestId("quote-deposit-link").getAttribute("href")).toBe("/en/maple-auto/details/42/#deposit");
    expect(within(option(102)).getByTestId("quote-status").textContent).toBe("Status: Reserved");
    expect(within(option(101)).getByTestId("quote-status").textContent).toBe("Status: Not chosen");
    expect(screen.queryAllByTestId("quote-reserve")).toHaveLength(0);
    expect(screen.queryAllByTestId("quote-make-primary")).toHaveLength(0);
    await waitFor(() => expect(document.activeElement?.id).toBe("quote-reserved-title"));
  });

  it("offers no deposit link where the dealership takes no deposits", async () => {
    open(reservedFlow(101), { modules: ["personalized_quote"] });
    expect(screen.getByTestId("quote-reserved")).toBeTruthy();
    expect(screen.queryByTestId("quote-deposit-link")).toBeNull();
  });

  it("cancelling the confirmation reserves nothing", async () => {
    const post = vi.fn();
    open(threeOptionFlow(), { calls: { post } });
    fireEvent.click(within(option(101)).getByTestId("quote-reserve"));
    fireEvent.click(await screen.findByTestId("quote-reserve-cancel"));
    await waitFor(() => expect(screen.queryByTestId("quote-reserve-confirm")).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });

  it.each([
    ["quote_expired", en["quotes.error.expired"]],
    ["quote_vehicle_unavailable", en["quotes.error.vehicle_unavailable"]],
    ["quote_already_reserved", en["quotes.error.already_reserved"]],
    ["quote_not_active", en["quotes.error.not_active"]],
  ])("a refused reservation (409 %s) says why beside the option and reads the flow again", async (code, message) => {
    const post = vi.fn(async () => {
      throw http(409, { code, detail: "The server's own words" });
    });
    const get = vi.fn(async () => threeOptionFlow());
    open(threeOptionFlow(), { calls: { post, get } });
    fireEvent.click(within(option(103)).getByTestId("quote-reserve"));
    fireEvent.click(await screen.findByTestId("quote-reserve-yes"));
    const notice = await within(option(103)).findByTestId("quote-notice");
    expect(notice.textContent).toBe(message);
    expect(notice.getAttribute("role")).toBe("alert");
    await waitFor(() => expect(get).toHaveBeenCalledWith("/api/customer/praq/flow/7/quotes/"));
  });

  it("a 409 with another code shows the API's detail", async () => {
    const post = vi.fn(async () => {
      throw http(409, { code: "something_new", detail: "Cette soumission a changé." });
    });
    open(threeOptionFlow(), { calls: { post } });
    fireEvent.click(within(option(101)).getByTestId("quote-reserve"));
    fireEvent.click(await screen.findByTestId("quote-reserve-yes"));
    expect((await screen.findByTestId("quote-notice")).textContent).toBe("Cette soumission a changé.");
  });

  it("a shopper reading with the emailed link only is asked to sign in to reserve (401)", async () => {
    const post = vi.fn(async () => {
      throw http(401, { detail: "Authentication credentials were not provided." });
    });
    const { signIn } = open(threeOptionFlow(), { calls: { post }, token: "tok_abcdefghijklmnopqrstuvwxyz" });
    fireEvent.click(within(option(101)).getByTestId("quote-reserve"));
    fireEvent.click(await screen.findByTestId("quote-reserve-yes"));
    expect((await screen.findByTestId("quote-notice")).textContent).toBe(en["quotes.error.sign_in"]);
    expect(signIn).toHaveBeenCalledWith(undefined, { mode: "sign-in" });
  });

  it("a visitor reading with the emailed link, not signed in, signs in before choosing: nothing is sent", async () => {
    const post = vi.fn();
    const { signIn } = open(threeOptionFlow(), { calls: { post }, customer: null, token: "tok_abcdefghijklmnopqrstuvwxyz" });
    fireEvent.click(within(option(102)).getByTestId("quote-make-primary"));
    expect((await within(option(102)).findByTestId("quote-notice")).textContent).toBe(en["quotes.error.sign_in"]);
    expect(signIn).toHaveBeenCalledWith(undefined, { mode: "sign-in" });
    expect(post).not.toHaveBeenCalled();
  });

  it("staff previewing as the customer from the quote builder get a link back to it", () => {
    open(threeOptionFlow(), { dealerUser: { id: 3 } as DealerUser, url: "/en/maple-auto/quotes/7/?from=builder" });
    expect(screen.getByTestId("quote-preview-banner").textContent).toContain("You are viewing this quote as Jeanne Tremblay sees it.");
    expect(screen.getByTestId("quote-preview-back").getAttribute("href")).toBe("/en/maple-auto/dealer/quotes/7/");
    cleanup();
    open(threeOptionFlow(), { url: "/en/maple-auto/quotes/7/?from=builder" });
    expect(screen.queryByTestId("quote-preview-banner")).toBeNull();
  });

  it("a session that ended (440) is the shell's notice", async () => {
    const post = vi.fn(async () => {
      throw new ApiRequestError({ kind: "session-expired", userKind: "customer" });
    });
    const { sessionExpired } = open(threeOptionFlow(), { calls: { post } });
    fireEvent.click(within(option(101)).getByTestId("quote-make-primary"));
    await waitFor(() => expect(sessionExpired).toHaveBeenCalledWith("customer"));
  });

  it("makes an option the preferred one", async () => {
    const post = vi.fn(async () => ({ ...threeOptionFlow(), primary_quote: 103 }));
    open(threeOptionFlow(), { calls: { post } });
    expect(screen.queryByTestId("quote-preferred")).toBeNull();
    fireEvent.click(within(option(103)).getByTestId("quote-make-primary"));
    const notice = await within(option(103)).findByTestId("quote-notice");
    expect(post).toHaveBeenCalledWith("/api/customer/praq/primary_quote_set_events/", { quote: 103 });
    expect(notice.textContent).toBe("Low payment lease is now your preferred quote.");
    expect(notice.getAttribute("role")).toBe("status");
    expect(within(option(103)).getByTestId("quote-preferred").textContent).toContain("Your preferred quote");
    expect(within(option(103)).queryByTestId("quote-make-primary")).toBeNull();
    expect(within(option(101)).getByTestId("quote-make-primary")).toBeTruthy();
  });

  it("a preferred choice that fails says 'Not able to select quote.'", async () => {
    const post = vi.fn(async () => {
      throw http(500, null);
    });
    open(threeOptionFlow(), { calls: { post } });
    fireEvent.click(within(option(102)).getByTestId("quote-make-primary"));
    expect((await within(option(102)).findByTestId("quote-notice")).textContent).toBe("Not able to select quote.");
  });

  it("an expired quote says so with its last day, and offers no choice", () => {
    const flow = threeOptionFlow({ is_expired: true });
    open({ ...flow, results: flow.results.map((q) => ({ ...q, status: "expired" as const })) });
    const notice = screen.getByTestId("quote-expired");
    expect(notice.textContent).toContain(en["quotes.notice.expired_title"]);
    expect(notice.textContent).toContain("valid until December 3, 2026");
    expect(options().map((el) => within(el).getByTestId("quote-status").textContent)).toEqual(Array(3).fill("Status: Expired"));
    expect(screen.queryAllByTestId("quote-reserve")).toHaveLength(0);
    expect(screen.queryAllByTestId("quote-make-primary")).toHaveLength(0);
  });

  it("a vehicle no longer available says so, and its options cannot be reserved", () => {
    const flow = threeOptionFlow();
    open({ ...flow, vehicle: { ...flow.vehicle, is_available: false }, quotes_with_available_vehicle_count: 0 });
    const notice = screen.getByTestId("quote-vehicle-unavailable");
    expect(notice.textContent).toContain(en["quotes.notice.unavailable_title"]);
    expect(notice.textContent).toContain(en["quotes.notice.unavailable_body"]);
    expect(screen.queryAllByTestId("quote-reserve")).toHaveLength(0);
  });

  it("a request still being prepared shows no options", () => {
    open(threeOptionFlow({ is_active: false, latest_submission: null }));
    expect(screen.getByTestId("quote-pending").textContent).toContain(en["quotes.notice.pending_title"]);
    expect(screen.queryAllByTestId("quote-option")).toHaveLength(0);
  });

  it("an option the engine could not price says so and cannot be reserved", () => {
    const flow = threeOptionFlow();
    open({ ...flow, results: [quote({ option: null, pricing_errors: { term: ["No rate for this term."] }, disclosures: [] }), ...flow.results.slice(1)] });
    expect(within(option(101)).getByTestId("quote-not-priced").textContent).toBe(en["quotes.option.not_priced"]);
    expect(within(option(101)).queryByTestId("quote-reserve")).toBeNull();
  });

  it("never shows a rate for a US lease", () => {
    const flow = threeOptionFlow();
    const usLease = { ...flow.results[2]!, option: { ...flow.results[2]!.option!, jurisdiction: "US-NY" } };
    open({ ...flow, results: [flow.results[0]!, usLease] });
    expect(within(option(101)).getByTestId("quote-figures").textContent).toContain("Rate");
    expect(within(option(103)).getByTestId("quote-figures").textContent).not.toContain("Rate");
  });

  it("speaks French", async () => {
    const post = vi.fn(async () => {
      throw http(409, { code: "quote_vehicle_unavailable", detail: "…" });
    });
    open(threeOptionFlow(), { language: "fr", calls: { post } });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Votre soumission personnalisée");
    expect(screen.getByTestId("quote-vehicle-title").textContent).toBe("Toyota RAV4 XLE 2026");
    expect(screen.getByTestId("quote-header").textContent).toContain("20 novembre 2026");
    expect(screen.getByTestId("quote-vehicle").textContent).toContain("Numéro d’inventaire");
    expect(within(option(101)).getByTestId("quote-payment").textContent).toContain("215,34\u00a0$ aux deux semaines");
    expect(within(option(101)).getByTestId("quote-figures").textContent).toContain("60\u00a0mois");
    expect(within(option(101)).getByTestId("quote-status").textContent).toBe("Statut\u00a0: Active");
    expect(within(option(103)).getByRole("heading", { level: 3 }).textContent).toBe("Low payment lease");
    expect(screen.getAllByTestId("quote-make-primary")[0]!.textContent).toBe(fr["quotes.action.make_primary"]);
    expect(screen.getByTestId("quote-disclaimer").textContent).toContain("préparée par Maple Auto");
    expect(screen.getByTestId("quote-pdf-link").textContent).toBe("Télécharger le PDF");
    fireEvent.click(within(option(101)).getByTestId("quote-reserve"));
    fireEvent.click(await screen.findByTestId("quote-reserve-yes"));
    expect((await screen.findByTestId("quote-notice")).textContent).toBe("Le véhicule de cette soumission n’est plus disponible.");
  });

  it("speaks French about an expired quote", () => {
    open(threeOptionFlow({ is_expired: true }), { language: "fr" });
    expect(screen.getByTestId("quote-expired").textContent).toContain("Cette soumission est expirée");
    expect(screen.getByTestId("quote-expired").textContent).toContain("jusqu’au 3 décembre 2026");
  });
});

describe("the quote page without a flow", () => {
  it("asks a visitor who is not signed in to sign in", () => {
    const { signIn } = renderWithShell(<QuotePage data={{ problem: "sign-in", flow: null, token: null }} />, { customer: null });
    expect(screen.getByTestId("quotes-locked").textContent).toContain(en["quotes.locked.title"]);
    fireEvent.click(screen.getByTestId("quotes-sign-in"));
    expect(signIn).toHaveBeenCalledWith(undefined, { mode: "sign-in" });
  });

  it("says 'Unable to fetch quotes.' when the API fails, in either language", () => {
    renderWithShell(<QuotePage data={{ problem: "unavailable", flow: null, token: null }} />);
    expect(screen.getByTestId("quotes-unavailable").textContent).toBe("Unable to fetch quotes.");
    cleanup();
    renderWithShell(<QuotePage data={{ problem: "unavailable", flow: null, token: null }} />, { language: "fr" });
    expect(screen.getByTestId("quotes-unavailable").textContent).toBe("Impossible de récupérer les soumissions.");
  });
});
