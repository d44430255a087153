import { createHmac, timingSafeEqual } from "node:crypto";
import { randomToken } from "./random-token.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SessionsService, SignIn } from "../modules/sessions/service.ts";
import type { SessionRow } from "../modules/sessions/repo.ts";
import { newSessionId } from "../modules/sessions/service.ts";
import { HttpError } from "./http-errors.ts";
import { isApiRequest } from "./tenant.ts";

export const CSRF_COOKIE = "csrftoken";
/** Over https the session cookie takes the __Host- prefix: only this host, path /, Secure, so no sibling can plant it. */
export const sessionCookieName = (secure: boolean) => (secure ? "__Host-sessionid" : "sessionid");

const sessionIdMac = (secret: string, id: string) => createHmac("sha256", secret).update(`session:${id}`).digest("base64url");
/** The cookie carries the id with the server's MAC, so an id the server did not issue is never adopted. */
export const sessionCookieValue = (secret: string, id: string) => `${id}.${sessionIdMac(secret, id)}`;
function issuedSessionId(secret: string, value: string | undefined): string | null {
  const [id, mac] = (value ?? "").split(".");
  if (!id || !mac || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const expected = Buffer.from(sessionIdMac(secret, id));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Names the page request whose session lookup an in-process API call of its loaders reuses. */
export const PAGE_SESSION_HEADER = "x-showroom-page-session";

type Options = {
  sessions: SessionsService;
  secret: string;
  secureCookies: boolean;
  trustedOrigins: string[];
  /** Development also accepts the origin the request was sent to (localhost or 127.0.0.1); production only trustedOrigins. */
  trustRequestOrigin: boolean;
};

/** A CSRF token is a nonce plus an HMAC of the session id and that nonce: useless outside its session. */
export function csrfTokenFor(secret: string, sessionId: string, nonce = randomToken(16)) {
  const mac = createHmac("sha256", secret).update(`${sessionId}.${nonce}`).digest("base64url");
  return `${nonce}.${mac}`;
}

export function isCsrfTokenValid(secret: string, sessionId: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, mac] = token.split(".");
  if (!nonce || !mac) return false;
  const expected = Buffer.from(csrfTokenFor(secret, sessionId, nonce));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const needsSession = (request: FastifyRequest) =>
  isApiRequest(request) ? request.routeOptions.config?.tenant !== false : !request.url.startsWith("/assets/");

function requestOrigin(request: FastifyRequest) {
  return `${request.protocol}://${request.host}`;
}

export function registerSessions(app: FastifyInstance, options: Options) {
  const { sessions, secret } = options;
  const SESSION_COOKIE = sessionCookieName(options.secureCookies);

  // On a public read (route config publicRead) a first visit's session id is minted only if something reads it, so
  // a call that never uses it (a search without cookies: a crawler, a prefetch, an integration) gets no Set-Cookie:
  // its answer stays cacheable, and it skips two HMACs and a random id. Anything that does read it gets a real id.
  const sessionIds = new WeakMap<FastifyRequest, string>();
  const awaitingId = new WeakSet<FastifyRequest>();
  app.decorateRequest("sessionId", {
    getter(this: FastifyRequest) {
      let id = sessionIds.get(this);
      if (id === undefined) {
        id = awaitingId.has(this) ? newSessionId() : "";
        if (id) sessionIds.set(this, id);
      }
      return id;
    },
    setter(this: FastifyRequest, id: string) {
      sessionIds.set(this, id);
    },
  });
  app.decorateRequest("sessionIdIsNew", false);
  app.decorateRequest("session", null);

  // A page's loaders make several API calls for one browser request: the session the page request looked up
  // (or minted) is theirs too, rather than one database read per call. Only a page read (GET) shares it, so no
  // call of the page can have signed in or out meanwhile, and an expired session is never shared (each call answers 440).
  const pageSessions = new Map<string, { sessionId: string; session: SessionRow | null }>();
  const shareable = new WeakSet<FastifyRequest>();
  // A call made with the page's session leaves the session and CSRF cookies to the page's own answer (else each
  // of the page's calls would add a Set-Cookie of its own to it, each with a fresh token), unless it signed in or out.
  const madeForPage = new WeakSet<FastifyRequest>();

  function sharedPageSession(request: FastifyRequest, cookieId: string | null) {
    const token = request.headers[PAGE_SESSION_HEADER];
    if (typeof token !== "string" || !request.isInternalCall) return null;
    const shared = pageSessions.get(token);
    return shared && shared.sessionId === cookieId ? shared : null;
  }

  app.addHook("onRequest", async (request) => {
    if (!needsSession(request)) return;
    const cookieId = issuedSessionId(secret, request.cookies[SESSION_COOKIE]);
    const shared = sharedPageSession(request, cookieId);
    if (shared) {
      request.sessionId = shared.sessionId;
      request.session = shared.session;
      madeForPage.add(request);
      return;
    }
    if (cookieId) {
      const found = await sessions.lookup(cookieId);
      if (found.state === "active") {
        request.sessionId = cookieId;
        request.session = found.session;
        shareable.add(request);
      } else if (found.state === "expired" && isApiRequest(request) && request.routeOptions.config?.replacesSession !== true) {
        // (A sign-in call itself is the answer to an expired session: it gets a fresh one, not a 440.)
        rotate(request);
        throw new HttpError(440, "session_expired", { code: "session_expired", user_kind: found.userKind });
      } else {
        request.sessionId = cookieId;
        if (found.state === "none") shareable.add(request);
      }
    } else {
      if (request.routeOptions.config?.publicRead === true) {
        awaitingId.add(request);
        request.sessionIdIsNew = true;
      } else {
        rotate(request);
      }
      shareable.add(request);
    }
  });

  // CSRF is checked once the session is known and before the body is parsed or validated, so a forged
  // call learns nothing about what a body should hold.
  app.addHook("preParsing", (request, _reply, payload, done) => {
    checkCsrf(request);
    done(null, payload);
  });
  function checkCsrf(request: FastifyRequest) {
    if (!isApiRequest(request) || !UNSAFE_METHODS.has(request.method)) return;
    // A processor's webhook carries no session: its signature, checked by its route, is what authenticates it.
    if (request.routeOptions.config?.signedByProcessor === true) return;
    const origin = request.headers.origin;
    const trusted = options.trustRequestOrigin ? [...options.trustedOrigins, requestOrigin(request)] : options.trustedOrigins;
    if (origin) {
      if (!trusted.includes(origin)) throw new HttpError(403, "csrf_origin", {}, { origin });
    } else if (request.headers["sec-fetch-site"] !== "same-origin") {
      throw new HttpError(403, "csrf_origin", {}, { origin: "null" });
    }
    const token = request.headers["x-csrftoken"];
    if (typeof token !== "string" || token === "") throw new HttpError(403, "csrf_missing");
    if (!isCsrfTokenValid(secret, request.sessionId, token)) throw new HttpError(403, "csrf_incorrect");
  }

  // Every first visit gets both cookies, so their headers are written here rather than through reply.setCookie, whose
  // per-call options and serializer cost more than the header: the values are base64url (nothing to encode) and the
  // attributes fixed. Fastify's reply.header appends a Set-Cookie to any a route set.
  const sessionAttributes = `; Path=/; HttpOnly${options.secureCookies ? "; Secure" : ""}; SameSite=Lax`;
  const csrfAttributes = `; Path=/${options.secureCookies ? "; Secure" : ""}; SameSite=Lax`;
  app.addHook("onSend", (request, reply, payload, done) => {
    setSessionCookies(request, reply);
    done(null, payload);
  });
  function setSessionCookies(request: FastifyRequest, reply: FastifyReply) {
    // (sessionIds, not request.sessionId: reading that would mint the id no one used.)
    if (!sessionIds.get(request) || (madeForPage.has(request) && !request.sessionIdIsNew)) return;
    if (request.sessionIdIsNew) reply.header("set-cookie", `${SESSION_COOKIE}=${sessionCookieValue(secret, request.sessionId)}${sessionAttributes}`);
    if (request.sessionIdIsNew || !isCsrfTokenValid(secret, request.sessionId, request.cookies[CSRF_COOKIE])) {
      // Readable by the page on purpose: the client echoes it in X-CSRFToken.
      reply.header("set-cookie", `${CSRF_COOKIE}=${csrfTokenFor(secret, request.sessionId)}${csrfAttributes}`);
    }
  }

  function rotate(request: FastifyRequest) {
    request.sessionId = newSessionId();
    request.sessionIdIsNew = true;
    request.session = null;
  }

  return {
    /**
     * For a page read: a token its loaders' API calls send (PAGE_SESSION_HEADER, with the internal key) to reuse
     * this request's session; null when they must look it up themselves. Valid until the response is sent.
     */
    sharePageSession(request: FastifyRequest, reply: FastifyReply): string | null {
      if (request.method !== "GET" || !shareable.has(request)) return null;
      const token = randomToken(16);
      pageSessions.set(token, { sessionId: request.sessionId, session: request.session });
      reply.raw.once("close", () => pageSessions.delete(token));
      return token;
    },
    /** Signs a user in under a new session id (ASVS 7.2.4) and issues the matching cookies. */
    async signIn(request: FastifyRequest, who: SignIn) {
      const previous = request.sessionIdIsNew ? null : request.sessionId;
      // A staff user or customer who stays signed in keeps the absolute expiry of their sign-in.
      const current = request.session;
      const continues =
        current !== null &&
        ((current.dealerUserId !== null && current.dealerUserId === who.dealerUserId) || (current.customerId !== null && current.customerId === who.customerId));
      const notAfter = who.notAfter ?? (continues && current ? current.expiresAt : null);
      const { id, session } = await sessions.signIn(previous, { ...who, notAfter }, request.session?.language ?? null);
      request.sessionId = id;
      request.sessionIdIsNew = true;
      request.session = session;
      return id;
    },
    async signOut(request: FastifyRequest) {
      if (!request.sessionIdIsNew) await sessions.end(request.sessionId);
      request.sessionId = newSessionId();
      request.sessionIdIsNew = true;
      request.session = null;
    },
  };
}
export type SessionControls = ReturnType<typeof registerSessions>;
