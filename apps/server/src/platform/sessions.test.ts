import { dealerUserSchema } from "@showroom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import cookie from "@fastify/cookie";
import Fastify from "fastify";
import type { SessionsService } from "../modules/sessions/service.ts";
import { client, createTestApp, type TestApp } from "../test/test-app.ts";
import { registerSessions } from "./sessions.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

const MINUTE = 60_000;
const HOME = "/api/quickshop/dealership/home-dealership/";
const CURRENT_USER = "/api/quickshop/user/current_user/";

function setCookieLine(setCookie: string | string[] | undefined, name: string) {
  return [setCookie ?? []].flat().find((line) => line.startsWith(`${name}=`));
}

describe("session ids", () => {
  it("issues a 256-bit session id to a new visitor", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.get(HOME);
    const [id, mac] = browser.jar.get("sessionid")!.split(".");
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(id!, "base64url")).toHaveLength(32);
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("never adopts a session id the server did not issue", async () => {
    const chosen = "A".repeat(43);
    for (const value of [chosen, `${chosen}.${"B".repeat(43)}`]) {
      const response = await testApp.app.inject({ method: "GET", url: HOME, headers: { "x-dealer-code": "maple-auto", cookie: `sessionid=${value}` } });
      expect(response.statusCode).toBe(200);
      const issued = setCookieLine(response.headers["set-cookie"], "sessionid");
      expect(issued).toBeDefined();
      expect(issued).not.toContain(chosen);
    }
  });

  it("gives every visitor a different session id", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const browser = client(testApp, "maple-auto");
      await browser.get(HOME);
      ids.add(browser.jar.get("sessionid")!);
    }
    expect(ids.size).toBe(5);
  });

  it("mints no session on a search call without cookies, which keeps nothing for it: its answer sets no cookie", async () => {
    const search = "/api/quickshop/inventory/?make=Honda";
    for (const cookie of [undefined, `sessionid=${"A".repeat(43)}.${"B".repeat(43)}`]) {
      const response = await testApp.app.inject({ method: "GET", url: search, headers: { "x-dealer-code": "maple-auto", ...(cookie ? { cookie } : {}) } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    // The next call that needs a session mints one as ever.
    const browser = client(testApp, "maple-auto");
    await browser.get(search);
    expect(browser.jar.get("sessionid")).toBeUndefined();
    await browser.get(HOME);
    expect(browser.jar.get("sessionid")).toMatch(/^[A-Za-z0-9_-]{43}\./);
    expect(browser.jar.get("csrftoken")).toBeDefined();
  });

  it("mints a session on a public read when the call reads its id, and only then", async () => {
    const app = Fastify();
    await app.register(cookie);
    const lookup = async () => ({ state: "none" as const });
    registerSessions(app, { sessions: { lookup } as unknown as SessionsService, secret: "s".repeat(40), secureCookies: false, trustedOrigins: [], trustRequestOrigin: false });
    app.get("/api/reads-nothing/", { config: { publicRead: true } }, async () => ({ ok: true }));
    app.get("/api/reads-the-id/", { config: { publicRead: true } }, async (request) => ({ id: request.sessionId, again: request.sessionId }));
    const untouched = await app.inject({ method: "GET", url: "/api/reads-nothing/" });
    expect(untouched.headers["set-cookie"]).toBeUndefined();
    const read = await app.inject({ method: "GET", url: "/api/reads-the-id/" });
    const { id, again } = read.json<{ id: string; again: string }>();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again).toBe(id);
    expect(setCookieLine(read.headers["set-cookie"], "sessionid")).toMatch(new RegExp(`^sessionid=${id}\\.`));
    expect(setCookieLine(read.headers["set-cookie"], "csrftoken")).toBeDefined();
    await app.close();
  });

  it("changes the session id on sign-in and ends the anonymous one", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.get(HOME);
    const anonymousId = browser.jar.get("sessionid")!;

    await browser.signInAsStaff("sales-rep@maple-auto.example");
    const signedInId = browser.jar.get("sessionid")!;
    expect(signedInId).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(signedInId).not.toBe(anonymousId);

    // The old id carries no identity.
    const replay = await testApp.app.inject({
      method: "GET",
      url: CURRENT_USER,
      headers: { "x-dealer-code": "maple-auto", cookie: `sessionid=${anonymousId}` },
    });
    expect(replay.statusCode).toBe(403);
  });
});

describe("current user", () => {
  it("answers 403 to an anonymous visitor", async () => {
    const response = await client(testApp, "maple-auto").get(CURRENT_USER);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: "Authentication credentials were not provided." });
  });

  it("answers the signed-in staff user", async () => {
    const browser = client(testApp, "maple-auto");
    const user = await browser.signInAsStaff("sales-manager@maple-auto.example");
    const response = await browser.get(CURRENT_USER);
    expect(response.statusCode).toBe(200);
    const body = dealerUserSchema.parse(response.json());
    expect(body.id).toBe(user.id);
    expect(body.email).toBe("sales-manager@maple-auto.example");
    expect(body.role).toBe("dealer_sales_manager");
    expect(body.is_super_admin).toBe(false);
  });
});

