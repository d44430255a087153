import type { DealerUser } from "@showroom/domain";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { AuthPanel } from "./auth-modal.tsx";
import { createCustomerApi } from "./customer-api.ts";

const api = createCustomerApi({ get: vi.fn(), post: vi.fn(), request: vi.fn() });
const panel = (dealer: ReturnType<typeof dealerInfo>, dealerUser: DealerUser | null = null) => (
  <AuthPanel dealer={dealer} dealerUser={dealerUser} api={api} notice={null} onSignedUp={vi.fn()} onCodeSent={vi.fn()} onSkip={vi.fn()} />
);
function render(node: ReactNode, language: "en" | "fr") {
  const locale = language === "fr" ? "fr-ca" : "en-ca";
  return renderToStaticMarkup(<I18nContext.Provider value={{ locale, t: translator(catalogues[language]) }}>{node}</I18nContext.Provider>);
}

describe("the sign-in modal where the dealership enables the manufacturer's identity", () => {
  it("offers Sign in with Volkswagen ID, to its login page in the shopper's language", () => {
    const vw = dealerInfo({ code: "maple-vw-ottawa", enable_volkswagen_id: true });
    expect(render(panel(vw), "fr")).toMatch(/href="\/fr\/maple-vw-ottawa\/vw\/id-login\/"[^>]*>Se connecter avec Volkswagen ID<\/a>/);
    expect(render(panel(vw), "en")).toContain("Sign in with Volkswagen ID");
  });

  it("offers nothing of it elsewhere, nor to dealer staff", () => {
    expect(render(panel(dealerInfo()), "en")).not.toContain("Volkswagen ID");
    const staff = { id: 3, default_send_invitation_email: true, default_send_lead_to_crm: false } as DealerUser;
    expect(render(panel(dealerInfo({ enable_volkswagen_id: true }), staff), "en")).not.toContain("Volkswagen ID");
  });
});
