// @vitest-environment happy-dom
import { adverseActionNotice, type CreditApplicationWire } from "@showroom/domain";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { creditApplication } from "../../testing/credit-application.ts";
import { order } from "../../testing/fixtures.ts";
import { CreditCard } from "./credit-card.tsx";
import { creditTranslator } from "./i18n.ts";
import { ResultScreen } from "./result-screen.tsx";

afterEach(cleanup);

const sent = { submitted_at: "2026-11-26T15:00:00Z", personal_data_purge_at: "2026-12-10T15:00:00Z" };

function show(overrides: Partial<CreditApplicationWire>, language: "en" | "fr" = "en") {
  const locale = language === "fr" ? "fr-ca" : "en-ca";
  render(
    <MemoryRouter>
      <ResultScreen
        t={creditTranslator(locale, translator(catalogues[language]))}
        locale={locale}
        timeZone="America/Toronto"
        application={creditApplication({ ...sent, ...overrides })}
        dealer={{ name: "Maple Auto Toronto", phone: "(416) 555-0142" }}
        dealHref="/en/maple-auto/details/9/"
      />
    </MemoryRouter>,
  );
  return (id: string) => screen.queryByTestId(id)?.textContent ?? null;
}

describe("the result screen", () => {
  it.each([
    ["approved", "approved", "Approved", "your financing is approved"],
    ["awaiting_dealer", "awaiting_approval", "Awaiting approval", "a person there is reviewing it"],
    ["pending", "under_review", "Under review", "taking longer than usual"],
    ["pending", "under_real_time_review", "Under review", "reviewing it now"],
    ["further_verification", "further_verification", "Further verification", "proof of income or of address"],
    ["queued", "submitted", "Submitted", "will be sent to the lender automatically"],
  ] as const)("%s (%s): its state in words", (status, state, title, body) => {
    const text = show({ status, customer_state: state });
    expect(text("credit-result-state")).toBe(title);
    expect(text("credit-result-body")).toContain(body);
    expect(text("credit-result-demonstration")).toBe(
      "This decision comes from a demonstration lender (simulated): it is not a real credit decision.",
    );
    expect(text("credit-result-purge")).toBe(
      "The personal information in this application will be deleted on December 10, 2026.",
    );
  });

  it("a decline gives the lender's reasons and, in the US, the adverse-action notice", () => {
    const notice = adverseActionNotice({
      language: "en",
      applicantName: "Jordan Lee",
      date: "2026-11-26",
      dealer: { name: "Lakeshore Motors Buffalo", address: "1 Main St, Buffalo, NY", phone: "716-555-0100" },
      reasons: ["insufficient_income"],
      score: { value: 560, date: "2026-11-26" },
    });
    const text = show({
      country: "US",
      status: "declined",
      customer_state: "declined",
      decision: {
        status: "declined",
        reasons: [{ code: "insufficient_income", text: "Income insufficient for amount of credit requested" }],
      },
      adverse_action_notice: notice,
    });
    expect(text("credit-result-state")).toBe("Declined");
    expect(text("credit-result-reasons")).toContain("Income insufficient for amount of credit requested");
    expect(screen.getByRole("heading", { name: "Notice of action taken on your credit application" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Equal Credit Opportunity Act notice" })).toBeTruthy();
    expect(text("credit-adverse-action")).toContain("Your credit score: 560");
    expect(text("credit-result-purge")).toContain("a sealed record is kept for 25 months");
  });

  it("in French; personal information already deleted; no demonstration label for a real lender", () => {
    const text = show(
      {
        status: "approved",
        customer_state: "approved",
        personal_data_purged: true,
        personal_data_purge_at: null,
        demonstration_lender: false,
      },
      "fr",
    );
    expect(text("credit-result-state")).toBe("Approuvée");
    expect(text("credit-result-purge")).toBe("Les renseignements personnels de cette demande ont été supprimés.");
    expect(text("credit-result-demonstration")).toBeNull();
    expect(screen.getByTestId("credit-back-to-deal").textContent).toBe("Retour à mon offre");
  });
});

describe("the deal panel's financing card", () => {
  it("offers to apply, then says where the application stands", () => {
    const card = (status: string | null) =>
      render(
        <MemoryRouter>
          <CreditCard
            order={order({ id: 12, credit_application_status: status })}
            href="/en/maple-auto/credit-application/?order=12"
          />
        </MemoryRouter>,
      );
    card(null);
    expect(screen.getByTestId("credit-card-link").textContent).toBe("Apply for financing");
    expect(screen.getByTestId("credit-card-link").getAttribute("href")).toBe(
      "/en/maple-auto/credit-application/?order=12",
    );
    cleanup();
    card("further_verification");
    expect(screen.getByTestId("credit-card-state").textContent).toBe("More information needed");
    expect(screen.getByTestId("credit-card-link").textContent).toBe("See my application");
  });
});
