import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { useI18n, type MessageKey, type Translate } from "../../i18n/index.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";

/**
 * The manufacturer-identity pages' messages live with the feature: they load with the login and profile pages, not with
 * every page's first view. English is the source; French must have every key. The customer menu's two entries are in
 * the storefront's catalogue.
 */
export type ManufacturerIdentityMessageKey = keyof typeof en;
const catalogues: Record<"en" | "fr", Record<ManufacturerIdentityMessageKey, string>> = {
  en,
  fr: fr satisfies Record<ManufacturerIdentityMessageKey, string>,
};

export type ManufacturerIdentityTranslate = (key: ManufacturerIdentityMessageKey | MessageKey, values?: Record<string, string | number>) => string;

const isOwnKey = (key: string): key is ManufacturerIdentityMessageKey => key in catalogues.en;

/** The feature's messages first, then the storefront's. */
export function manufacturerIdentityTranslator(language: "en" | "fr", shell: Translate): ManufacturerIdentityTranslate {
  const own = catalogues[language];
  return (key, values = {}) => (isOwnKey(key) ? fillTemplate(own[key], values) : shell(key, values));
}

/** One message in a language, without the storefront's catalogue (the callback page, page titles). */
export const manufacturerIdentityMessage = (language: "en" | "fr", key: ManufacturerIdentityMessageKey, values: Record<string, string | number> = {}) =>
  fillTemplate(catalogues[language][key], values);

export function useManufacturerIdentityI18n() {
  const { t, locale } = useI18n();
  return { locale: locale as Locale, t: useMemo(() => manufacturerIdentityTranslator(languageOf(locale), t), [locale, t]) };
}
