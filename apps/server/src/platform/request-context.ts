import type { Locale } from "@showroom/domain";
import type { DealershipRow } from "../modules/dealerships/repo.ts";
import type { SessionRow } from "../modules/sessions/repo.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The raw session id from the cookie (or a fresh one); the CSRF token is bound to it. */
    sessionId: string;
    /** True when this request minted the session id, so the cookie must be set. */
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
    /** true: a card processor's webhook, authenticated by its signature instead of a session and CSRF token. */
    signedByProcessor?: boolean;
  }
}

export {};
