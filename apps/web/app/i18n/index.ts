import { createContext, useContext } from "react";
import { fillTemplate, type Locale } from "@showroom/domain";
import en from "./en.json";
import fr from "./fr.json";

/** English is the source catalogue: its keys type every lookup, and French must have them all. */
export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

export const catalogues: Record<"en" | "fr", Catalogue> = { en, fr: fr satisfies Catalogue };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(catalogue: Catalogue): Translate {
  return (key, values = {}) => fillTemplate(catalogue[key] ?? key, values);
}

export const I18nContext = createContext<{ locale: Locale; t: Translate }>({
  locale: "en-ca",
  t: translator(en),
});

export const useI18n = () => useContext(I18nContext);

/** The translated label of a code ("body.SUV" → "VUS"), or the value itself when the catalogue has none (makes, free text). */
export function codeLabel(t: Translate, prefix: string, value: string): string {
  const key = `${prefix}.${value}`;
  return key in catalogues.en ? t(key as MessageKey) : value;
}
