// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { COOKIE_CONSENT_KEY, resetConsentForTests, saveConsent, storedConsent } from "../../lib/consent.ts";
import { CookieBanner } from "./cookie-banner.tsx";
import { CookieConsentModal } from "./cookie-consent-modal.tsx";

const t = translator(catalogues.en);
const fr = translator(catalogues.fr);

beforeEach(() => {
  window.localStorage.clear();
  resetConsentForTests();
});
afterEach(cleanup);

describe("the cookie banner", () => {
  it("is a non-modal dialog named by its heading, which does not take the page's focus", () => {
    render(<CookieBanner t={t} onManage={vi.fn()} />);
    const banner = screen.getByRole("dialog", { name: "Your privacy choices" });
    expect(banner.getAttribute("aria-modal")).toBe("false");
    expect(banner.getAttribute("aria-describedby")).toBeTruthy();
    expect(banner.contains(document.activeElement)).toBe(false);
  });

  it("accept all allows every category; reject all keeps only the necessary ones", () => {
    render(<CookieBanner t={t} onManage={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Accept all" }));
    expect(storedConsent()).toEqual({ necessary: true, performance: true, targeting: true });
    fireEvent.click(screen.getByRole("button", { name: "Reject all" }));
    expect(JSON.parse(window.localStorage.getItem(COOKIE_CONSENT_KEY)!)).toEqual({ necessary: true, performance: false, targeting: false });
  });

  it("manage my choices hands over to the categories, storing nothing yet", () => {
    const onManage = vi.fn();
    render(<CookieBanner t={fr} onManage={onManage} />);
    fireEvent.click(screen.getByRole("button", { name: "Gérer mes choix" }));
    expect(onManage).toHaveBeenCalledOnce();
    expect(storedConsent()).toBeNull();
  });
});

describe("the manage modal", () => {
  it("lists necessary (always on), performance and targeting, and saves exactly what was ticked", () => {
    const close = vi.fn();
    render(<CookieConsentModal t={t} close={close} managing />);
    expect(screen.getByText("Necessary")).toBeTruthy();
    const performance = screen.getByRole("checkbox", { name: /Performance/ });
    const targeting = screen.getByRole("checkbox", { name: /Targeting/ });
    expect((performance as HTMLInputElement).checked).toBe(false);
    expect((targeting as HTMLInputElement).checked).toBe(false);
    fireEvent.click(performance);
    fireEvent.click(screen.getByRole("button", { name: "Save my choices" }));
    expect(storedConsent()).toEqual({ necessary: true, performance: true, targeting: false });
    expect(close).toHaveBeenCalledOnce();
  });

  it("reopened later, it shows the choice in force and can withdraw it", () => {
    saveConsent({ necessary: true, performance: true, targeting: true });
    render(<CookieConsentModal t={t} close={vi.fn()} managing />);
    const targeting = screen.getByRole("checkbox", { name: /Targeting/ }) as HTMLInputElement;
    expect(targeting.checked).toBe(true);
    fireEvent.click(targeting);
    fireEvent.click(screen.getByRole("button", { name: "Save my choices" }));
    expect(storedConsent()).toEqual({ necessary: true, performance: true, targeting: false });
  });

  it("tells the banner when it goes, however it closed", async () => {
    const onClosed = vi.fn();
    const view = render(<CookieConsentModal t={t} close={vi.fn()} managing onClosed={onClosed} />);
    view.unmount();
    await waitFor(() => expect(onClosed).toHaveBeenCalledOnce());
  });
});
