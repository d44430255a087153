import { createContext, useContext } from "react";
import { fillTemplate, type Language, type Locale } from "@showroom/domain";
import type en from "./en.json";

/** English is the source catalogue: its keys type every lookup, and French must have them all. */
export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

/**
 * Each language's catalogue is a chunk of its own, so a page ships the one it shows: the browser loads it before
 * hydrating (entry.client.tsx) and before showing a page in the other language (the shell's clientLoader); the
 * server loads both once (entry.server.tsx).
 */
const imports: Record<Language, () => Promise<Catalogue>> = {
  en: () => import("./en.json").then((module) => module.default),
  fr: () => import("./fr.json").then((module) => module.default satisfies Catalogue),
};
const loaded: Partial<Record<Language, Catalogue>> = {};

export async function loadCatalogue(language: Language): Promise<Catalogue> {
  return (loaded[language] ??= await imports[language]());
}

/** A loaded catalogue: the language's, else any loaded one (an error page shown mid-switch still has words). */
export function catalogueOf(language: Language): Catalogue {
  const catalogue = loaded[language] ?? loaded.en ?? loaded.fr;
  if (!catalogue) throw new Error("no message catalogue is loaded yet (loadCatalogue)");
  return catalogue;
}

/** Whether the catalogues have a message under this key (every catalogue has the same keys). */
export const isMessageKey = (key: string): key is MessageKey => key in catalogueOf("en");

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(catalogue: Catalogue): Translate {
  return (key, values = {}) => fillTemplate(catalogue[key] ?? key, values);
}

export const I18nContext = createContext<{ locale: Locale; t: Translate }>({
  locale: "en-ca",
  t: (key, values) => translator(catalogueOf("en"))(key, values),
});

export const useI18n = () => useContext(I18nContext);

/** The translated label of a code ("body.SUV" → "VUS"), or the value itself when the catalogue has none (makes, free text). */
export function codeLabel(t: Translate, prefix: string, value: string): string {
  const key = `${prefix}.${value}`;
  return isMessageKey(key) ? t(key) : value;
}
