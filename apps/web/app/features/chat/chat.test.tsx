// @vitest-environment happy-dom
import { CHAT_PROVIDER_ORIGINS, CHAT_PROVIDERS } from "@showroom/domain";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../i18n/index.ts";
import { COOKIE_CONSENT_KEY, onConsentPreferencesRequest, saveConsent } from "../../lib/consent.ts";
import { catalogues } from "../../testing/catalogues.ts";
import ChatLauncher from "./chat-launcher.tsx";
import { CHAT_PROVIDER_TABLE, chatProviderFor, loadChat } from "./providers.ts";

const t = translator(catalogues.en);

// The scripts the page would add (happy-dom does not fetch scripts): kept here, as the head would hold them.
let added: HTMLScriptElement[] = [];
beforeEach(() => {
  added = [];
  vi.spyOn(document.head, "appendChild").mockImplementation(<T extends Node>(node: T) => {
    added.push(node as unknown as HTMLScriptElement);
    (node as unknown as HTMLScriptElement).remove = () => void (added = added.filter((s) => s !== (node as unknown)));
    return node;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.removeItem(COOKIE_CONSENT_KEY);
});

const chatScripts = () => added.filter((s) => s.dataset.chatProvider);

describe("the chat providers' table", () => {
  it("loads each of the six providers from its own origin, with the dealership's account", () => {
    for (const provider of CHAT_PROVIDERS) {
      const src = CHAT_PROVIDER_TABLE[provider].src("acct 42");
      expect(new URL(src).origin).toBe(CHAT_PROVIDER_ORIGINS[provider]);
      expect(src).toContain("acct%2042");
    }
  });

  it("logs 'provider is not implemented' for an unknown provider and has no entry for it", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(chatProviderFor("ACME_CHAT")).toBeNull();
    expect(error).toHaveBeenCalledWith("provider is not implemented", "ACME_CHAT");
    expect(chatProviderFor(null)).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("adds the script once, sets the vendor's globals first, and opens the chat once it has loaded", async () => {
    const first = loadChat("GUBAGOO", "lake-1");
    const again = loadChat("GUBAGOO", "lake-1");
    expect(chatScripts()).toHaveLength(1);
    const script = chatScripts()[0]!;
    expect(script.src).toBe(`${CHAT_PROVIDER_ORIGINS.GUBAGOO}/toolbars/lake-1/loader.js`);
    expect((window as unknown as Record<string, unknown>).gubagooConfig).toEqual({ account: "lake-1" });
    const openChat = vi.fn();
    (window as unknown as Record<string, unknown>).Gubagoo = { openChat };
    script.dispatchEvent(new Event("load"));
    await Promise.all([first, again]);
    expect(openChat).toHaveBeenCalledTimes(2);
  });

  it("rejects when the script cannot load, and a later try adds it again", async () => {
    const attempt = loadChat("VCUS", "v-1");
    chatScripts()[0]!.dispatchEvent(new Event("error"));
    await expect(attempt).rejects.toThrow(/VCUS/);
    expect(chatScripts()).toHaveLength(0);
    void loadChat("VCUS", "v-1").catch(() => undefined);
    expect(chatScripts()).toHaveLength(1);
  });
});

describe("the chat launcher", () => {
  it("shows nothing for an unknown provider or without an account", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const unknown = render(<ChatLauncher provider="ACME_CHAT" account="a" dealerName="Lakeshore" t={t} />);
    expect(unknown.container.innerHTML).toBe("");
    const noAccount = render(<ChatLauncher provider="LIVEPERSON" account={null} dealerName="Lakeshore" t={t} />);
    expect(noAccount.container.innerHTML).toBe("");
  });

  it("without targeting consent explains why and asks for the cookie preferences, loading nothing", () => {
    saveConsent({ necessary: true, performance: true, targeting: false });
    const asked = vi.fn();
    const stop = onConsentPreferencesRequest(asked);
    render(<ChatLauncher provider="LIVEPERSON" account="a" dealerName="Lakeshore" t={t} />);
    fireEvent.click(screen.getByRole("button", { name: t("chat.launcher") }));
    expect(screen.getByTestId("chat-needs-consent")).toBeTruthy();
    expect(screen.queryByTestId("chat-start")).toBeNull();
    fireEvent.click(screen.getByTestId("chat-cookie-preferences"));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(chatScripts()).toHaveLength(0);
    stop();
  });

  it("once targeting is allowed, starts the provider's chat on demand", () => {
    saveConsent({ necessary: true, performance: false, targeting: false });
    render(<ChatLauncher provider="SYNERGY" account="s-9" dealerName="Lakeshore" t={t} />);
    fireEvent.click(screen.getByRole("button", { name: t("chat.launcher") }));
    act(() => saveConsent({ necessary: true, performance: false, targeting: true }));
    expect(chatScripts()).toHaveLength(0);
    fireEvent.click(screen.getByTestId("chat-start"));
    expect(chatScripts().map((s) => s.src)).toEqual([`${CHAT_PROVIDER_ORIGINS.SYNERGY}/embed.js?dealer=s-9`]);
    expect(screen.getByTestId("chat-status").textContent).toBe(t("chat.loading"));
  });
});
