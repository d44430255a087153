import type { DealSummary } from "@showroom/domain";
import { describe, expect, it } from "vitest";
import { translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { dealFacts, workspaceSearch } from "./workspace.tsx";

const en = translator(catalogues.en);
const fr = translator(catalogues.fr);

describe("the workspace address", () => {
  it("keeps the search (trimmed) and pages after the first", () => {
    expect(workspaceSearch("")).toBe("");
    expect(workspaceSearch("  Gagnon ")).toBe("search=Gagnon");
    expect(workspaceSearch("a@b.ca", 3)).toBe("search=a%40b.ca&page=3");
    expect(workspaceSearch("", 2)).toBe("page=2");
  });
});

describe("a deal's summary in words", () => {
  const deal = (overrides: Partial<DealSummary> = {}) =>
    ({ status: "initial", has_deposit: false, deposit_status: "initial", trade_in: null, credit_application_status: null, quote_state: null, ...overrides }) as DealSummary;
  it("flows not started read so, in both languages", () => {
    expect(dealFacts(deal(), en)).toEqual({ status: "Saved", deposit: "None", tradeIn: "Not started", credit: "Not started", quote: "No quote yet" });
    expect(dealFacts(deal(), fr).tradeIn).toBe("Pas commencé");
    expect(dealFacts(deal({ trade_in: { status: "awaiting-dealer" } }), en).tradeIn).toBe("Waiting for an offer");
    expect(dealFacts(deal({ trade_in: { status: "included" } }), fr).tradeIn).toBe("Offre acceptée");
  });
  it("deposit, quote and flow states are labelled; an unknown state shows as is", () => {
    const facts = dealFacts(deal({ has_deposit: true, deposit_status: "pre-authorized", quote_state: "sent_to_customer", credit_application_status: "submitted", trade_in: { status: "mystery" } }), en);
    expect(facts).toMatchObject({ deposit: "Pre-authorized", quote: "Quote sent to you", credit: "Submitted", tradeIn: "mystery" });
    // The credit application's states on the deal (the server's credit_application_status).
    expect(dealFacts(deal({ credit_application_status: "complete" }), en).credit).toBe("Approved");
    expect(dealFacts(deal({ credit_application_status: "awaiting_dealer" }), fr).credit).toBe("En attente d’une décision");
  });
});
