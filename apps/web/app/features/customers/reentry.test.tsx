import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import type { ModalApi } from "../../ui/modals.tsx";
import type { CustomerApi, ReentryCodeSent } from "./customer-api.ts";
import { clearBrowserStorage, rememberCatId, storedCatId } from "./customer-storage.ts";
import { REENTRY_MODAL, sameSitePath, sendReentryCode, startReentry, type ReentryResult } from "./reentry-flow.ts";
import { codeDigits, ReentryCodeForm } from "./reentry-modal.tsx";
import { logOut, sessionExpired, startUp, type SessionDeps } from "./session-flows.ts";

const sent: ReentryCodeSent = { email: "j***@e***.com", phone: "(***) ***-0142", name: "J." };
const http = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

function fakeApi(overrides: Partial<CustomerApi> = {}): CustomerApi {
  return {
    register: vi.fn(),
    validateInput: vi.fn(),
    currentUser: vi.fn(),
    logOut: vi.fn(async () => null),
    sendReentryCode: vi.fn(async () => sent),
    verifyReentryCode: vi.fn(async () => ({ redirect_to: null })),
    decodeToken: vi.fn(),
    ...overrides,
  };
}

/** A modal stack that answers the re-entry modal with the given result as soon as it opens. */
function fakeModals(answer: ReentryResult | null = null) {
  const opened: { name: string; props: Record<string, unknown> }[] = [];
  const modals: ModalApi = {
    open: vi.fn((name: string, props: Record<string, unknown> = {}) => {
      opened.push({ name, props });
      if (name === REENTRY_MODAL && answer) queueMicrotask(() => (props.onResult as (r: ReentryResult) => void)(answer));
      return `${name}-1`;
    }),
    update: vi.fn(),
    close: vi.fn(),
    closeAll: vi.fn(),
  };
  return { modals, opened };
}

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

function stubWindow(href: string) {
  const window = {
    location: { href, origin: new URL(href).origin, assign: vi.fn() },
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  };
  vi.stubGlobal("window", window);
  return window;
}
afterEach(() => vi.unstubAllGlobals());

function deps(api: CustomerApi, modals: ModalApi, overrides: Partial<SessionDeps> = {}): SessionDeps & { toasts: { show: ReturnType<typeof vi.fn> } } {
  return {
    api,
    modals,
    toasts: { show: vi.fn() },
    t: translator(catalogues.en),
    customer: null,
    keep: ["cookie-consent"],
    refresh: vi.fn(),
    navigate: vi.fn(),
    signIn: vi.fn(async () => "cancelled" as const),
    ...overrides,
  } as SessionDeps & { toasts: { show: ReturnType<typeof vi.fn> } };
}

describe("sending a re-entry code", () => {
  it("answers where the code went, or the API's message when refused (429, or a field message)", async () => {
    expect(await sendReentryCode(fakeApi(), "jeanne@example.com")).toEqual({ ok: true, sent });
    const busy = fakeApi({ sendReentryCode: vi.fn(async () => Promise.reject(http(429, { detail: "Too many requests. Try again in a minute." }))) });
    expect(await sendReentryCode(busy, "jeanne@example.com")).toEqual({ ok: false, status: 429, message: "Too many requests. Try again in a minute." });
    const bad = fakeApi({ sendReentryCode: vi.fn(async () => Promise.reject(http(400, { email: ["Enter a valid email address."] }))) });
    expect(await sendReentryCode(bad, "x")).toEqual({ ok: false, status: 400, message: "Enter a valid email address." });
  });

  it("opens the code modal only once a code went out, and settles with the modal's outcome", async () => {
    const { modals, opened } = fakeModals({ status: "authenticated", redirectTo: "/en/maple-auto/orders/" });
    const api = fakeApi();
    await expect(startReentry(modals, api, "jeanne@example.com")).resolves.toEqual({ status: "authenticated", redirectTo: "/en/maple-auto/orders/" });
    expect(api.sendReentryCode).toHaveBeenCalledWith("jeanne@example.com");
    expect(opened[0]).toMatchObject({ name: "re-entry auth", props: { email: "jeanne@example.com", sent, api } });

    const failing = fakeModals();
    const refused = fakeApi({ sendReentryCode: vi.fn(async () => Promise.reject(http(429, { detail: "Slow down." }))) });
    await expect(startReentry(failing.modals, refused, "jeanne@example.com")).resolves.toEqual({ status: "failed", message: "Slow down." });
    expect(failing.opened).toEqual([]);
  });

  it("follows a redirect only within this site", () => {
    expect(sameSitePath("/en/maple-auto/orders/?source=reentry", "https://shop.example")).toBe("/en/maple-auto/orders/?source=reentry");
    expect(sameSitePath("https://shop.example/fr/orders/", "https://shop.example")).toBe("/fr/orders/");
    expect(sameSitePath("https://evil.example/", "https://shop.example")).toBeNull();
    expect(sameSitePath(null, "https://shop.example")).toBeNull();
  });
});

