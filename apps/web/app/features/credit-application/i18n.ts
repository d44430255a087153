import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { useI18n, type MessageKey, type Translate } from "../../i18n/index.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";

/**
 * The credit application's messages live with the feature, as the trade-in's do: they load with its page only, which
 * keeps the details and build-and-price pages within their JavaScript budget. English is the source; French must
 * have every key. The few words of the deal panel's card are in the storefront's catalogue.
 */
export type CreditMessageKey = keyof typeof en;
const catalogues: Record<"en" | "fr", Record<CreditMessageKey, string>> = {
  en,
  fr: fr satisfies Record<CreditMessageKey, string>,
};

export type CreditTranslate = (key: CreditMessageKey | MessageKey, values?: Record<string, string | number>) => string;

export const isCreditMessageKey = (key: string): key is CreditMessageKey => key in catalogues.en;

/** The feature's messages first, then the storefront's (common words, errors). */
export function creditTranslator(locale: Locale, shell: Translate): CreditTranslate {
  const own = catalogues[languageOf(locale)];
  return (key, values = {}) =>
    isCreditMessageKey(key) ? fillTemplate(own[key], values) : shell(key as MessageKey, values);
}

export function useCreditI18n() {
  const { t, locale } = useI18n();
  return { locale, t: useMemo(() => creditTranslator(locale, t), [locale, t]) };
}
