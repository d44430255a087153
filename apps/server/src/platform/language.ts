import { apiMessage, chooseLocale, languageOf, parseAcceptLanguage, type Locale } from "@showroom/domain";
import type { FastifyInstance } from "fastify";

export const LANGUAGE_COOKIE = "language";

/** The request language: the stored choice, else the browser's, within what the dealership offers. */
export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest("locale", "en-ca");
  app.decorateRequest("t", function (this: { locale: Locale }, key, values) {
    return apiMessage(key, languageOf(this.locale), values);
  });
  app.addHook("onRequest", async (request) => {
    const allowed = request.dealership?.allowedLanguages ?? ["en-ca", "fr-ca"];
    request.locale = chooseLocale({
      stored: request.session?.language ?? request.cookies[LANGUAGE_COOKIE] ?? null,
      browser: parseAcceptLanguage(request.headers["accept-language"]),
      allowed,
    });
  });
}
