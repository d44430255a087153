import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { useI18n, type MessageKey, type Translate } from "../../i18n/index.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";

/**
 * The personalized quotes' messages live with the feature (as the deposit's and the trade-in's do): they load with
 * the quote pages and with the deal panel's request card, which is itself loaded after the page, so the details and
 * build-and-price pages stay within their JavaScript budget. English is the source; French must have every key.
 */
export type QuotesMessageKey = keyof typeof en;
const catalogues: Record<"en" | "fr", Record<QuotesMessageKey, string>> = {
  en,
  fr: fr satisfies Record<QuotesMessageKey, string>,
};

export type QuotesTranslate = (key: QuotesMessageKey | MessageKey, values?: Record<string, string | number>) => string;

export const isQuotesMessageKey = (key: string): key is QuotesMessageKey => key in catalogues.en;

/** The feature's messages first, then the storefront's (common words, vehicle terms, frequencies). */
export function quotesTranslator(locale: Locale, shell: Translate): QuotesTranslate {
  const own = catalogues[languageOf(locale)];
  return (key, values = {}) => (isQuotesMessageKey(key) ? fillTemplate(own[key], values) : shell(key, values));
}

export function useQuotesI18n() {
  const { t, locale } = useI18n();
  return { locale, t: useMemo(() => quotesTranslator(locale, t), [locale, t]) };
}

/** For tests: both catalogues. */
export const quotesCatalogues = catalogues;
