// @vitest-environment happy-dom
import type { Order, QuoteFlowWire } from "@showroom/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api-client.ts";
import type { AuthPreset } from "../../lib/auth.ts";
import { order } from "../../testing/fixtures.ts";
import { http, renderWithShell, threeOptionFlow, type Calls } from "./fixtures.test-support.tsx";
import { quotesCatalogues } from "./i18n.ts";
import { QuoteRequestCard } from "./quote-request-card.tsx";

afterEach(cleanup);
const en = quotesCatalogues.en;

const requested = (overrides: Partial<QuoteFlowWire> = {}): QuoteFlowWire =>
  threeOptionFlow({ is_active: false, latest_submission: null, results: [], n_quotes: 0, differing_fields: [], ...overrides });

type SaveDeal = (preset: AuthPreset) => Promise<Order | null>;

function open(options: { order?: Order | null; flows?: QuoteFlowWire[]; calls?: Partial<Calls>; language?: "en" | "fr"; saveDeal?: SaveDeal } = {}) {
  const saveDeal = vi.fn<SaveDeal>(options.saveDeal ?? (async () => null));
  const get = vi.fn(async () => ({ results: options.flows ?? [] }));
  const rendered = renderWithShell(<QuoteRequestCard order={options.order === undefined ? order({ id: 12 }) : options.order} saveDeal={saveDeal} />, {
    language: options.language,
    calls: { get, ...options.calls },
  });
  return { ...rendered, saveDeal, get };
}

const state = () => screen.getByTestId("quote-request-state").textContent;

describe("the deal panel's personalized quote card", () => {
  it("a saved deal without a request: reads the deal's flows, then the request with an optional message", async () => {
    const post = vi.fn(async () => requested());
    const { get } = open({ calls: { post } });
    expect(state()).toBe(en["quotes.card.loading"]);
    await waitFor(() => expect(state()).toBe(en["quotes.card.intro"]));
    expect(get).toHaveBeenCalledWith("/api/customer/praq/flows/?order=12");
    fireEvent.click(screen.getByTestId("quote-request-open"));
    const message = await screen.findByTestId("quote-request-message");
    await waitFor(() => expect(document.activeElement).toBe(message));
    fireEvent.change(message, { target: { value: "  60 months, $2,000 down please  " } });
    fireEvent.click(screen.getByTestId("quote-request-send"));
    await waitFor(() => expect(state()).toBe(en["quotes.card.sent"]));
    expect(post).toHaveBeenCalledWith("/api/customer/praq/", { order_id: 12, user_options: { message: "60 months, $2,000 down please" } });
    expect(screen.queryByTestId("quote-request-form")).toBeNull();
    expect(screen.queryByTestId("quote-request-open")).toBeNull();
    expect(screen.getByTestId("quote-request-card").dataset["state"]).toBe("requested");
  });

  it("sends no message when none was typed", async () => {
    const post = vi.fn(async () => requested());
    open({ calls: { post } });
    fireEvent.click(await screen.findByTestId("quote-request-open"));
    fireEvent.click(await screen.findByTestId("quote-request-send"));
    await waitFor(() => expect(post).toHaveBeenCalledWith("/api/customer/praq/", { order_id: 12, user_options: {} }));
  });

  it("an anonymous shopper without a deal signs in and saves the deal first (the personal quote preset)", async () => {
    const saveDeal = vi.fn<SaveDeal>(async () => order({ id: 31 }));
    const post = vi.fn(async () => requested({ order: 31 }));
    open({ order: null, saveDeal, calls: { post } });
    expect(state()).toBe(en["quotes.card.intro"]);
    fireEvent.click(screen.getByTestId("quote-request-open"));
    await screen.findByTestId("quote-request-form");
    expect(saveDeal).toHaveBeenCalledWith("personal-quote-request");
    fireEvent.click(screen.getByTestId("quote-request-send"));
    await waitFor(() => expect(post).toHaveBeenCalledWith("/api/customer/praq/", { order_id: 31, user_options: {} }));
  });

  it("no form when the sign-in was cancelled", async () => {
    const saveDeal = vi.fn<SaveDeal>(async () => null);
    open({ order: null, saveDeal });
    fireEvent.click(screen.getByTestId("quote-request-open"));
    await waitFor(() => expect(saveDeal).toHaveBeenCalled());
    expect(screen.queryByTestId("quote-request-form")).toBeNull();
  });

  it("a pending request: when it was asked for, and no second request", async () => {
    open({ flows: [requested()] });
    await waitFor(() => expect(state()).toBe("Requested on November 19, 2026. The dealership is preparing your quote."));
    expect(screen.queryByTestId("quote-request-open")).toBeNull();
    expect(screen.queryByTestId("quote-request-see")).toBeNull();
  });

  it("quotes sent: 'See my quotes' leads to the quote page", async () => {
    open({ flows: [threeOptionFlow()] });
    await waitFor(() => expect(state()).toBe(en["quotes.card.state.sent"]));
    expect(screen.getByTestId("quote-request-see").getAttribute("href")).toBe("/en/maple-auto/quotes/7/");
    expect(screen.queryByTestId("quote-request-open")).toBeNull();
  });

  it("an expired quote may be asked for again", async () => {
    open({ flows: [threeOptionFlow({ is_expired: true, can_request_new: true })] });
    await waitFor(() => expect(state()).toBe(en["quotes.card.state.expired"]));
    expect(screen.getByTestId("quote-request-open").textContent).toBe(en["quotes.card.request_new"]);
  });

  it("a request already pending (409) says so and shows it", async () => {
    const post = vi.fn(async () => {
      throw http(409, { code: "quote_request_pending", detail: "A quote request is already pending." });
    });
    const get = vi.fn().mockResolvedValueOnce({ results: [] }).mockResolvedValueOnce({ results: [requested()] });
    open({ calls: { post, get } });
    fireEvent.click(await screen.findByTestId("quote-request-open"));
    fireEvent.click(await screen.findByTestId("quote-request-send"));
    expect((await screen.findByTestId("quote-request-error")).textContent).toBe(en["quotes.card.error.pending"]);
    await waitFor(() => expect(screen.getByTestId("quote-request-card").dataset["state"]).toBe("requested"));
  });

  it("the module off (403 quotes_disabled) says so", async () => {
    const post = vi.fn(async () => {
      throw http(403, { code: "quotes_disabled", detail: "…" });
    });
    open({ calls: { post } });
    fireEvent.click(await screen.findByTestId("quote-request-open"));
    fireEvent.click(await screen.findByTestId("quote-request-send"));
    expect((await screen.findByTestId("quote-request-error")).textContent).toBe(en["quotes.card.error.disabled"]);
  });

  it("a session that ended (440) is the shell's notice", async () => {
    const post = vi.fn(async () => {
      throw new ApiRequestError({ kind: "session-expired", userKind: "customer" });
    });
    const { sessionExpired } = open({ calls: { post } });
    fireEvent.click(await screen.findByTestId("quote-request-open"));
    fireEvent.click(await screen.findByTestId("quote-request-send"));
    await waitFor(() => expect(sessionExpired).toHaveBeenCalledWith("customer"));
  });

  it("speaks French", async () => {
    open({ language: "fr", flows: [requested()] });
    expect(screen.getByRole("heading").textContent).toBe("Soumission personnalisée");
    await waitFor(() => expect(state()).toBe("Demandée le 19 novembre 2026. Le concessionnaire prépare votre soumission."));
    cleanup();
    open({ language: "fr" });
    expect((await screen.findByTestId("quote-request-open")).textContent).toBe("Demander ma soumission personnalisée");
  });
});
