import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { useI18n, type MessageKey } from "../../i18n/index.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";

/**
 * The insurance estimate's messages live with the feature (as the deposit's do): they load with its card and modal,
 * after the page, keeping the details and build-and-price pages within their JavaScript budget. English is the
 * source; French must have every key.
 */
export type InsuranceMessageKey = keyof typeof en;
const catalogues: Record<"en" | "fr", Record<InsuranceMessageKey, string>> = { en, fr: fr satisfies Record<InsuranceMessageKey, string> };
export type InsuranceTranslate = (key: InsuranceMessageKey | MessageKey, values?: Record<string, string | number>) => string;
const isOwnKey = (key: string): key is InsuranceMessageKey => key in catalogues.en;

export function useInsuranceI18n(): { locale: Locale; t: InsuranceTranslate } {
  const { t, locale } = useI18n();
  return {
    locale,
    t: useMemo<InsuranceTranslate>(() => {
      const own = catalogues[languageOf(locale)];
      return (key, values = {}) => (isOwnKey(key) ? fillTemplate(own[key], values) : t(key, values));
    }, [locale, t]),
  };
}
