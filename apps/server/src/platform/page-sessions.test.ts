import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionRow } from "../modules/sessions/repo.ts";
import type { SessionLookup, SessionsService } from "../modules/sessions/service.ts";
import { INTERNAL_KEY_HEADER, registerClientAddress } from "./client-address.ts";
import { registerErrorHandling } from "./errors.ts";
import { PAGE_SESSION_HEADER, registerSessions, sessionCookieValue } from "./sessions.ts";

const SECRET = "page-session-test-".padEnd(40, "x");
const KEY = "internal-key-of-this-process";
const SIGNED_IN = "S".repeat(43);
const EXPIRED = "E".repeat(43);
const UNKNOWN = "U".repeat(43);

// What the database holds, and every id the sessions hook looked up in it.
const lookups: string[] = [];
const stored = new Map<string, SessionLookup>([
  [SIGNED_IN, { state: "active", session: { customerId: 7, dealerUserId: null } as SessionRow }],
  [EXPIRED, { state: "expired", userKind: "customer" }],
]);
const sessions = {
  lookup: async (id: string) => {
    lookups.push(id);
    return stored.get(id) ?? { state: "none" };
  },
  signIn: async () => ({ id: "N".repeat(43), session: { customerId: 9, dealerUserId: null } as SessionRow }),
} as unknown as SessionsService;

let app: FastifyInstance;
let leftover: { token: string; cookie: string } | null = null;

beforeAll(async () => {
  app = Fastify();
  await app.register(cookie);
  registerClientAddress(app, { internalKey: KEY });
  registerErrorHandling(app);
  const controls = registerSessions(app, { sessions, secret: SECRET, secureCookies: false, trustedOrigins: [], trustRequestOrigin: true });
  app.get("/api/who/", async (request) => ({ sessionId: request.sessionId, customerId: request.session?.customerId ?? null }));
  // A sign-in by a page read (an identity provider's callback page calls one).
  app.get("/api/sign-in/", async (request) => {
    await controls.signIn(request, { dealershipId: 1, customerId: 9 });
    return { sessionId: request.sessionId, customerId: 9 };
  });
  // A page whose loaders make three API calls, as the web tier's do (mount.ts).
  app.route({
    method: ["GET", "POST"],
    url: "/page",
    handler: async (request, reply) => {
      const token = controls.sharePageSession(request, reply);
      const cookieHeader = `sessionid=${sessionCookieValue(SECRET, request.sessionId)}`;
      const headers = { cookie: cookieHeader, [INTERNAL_KEY_HEADER]: KEY, ...(token ? { [PAGE_SESSION_HEADER]: token } : {}) };
      const signsIn = (request.query as { signIn?: string }).signIn !== undefined;
      const answers = await Promise.all([1, 2, 3].map((n) => app.inject({ url: signsIn && n === 3 ? "/api/sign-in/" : "/api/who/", headers })));
      if (token) leftover = { token, cookie: cookieHeader };
      if (token && (request.query as { probe?: string }).probe) {
        // The token alone (no internal key), and the token with another session's cookie.
        await app.inject({ url: "/api/who/", headers: { cookie: cookieHeader, [PAGE_SESSION_HEADER]: token } });
        await app.inject({ url: "/api/who/", headers: { ...headers, cookie: `sessionid=${sessionCookieValue(SECRET, UNKNOWN)}` } });
      }
      return {
        shared: token !== null,
        answers: answers.map((a) => ({ status: a.statusCode, ...a.json() })),
        callCookies: answers.flatMap((a) => a.cookies.map((c) => c.name)),
      };
    },
  });
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  lookups.length = 0;
});

const page = (method: "GET" | "POST", id?: string, url = "/page") =>
  app.inject({ method, url, headers: id ? { cookie: `sessionid=${sessionCookieValue(SECRET, id)}` } : {} }).then((r) => r.json());

describe("a page's API calls share the page request's session lookup", () => {
  it("reads a signed-in session once for the page and all its calls, which see the same shopper", async () => {
    const answer = await page("GET", SIGNED_IN);
    expect(answer.shared).toBe(true);
    expect(answer.answers).toEqual([1, 2, 3].map(() => ({ status: 200, sessionId: SIGNED_IN, customerId: 7 })));
    expect(lookups).toEqual([SIGNED_IN]);
  });

  it("reads nothing on a first visit: the calls get the id the page minted", async () => {
    const answer = await page("GET");
    expect(lookups).toEqual([]);
    const ids = new Set(answer.answers.map((a: { sessionId: string }) => a.sessionId));
    expect(ids.size).toBe(1);
    expect(answer.answers[0]).toMatchObject({ status: 200, customerId: null });
  });

  it("leaves the session and CSRF cookies to the page's answer: its calls set none, the page each once", async () => {
    const first = await app.inject({ url: "/page" });
    expect(first.json().callCookies).toEqual([]);
    expect(first.cookies.map((c) => c.name).sort()).toEqual(["csrftoken", "sessionid"]);
    // A call that does not share the page's session still sets its own (a page action's, here), and so does one that signs in.
    expect((await page("POST")).callCookies).toContain("csrftoken");
    expect((await page("GET", undefined, "/page?signIn")).callCookies.sort()).toEqual(["csrftoken", "sessionid"]);
  });

  it("shares an id the database does not know", async () => {
    await page("GET", UNKNOWN);
    expect(lookups).toEqual([UNKNOWN]);
  });

  it("never shares an expired session: each call looks it up and answers 440", async () => {
    const answer = await page("GET", EXPIRED);
    expect(answer.shared).toBe(false);
    expect(answer.answers.map((a: { status: number }) => a.status)).toEqual([440, 440, 440]);
    expect(lookups).toEqual([EXPIRED, EXPIRED, EXPIRED, EXPIRED]);
  });

  it("never shares a page action's session (its calls may sign in or out)", async () => {
    const answer = await page("POST", SIGNED_IN);
    expect(answer.shared).toBe(false);
    expect(lookups).toHaveLength(4);
  });

  it("ignores the token without the internal key, with another session's cookie, and once the page was sent", async () => {
    await page("GET", SIGNED_IN, "/page?probe=1");
    expect(lookups).toEqual([SIGNED_IN, SIGNED_IN, UNKNOWN]);
    const { token, cookie: pageCookie } = leftover!;
    lookups.length = 0;
    // Sent: the token is gone.
    await app.inject({ url: "/api/who/", headers: { cookie: pageCookie, [INTERNAL_KEY_HEADER]: KEY, [PAGE_SESSION_HEADER]: token } });
    expect(lookups).toEqual([SIGNED_IN]);
  });
});
