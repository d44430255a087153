import type { Locale } from "@showroom/domain";
import type { DealershipRow } from "../modules/dealerships/repo.ts";
import type { SessionRow } from "../modules/sessions/repo.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The raw session id from the cookie, or a fresh one (on a public read, minted when first read); the CSRF token is bound to it. */
    sessionId: string;
    /** True when the session id is this request's own (its cookies are set if the id was read). */
    sessionIdIsNew: boolean;
    session: SessionRow | null;
    dealership: DealershipRow | null;
    locale: Locale;
  }
  interface FastifyContextConfig {
    /** false: the route needs no X-Dealer-Code (health, docs, unknown paths). */
    tenant?: boolean;
    /** true: the route signs in anew (staff login), so a session of another dealership is no reason to refuse it. */
    replacesSession?: boolean;
    /** true: the body is a raw text document the route reads itself (a CSV feed reports its NUL cells as rejected rows). */
    rawTextBody?: boolean;
    /**
     * true: a public read that keeps nothing for the session (the vehicle search): a visitor without cookies gets a
     * session id (and its cookies) only if the call reads it.
     */
    publicRead?: boolean;
    /** true: a card processor's webhook, authenticated by its signature instead of a session and CSRF token. */
    signedByProcessor?: boolean;
  }
}

export {};
