import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { useI18n, type MessageKey, type Translate } from "../../i18n/index.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";

/**
 * The quote builder's messages live with the feature (as the deposits' do): they load with the staff pages that show
 * them (the quote builder, the workspace's customer page), never with the shopper's pages. English is the source;
 * French must have every key.
 */
export type QuotesMessageKey = keyof typeof en;
const catalogues: Record<"en" | "fr", Record<QuotesMessageKey, string>> = {
  en,
  fr: fr satisfies Record<QuotesMessageKey, string>,
};

export type QuotesTranslate = (key: QuotesMessageKey | MessageKey, values?: Record<string, string | number>) => string;

const isOwnKey = (key: string): key is QuotesMessageKey => key in catalogues.en;

/** The feature's messages first, then the storefront's (common words, errors). */
export function quotesTranslator(locale: Locale, shell: Translate): QuotesTranslate {
  const own = catalogues[languageOf(locale)];
  return (key, values = {}) => (isOwnKey(key) ? fillTemplate(own[key], values) : shell(key as MessageKey, values));
}

export function useQuotesI18n() {
  const { t, locale } = useI18n();
  return { locale, t: useMemo(() => quotesTranslator(locale, t), [locale, t]) };
}
