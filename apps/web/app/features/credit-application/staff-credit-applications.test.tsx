// @vitest-environment happy-dom
import type { CreditApplicationWire } from "@showroom/domain";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ShellContext, type Shell } from "../../lib/shell-context.tsx";
import { catalogues } from "../../testing/catalogues.ts";
import { creditApplication, creditStaticData } from "../../testing/credit-application.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { StaffCreditApplications } from "./staff-credit-applications.tsx";

afterEach(cleanup);

function show(applications: CreditApplicationWire[] | null, language: "en" | "fr" = "en") {
  const locale = language === "fr" ? "fr-ca" : "en-ca";
  const shell = { dealer: dealerInfo(), locale } as unknown as Shell;
  render(
    <I18nContext.Provider value={{ locale, t: translator(catalogues[language]) }}>
      <ShellContext.Provider value={shell}>
        <StaffCreditApplications applications={applications} data={creditStaticData()} />
      </ShellContext.Provider>
    </I18nContext.Provider>,
  );
}

const decided = creditApplication({
  order: 41,
  status: "declined",
  customer_state: "declined",
  submitted_at: "2026-11-26T15:00:00Z",
  decided_at: "2026-11-26T15:00:30Z",
  amount_financed: "35000.00",
  screens: { applicant: { first_name: "Jeanne", last_name: "Tremblay", date_of_birth: "1988-04-12" } },
  sin_on_file: { applicant: "***-***-286", co_applicant: null },
  decision: { status: "declined", reasons: [{ code: "excessive_obligations", text: "Excessive obligations in relation to income" }] },
  consents: [
    { applicant: "applicant", section: "credit_assessment", answer: "yes", language: "fr", recorded_at: "2026-11-26T15:00:00Z" },
    { applicant: "applicant", section: "marketing", answer: "no", language: "fr", recorded_at: "2026-11-26T15:00:00Z" },
  ],
});

describe("the workspace's credit applications", () => {
  it("says the state, the lender's reasons, the consents as recorded and the answers with the SIN masked, and that reads are recorded", () => {
    show([decided]);
    const panel = screen.getByTestId("workspace-credit-41");
    expect(within(panel).getByTestId("workspace-credit-state").textContent).toBe("Declined");
    expect(panel.textContent).toContain("Excessive obligations in relation to income");
    expect(panel.textContent).toContain("$35,000.00");
    expect(within(panel).getByTestId("workspace-credit-consents").textContent).toContain("Applicant: credit assessment: Yes (FR");
    expect(panel.textContent).toContain("***-***-286");
    expect(panel.textContent).not.toContain("046");
    expect(screen.getByTestId("workspace-credit-applications").textContent).toContain("your reading is recorded");
    // Read-only: no Edit links.
    expect(screen.queryByTestId("credit-review-edit-applicant")).toBeNull();
  });

  it("says when the personal information is gone, when nothing was read, and in French", () => {
    show([{ ...decided, personal_data_purged: true, screens: {} }], "fr");
    expect(screen.getByTestId("workspace-credit-41").textContent).toContain("ont été supprimés 14 jours après son envoi");
    expect(screen.getByTestId("workspace-credit-state").textContent).toBe("Refusée");
    cleanup();
    show(null);
    expect(screen.getByTestId("workspace-credit-failed").textContent).toContain("could not be read");
    cleanup();
    show([]);
    expect(screen.getByText("No credit application yet.")).toBeTruthy();
  });
});
