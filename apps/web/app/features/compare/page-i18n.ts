import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { useI18n } from "../../i18n/index.ts";
import en from "./messages/page.en.json";
import fr from "./messages/page.fr.json";

/** The comparison page's words, loaded with that page only (English is the source; French has every key). */
export type ComparePageMessageKey = keyof typeof en;
export const comparePageCatalogues: Record<"en" | "fr", Record<ComparePageMessageKey, string>> = { en, fr: fr satisfies Record<ComparePageMessageKey, string> };

export const comparePageTranslator = (locale: Locale) => {
  const catalogue = comparePageCatalogues[languageOf(locale)];
  return (key: ComparePageMessageKey, values: Record<string, string | number> = {}) => fillTemplate(catalogue[key], values);
};

export function useComparePageI18n() {
  const { locale } = useI18n();
  return useMemo(() => comparePageTranslator(locale), [locale]);
}