describe("the code field", () => {
  it("keeps digits only, six at most (typed or pasted)", () => {
    expect(codeDigits("12 34-56")).toBe("123456");
    expect(codeDigits("1234567")).toBe("123456");
    expect(codeDigits("abc")).toBe("");
  });

  const render = (node: ReactNode, language: "en" | "fr") =>
    renderToStaticMarkup(
      <I18nContext.Provider value={{ locale: language === "fr" ? "fr-ca" : "en-ca", t: translator(catalogues[language]) }}>{node}</I18nContext.Provider>,
    );

  it("shows where the code went, asks for it as a one-time code, and offers a new one after 30 seconds", () => {
    const html = render(<ReentryCodeForm email="jeanne@example.com" sent={sent} api={fakeApi()} onAuthenticated={vi.fn()} onCancel={vi.fn()} />, "en");
    expect(html).toContain("We sent a 6-digit code to j***@e***.com and by text message to (***) ***-0142.");
    expect(html).toMatch(/<input[^>]*autoComplete="one-time-code"/);
    expect(html).toMatch(/<input[^>]*inputMode="numeric"/);
    expect(html).toMatch(/<input[^>]*maxLength="6"/);
    expect(html).toMatch(/<button type="button" disabled=""[^>]*data-testid="reentry-resend">Send a new code in 30 s<\/button>/);
    expect(html).toContain('role="status"');
    expect(html).toContain("Cancel");
  });

  it("in French", () => {
    const html = render(<ReentryCodeForm email="jeanne@example.com" sent={{ ...sent, phone: null }} api={fakeApi()} onAuthenticated={vi.fn()} onCancel={vi.fn()} />, "fr");
    expect(html).toContain("Nous avons envoyé un code à 6\u00a0chiffres à j***@e***.com.");
    expect(html).toContain("Nouveau code dans 30\u00a0s");
    expect(html).toContain("Code à 6\u00a0chiffres");
  });
});

