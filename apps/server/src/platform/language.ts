import { chooseLocale, parseAcceptLanguage, type Locale } from "@showroom/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";

export const LANGUAGE_COOKIE = "language";

/** The request language: the stored choice, else the browser's, within what the dealership offers. */
export function negotiateLocale(request: FastifyRequest): Locale {
  const allowed = request.dealership?.allowedLanguages ?? ["en-ca", "fr-ca"];
  return chooseLocale({
    stored: request.session?.language ?? request.cookies?.[LANGUAGE_COOKIE] ?? null,
    // When nothing the browser asks for is offered, the dealership's first language wins (fr-ca in Quebec).
    browser: [...parseAcceptLanguage(request.headers["accept-language"]), ...allowed.slice(0, 1)],
    allowed,
  });
}

export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest("locale", "en-ca");
  app.addHook("onRequest", (request, _reply, done) => {
    request.locale = negotiateLocale(request);
    done();
  });
}
