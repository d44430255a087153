// @vitest-environment happy-dom
import type { DealerUser, DealSummary, QuoteFlowWire } from "@showroom/domain";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ApiRequestError, type ApiClient } from "../../lib/api-client.ts";
import { storefrontPath } from "../../lib/paths.ts";
import { ShellContext, type Shell } from "../../lib/shell-context.tsx";
import { catalogues } from "../../testing/catalogues.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { flowWire } from "./quote-fixtures.ts";
import type { StaffQuotesApi } from "./quotes-api.ts";
import { StaffDealQuote } from "./staff-deal-quote.tsx";

afterEach(cleanup);

const deal = (overrides: Partial<DealSummary> = {}) => ({ id: 41, quote_state: null, ...overrides }) as DealSummary;

function Builder() {
  return <p data-testid="builder">{`builder of flow ${useParams()["id"]}`}</p>;
}

function open(flows: QuoteFlowWire[] | "fails", options: { modules?: string[]; role?: DealerUser["role"]; deal?: DealSummary; french?: boolean; createFlow?: StaffQuotesApi["createFlow"] } = {}) {
  const api = {
    flows: vi.fn(async () => (flows === "fails" ? Promise.reject(new ApiRequestError({ kind: "network" })) : { results: flows })),
    createFlow: options.createFlow ?? vi.fn(async () => flowWire({ id: 9 })),
  } as unknown as StaffQuotesApi;
  const locale = options.french ? "fr-ca" : "en-ca";
  const dealer = dealerInfo();
  const shell = {
    dealer: { ...dealer, module_settings: { ...dealer.module_settings, enabled_modules: options.modules ?? ["personalized_quote"] } },
    locale,
    dealerUser: { id: 3, role: options.role ?? "dealer_sales_rep", is_super_admin: false, full_name: "Alex Martin" } as DealerUser,
    quietApi: {} as ApiClient,
    path: (route: string, search?: string) => storefrontPath({ language: null, dealerCode: null }, route, search),
  } as unknown as Shell;
  render(
    <MemoryRouter initialEntries={["/dealer/customers/5/"]}>
      <I18nContext.Provider value={{ locale, t: translator(options.french ? catalogues.fr : catalogues.en) }}>
        <ShellContext.Provider value={shell}>
          <Routes>
            <Route path="/dealer/customers/:id" element={<StaffDealQuote deal={options.deal ?? deal()} api={api} />} />
            <Route path="/dealer/quotes/:id" element={<Builder />} />
          </Routes>
        </ShellContext.Provider>
      </I18nContext.Provider>
    </MemoryRouter>,
  );
  return api;
}

const state = async () => {
  await waitFor(() => expect(screen.getByTestId("workspace-deal-quote").dataset["state"]).not.toBe("loading"));
  return screen.getByTestId("workspace-quote-state").textContent;
};

describe("a deal's personalized quote in the workspace", () => {
  it("is not shown where the dealership does not offer personalized quotes", () => {
    const api = open([], { modules: ["deposit"] });
    expect(screen.queryByTestId("workspace-deal-quote")).toBeNull();
    expect(api.flows).not.toHaveBeenCalled();
  });

  it("with no quote yet, prepares one: a flow for the deal, then its builder", async () => {
    const api = open([]);
    expect(await state()).toBe("No quote yet.");
    expect(api.flows).toHaveBeenCalledWith(41);
    expect(screen.queryByTestId("workspace-quote-open")).toBeNull();
    fireEvent.click(screen.getByTestId("workspace-quote-prepare"));
    expect((await screen.findByTestId("builder")).textContent).toBe("builder of flow 9");
    expect(api.createFlow).toHaveBeenCalledWith(41);
  });

  it("says why a quote could not be started", async () => {
    open([], { createFlow: vi.fn(async () => Promise.reject(new ApiRequestError({ kind: "http", status: 400, body: { order: ["Use the id of one of your saved deals."] } }))) });
    await state();
    fireEvent.click(screen.getByTestId("workspace-quote-prepare"));
    expect((await screen.findByTestId("workspace-quote-error")).textContent).toBe("Use the id of one of your saved deals.");
  });

  it("reads a draft, a sent, a viewed and a reserved quote, and opens the latest one", async () => {
    open([flowWire({ id: 12, n_quotes: 2 }), flowWire({ id: 3 })]);
    expect(await state()).toBe("Draft · options: 2");
    expect(screen.getByTestId("workspace-quote-open").getAttribute("href")).toBe("/dealer/quotes/12/");
    expect(screen.queryByTestId("workspace-quote-prepare")).toBeNull();
    cleanup();
    open([flowWire({ is_active: true, n_quotes: 3, latest_submission: "2026-05-15T15:00:00.000Z" })], { deal: deal({ quote_state: "viewed_by_customer" }) });
    expect(await state()).toBe("Sent on May 15, 2026 · viewed by the customer");
    cleanup();
    open([flowWire({ is_active: true, reserved_quote: 31, latest_submission: "2026-05-15T15:00:00.000Z" })]);
    expect(await state()).toBe("Reserved by the customer");
    // A reserved flow is closed: a new quote starts another one.
    expect(screen.getByTestId("workspace-quote-prepare").textContent).toBe("Prepare a new quote");
  });

  it("lets the organization assistant open a quote but not prepare one", async () => {
    open([], { role: "organization_assistant" });
    expect(await state()).toBe("No quote yet.");
    expect(screen.queryByTestId("workspace-quote-prepare")).toBeNull();
    cleanup();
    open([flowWire({ n_quotes: 1 })], { role: "organization_assistant" });
    await state();
    expect(screen.getByTestId("workspace-quote-open")).toBeTruthy();
  });

  it("says so when the quotes could not be read, and speaks French", async () => {
    open("fails", { french: true });
    expect(await state()).toBe("La soumission n’a pas pu être chargée.");
    cleanup();
    open([flowWire({ n_quotes: 1 })], { french: true });
    expect(await state()).toBe("Brouillon · options : 1");
    expect(screen.getByTestId("workspace-quote-open").textContent).toBe("Ouvrir la soumission");
  });
});
