// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ComparePage } from "./compare-page.tsx";
import { http, renderWithShell, threeOptionFlow, type Calls } from "./fixtures.test-support.tsx";
import type { QuoteFlowWire } from "@showroom/domain";

afterEach(cleanup);

function open(flow: QuoteFlowWire = threeOptionFlow(), options: { language?: "en" | "fr"; calls?: Partial<Calls> } = {}) {
  return renderWithShell(<ComparePage data={{ problem: null, flow, token: null }} />, options);
}

const table = () => screen.getByTestId("compare-table");
const row = (id: string) => table().querySelector<HTMLTableRowElement>(`tr[data-row="${id}"]`)!;
const cells = (id: string) => [...row(id).querySelectorAll("td")].map((td) => td.textContent);

describe("the compare page", () => {
  it("lines the three options up, a column each, with a row per figure and per disclosure", () => {
    open();
    const heads = [...table().querySelectorAll("thead th")].map((th) => th.textContent);
    expect(heads[0]).toBe("Detail");
    expect(heads.slice(1).map((h) => h!.split("Active")[0])).toEqual(["Option 1", "Option 2", "Low payment lease"]);
    expect(cells("payment_type")).toEqual(["Finance", "Finance", "Lease"]);
    expect(cells("payment")).toEqual(["$215.34", "$189.20", "$176.40"]);
    expect(cells("payment_frequency")).toEqual(["Biweekly", "Biweekly", "Biweekly"]);
    expect(cells("term")).toEqual(["60 months", "72 months", "48 months"]);
    expect(cells("interest_rate")).toEqual(["6.49%", "6.49%", "4.99%"]);
    expect(cells("down_payment")).toEqual(["$2,000.00", "$2,000.00", "$2,000.00"]);
    expect(cells("trade_in_credit")).toEqual(["$0.00", "$0.00", "$0.00"]);
    expect(cells("due_on_delivery")).toEqual(["$2,000.00", "$2,000.00", "$2,412.50"]);
    expect(cells("savings")).toEqual(["$750.00", "$750.00", "$750.00"]);
    expect(cells("total_purchase_price")).toEqual(["$38,450.00", "$38,450.00", "$38,450.00"]);
    // Each disclosure is a row; an option without it shows a dash.
    expect(cells("disclosure:cost_of_borrowing")).toEqual(["$5,412.90", "$6,601.44", "—"]);
    expect(cells("disclosure:implicit_finance_charge")).toEqual(["—", "—", "$3,102.00"]);
    expect(cells("disclosure:apr")).toEqual(["6.49%", "6.49%", "4.99%"]);
  });

  it("highlights the rows that differ, with a marker read by screen readers, and only those", () => {
    open();
    const differing = [...table().querySelectorAll("tbody tr[data-differs]")].map((tr) => tr.getAttribute("data-row"));
    expect(differing).toEqual([
      "payment_type",
      "payment",
      "term",
      "interest_rate",
      "due_on_delivery",
      "disclosure:apr",
      "disclosure:cost_of_borrowing",
      "disclosure:term",
      "disclosure:total_of_payments",
      "disclosure:implicit_finance_charge",
      "disclosure:residual_value",
    ]);
    const marker = within(row("payment")).getByTestId("differs-marker");
    expect(marker.textContent).toBe("≠ Differs (values differ between options)");
    expect(marker.querySelector(".sr-only")!.textContent).toBe(" (values differ between options)");
    expect(row("payment").className).toContain("bg-amber-50");
    for (const same of ["payment_frequency", "down_payment", "trade_in_credit", "savings", "total_purchase_price"]) {
      expect(row(same).hasAttribute("data-differs")).toBe(false);
      expect(within(row(same)).queryByTestId("differs-marker")).toBeNull();
    }
    expect(screen.getByTestId("compare-legend").textContent).toContain("Rows marked “Differs”");
  });

  it("on a phone, one card per option with the same rows and markers", () => {
    open();
    const cards = within(screen.getByTestId("compare-cards")).getAllByTestId("compare-card");
    expect(cards).toHaveLength(3);
    const third = cards[2]!;
    expect(within(third).getByRole("heading", { level: 2 }).textContent).toBe("Low payment lease");
    expect(within(third).getByRole("heading", { level: 3 }).textContent).toBe("Disclosures");
    const term = third.querySelector(`[data-row="term"]`)!;
    expect(term.textContent).toContain("48 months");
    expect(term.hasAttribute("data-differs")).toBe(true);
    expect(within(term as HTMLElement).getByTestId("differs-marker")).toBeTruthy();
    expect(third.querySelector('[data-row="savings"]')!.hasAttribute("data-differs")).toBe(false);
    // The table is the wide screen's, the cards the phone's.
    expect(screen.getByTestId("compare-table-wrapper").className.split(" ")).toEqual(expect.arrayContaining(["hidden", "tablet-up:block"]));
    expect(screen.getByTestId("compare-cards").className.split(" ")).toContain("tablet-up:hidden");
  });

  it("chooses the preferred option from here too", async () => {
    const post = vi.fn(async () => ({ ...threeOptionFlow(), primary_quote: 102 }));
    open(threeOptionFlow(), { calls: { post } });
    const buttons = within(table()).getAllByTestId("compare-make-primary");
    expect(buttons).toHaveLength(3);
    fireEvent.click(buttons[1]!);
    await waitFor(() => expect(within(table()).getByTestId("compare-preferred")).toBeTruthy());
    expect(post).toHaveBeenCalledWith("/api/customer/praq/primary_quote_set_events/", { quote: 102 });
    expect(within(table()).getAllByTestId("compare-make-primary")).toHaveLength(2);
    expect(within(table()).getByTestId("compare-notice").textContent).toBe("Option 2 is now your preferred quote.");
  });

  it("a refused choice says 'Not able to select quote.'", async () => {
    const post = vi.fn(async () => {
      throw http(400, { quote: ["Not found."] });
    });
    open(threeOptionFlow(), { calls: { post } });
    fireEvent.click(within(table()).getAllByTestId("compare-make-primary")[0]!);
    expect((await within(table()).findByTestId("compare-notice")).textContent).toBe("Not able to select quote.");
  });

  it("an expired quote: the notice, and no choice", () => {
    const flow = threeOptionFlow({ is_expired: true });
    open({ ...flow, results: flow.results.map((q) => ({ ...q, status: "expired" as const })) });
    expect(screen.getByTestId("quote-expired")).toBeTruthy();
    expect(screen.queryAllByTestId("compare-make-primary")).toHaveLength(0);
  });

  it("one option: nothing to compare", () => {
    const flow = threeOptionFlow();
    open({ ...flow, results: flow.results.slice(0, 1) });
    expect(screen.getByTestId("compare-single")).toBeTruthy();
    expect(screen.queryByTestId("compare-table")).toBeNull();
  });

  it("speaks French", () => {
    open(threeOptionFlow(), { language: "fr" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Comparer vos options");
    expect(cells("payment")).toEqual(["215,34\u00a0$", "189,20\u00a0$", "176,40\u00a0$"]);
    expect(cells("term")).toEqual(["60\u00a0mois", "72\u00a0mois", "48\u00a0mois"]);
    expect(cells("payment_type")).toEqual(["Financement", "Financement", "Location"]);
    expect(row("payment").querySelector("th")!.textContent).toBe("Paiement ≠ Différent (les valeurs diffèrent d’une option à l’autre)");
    expect(screen.getByTestId("compare-back").textContent).toContain("Retour à votre soumission");
  });
});