describe("sign-in entries of the address (spec 2.2)", () => {
  it("a re-entry link: the token is decoded, a code goes to its email, and the address follows the API's redirect", async () => {
    const window = stubWindow("https://shop.example/en/maple-auto/orders/?expired=1&token=tok&source=email");
    const api = fakeApi({ decodeToken: vi.fn(async () => ({ email: "jeanne@example.com", first_name: "Jeanne", tokenized_url: "x", redirect_url: null })) });
    const { modals } = fakeModals({ status: "authenticated", redirectTo: "/en/maple-auto/orders/?source=reentry" });
    const d = deps(api, modals);
    await startUp(d, new URLSearchParams(new URL(window.location.href).search));
    expect(api.decodeToken).toHaveBeenCalledWith("tok");
    expect(api.sendReentryCode).toHaveBeenCalledWith("jeanne@example.com");
    expect(d.refresh).toHaveBeenCalled();
    expect(d.navigate).toHaveBeenCalledWith("/en/maple-auto/orders/?source=reentry");
  });

  it("a token that cannot be decoded: the API's message in a toast, and the address loses the token", async () => {
    stubWindow("https://shop.example/en/maple-auto/orders/?expired=1&token=bad");
    const api = fakeApi({ decodeToken: vi.fn(async () => Promise.reject(http(400, { detail: "Failed to retrieve user data from token" }))) });
    const d = deps(api, fakeModals().modals);
    await startUp(d, new URLSearchParams("expired=1&token=bad"));
    expect(d.toasts.show).toHaveBeenCalledWith({ tone: "error", message: "Failed to retrieve user data from token" });
    expect(d.navigate).toHaveBeenCalledWith("/en/maple-auto/orders/");
    expect(api.sendReentryCode).not.toHaveBeenCalled();
  });

  it("login_email starts the re-entry; given up, the address just loses the parameter; catId is kept for the visit", async () => {
    const window = stubWindow("https://shop.example/fr/maple-auto/search/?login_email=jeanne%40example.com&catId=CAT-9");
    const api = fakeApi();
    const { modals, opened } = fakeModals({ status: "cancelled" });
    const d = deps(api, modals);
    await startUp(d, new URLSearchParams(new URL(window.location.href).search));
    expect(opened.map((o) => o.name)).toEqual(["re-entry auth"]);
    expect(d.refresh).not.toHaveBeenCalled();
    expect(d.navigate).toHaveBeenCalledWith("/fr/maple-auto/search/?catId=CAT-9");
    expect(storedCatId()).toBe("CAT-9");
  });

  it("nothing to do for the customer already signed in with that email", async () => {
    stubWindow("https://shop.example/en/maple-auto/orders/?login_email=Jeanne%40Example.com");
    const api = fakeApi();
    const d = deps(api, fakeModals().modals, { customer: { email: "jeanne@example.com" } as SessionDeps["customer"] });
    await startUp(d, new URLSearchParams("login_email=Jeanne%40Example.com"));
    expect(api.sendReentryCode).not.toHaveBeenCalled();
    expect(d.navigate).toHaveBeenCalledWith("/en/maple-auto/orders/");
  });
});

describe("session end", () => {
  it("log out ends the session, empties both storages but the cookie choice, and leaves", async () => {
    const window = stubWindow("https://shop.example/en/maple-auto/orders/");
    window.localStorage.setItem("cookie-consent", "{}");
    window.localStorage.setItem("order-step-statuses", "{}");
    rememberCatId(new URLSearchParams("catId=X"));
    const api = fakeApi();
    await logOut(deps(api, fakeModals().modals), "/en/maple-auto/search/");
    expect(api.logOut).toHaveBeenCalled();
    expect(window.localStorage.getItem("cookie-consent")).toBe("{}");
    expect(window.localStorage.getItem("order-step-statuses")).toBeNull();
    expect(storedCatId()).toBeNull();
    expect(window.location.assign).toHaveBeenCalledWith("/en/maple-auto/search/");
  });

  it("an expired customer session offers a code to the last shopper's email; closing it forgets the shopper", () => {
    const window = stubWindow("https://shop.example/en/maple-auto/details/1/");
    window.sessionStorage.setItem("customer-email", "jeanne@example.com");
    const { modals, opened } = fakeModals();
    const d = deps(fakeApi(), modals);
    const closed = vi.fn();
    sessionExpired(d, "customer", closed);
    expect(opened[0]).toMatchObject({ name: "session expired", props: { userKind: "customer", canSendCode: true } });
    (opened[0]!.props.onDismiss as () => void)();
    expect(closed).toHaveBeenCalled();
    expect(window.sessionStorage.getItem("customer-email")).toBeNull();
    expect(d.refresh).toHaveBeenCalled();

    clearBrowserStorage([]);
    const other = fakeModals();
    sessionExpired(deps(fakeApi(), other.modals), "customer", vi.fn());
    expect(other.opened[0]!.props.canSendCode).toBe(false);
  });
});