describe("idle expiry", () => {
  it("answers 440 once a signed-in session idles past the timeout, then treats the caller as anonymous", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.signInAsStaff("admin@maple-auto.example");
    expect((await browser.get(CURRENT_USER)).statusCode).toBe(200);
    const signedInId = browser.jar.get("sessionid")!;

    testApp.clock.advance(testApp.config.sessionIdleMs + MINUTE);

    const expired = await browser.get(HOME);
    expect(expired.statusCode).toBe(440);
    expect(expired.headers["content-type"]).toMatch(/^application\/json/);
    const body = expired.json();
    expect(body.detail).toBe("Your session has expired. Please sign in again.");
    expect(body.user_kind).toBe("dealer");
    expect(body.code).toBe("session_expired");

    // The cookie is replaced by a fresh anonymous session with its own CSRF token.
    const newCookie = setCookieLine(expired.headers["set-cookie"], "sessionid");
    expect(newCookie).toBeDefined();
    expect(browser.jar.get("sessionid")).not.toBe(signedInId);
    expect(setCookieLine(expired.headers["set-cookie"], "csrftoken")).toBeDefined();

    const after = await browser.get(CURRENT_USER);
    expect(after.statusCode).toBe(403);
    expect(after.json().detail).toBe("Authentication credentials were not provided.");

    const home = await browser.get(HOME);
    expect(home.statusCode).toBe(200);
    expect(home.json().code).toBe("maple-auto");
  });

  it("answers 440 to the expired cookie only once: replaying it is anonymous", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.signInAsStaff("sales-rep@maple-auto.example");
    const staleId = browser.jar.get("sessionid")!;
    testApp.clock.advance(testApp.config.sessionIdleMs + MINUTE);
    expect((await browser.get(CURRENT_USER)).statusCode).toBe(440);

    const replay = await testApp.app.inject({
      method: "GET",
      url: CURRENT_USER,
      headers: { "x-dealer-code": "maple-auto", cookie: `sessionid=${staleId}` },
    });
    expect(replay.statusCode).toBe(403);
  });

  it("keeps an active session alive within the idle timeout", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.signInAsStaff("sales-rep@maple-auto.example");
    for (let i = 0; i < 4; i++) {
      testApp.clock.advance(testApp.config.sessionIdleMs - MINUTE);
      const response = await browser.get(CURRENT_USER);
      expect(response.statusCode).toBe(200);
    }
  });

  it("answers 440 to an unsafe call too, before any CSRF check", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.signInAsStaff("sales-rep@maple-auto.example");
    testApp.clock.advance(testApp.config.sessionIdleMs + MINUTE);
    const response = await browser.post("/api/i18n/", { language: "fr-ca" });
    expect(response.statusCode).toBe(440);
    expect(response.json().user_kind).toBe("dealer");
  });

  it("answers the 440 in the language the visitor chose", async () => {
    const browser = client(testApp, "boulevard-laval");
    await browser.signInAsStaff("sales-rep@boulevard-laval.example");
    expect((await browser.post("/api/i18n/", { language: "fr-ca" })).statusCode).toBe(200);
    testApp.clock.advance(testApp.config.sessionIdleMs + MINUTE);

    const response = await browser.get(HOME, { "accept-language": "en" });
    expect(response.statusCode).toBe(440);
    expect(response.json()).toEqual({
      detail: "Votre session a expiré. Veuillez vous reconnecter.",
      code: "session_expired",
      user_kind: "dealer",
    });
  });

  it("does not answer 440 to an anonymous session that idled", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.get(HOME);
    const anonymousId = browser.jar.get("sessionid");
    testApp.clock.advance(testApp.config.sessionIdleMs * 3);

    const response = await browser.get(HOME);
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe("maple-auto");
    expect((await browser.get(CURRENT_USER)).statusCode).toBe(403);
    expect(browser.jar.get("sessionid")).toBe(anonymousId);
  });
});

describe("absolute expiry", () => {
  it("answers 440 after 12 hours even when the session stayed active", async () => {
    expect(testApp.config.sessionAbsoluteMs).toBe(12 * 60 * MINUTE);
    const browser = client(testApp, "maple-auto");
    await browser.signInAsStaff("sales-manager@maple-auto.example");
    const step = 20 * MINUTE;
    expect(step).toBeLessThan(testApp.config.sessionIdleMs);

    const steps = testApp.config.sessionAbsoluteMs / step;
    for (let i = 1; i < steps; i++) {
      testApp.clock.advance(step);
      const response = await browser.get(CURRENT_USER);
      expect(response.statusCode, `after ${(i * step) / MINUTE} minutes`).toBe(200);
    }

    testApp.clock.advance(step);
    const expired = await browser.get(HOME);
    expect(expired.statusCode).toBe(440);
    expect(expired.json()).toMatchObject({ user_kind: "dealer", detail: expect.any(String) });

    expect((await browser.get(CURRENT_USER)).statusCode).toBe(403);
  });
});
