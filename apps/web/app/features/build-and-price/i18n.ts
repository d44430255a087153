import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { useI18n, type MessageKey, type Translate } from "../../i18n/index.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";

/**
 * The build-and-price messages live with the feature: they load with its route, not with every page of
 * the storefront. English is the source; French must have every key.
 */
export type BuildMessageKey = keyof typeof en;
const catalogues: Record<"en" | "fr", Record<BuildMessageKey, string>> = { en, fr: fr satisfies Record<BuildMessageKey, string> };

export type BuildTranslate = (key: BuildMessageKey | MessageKey, values?: Record<string, string | number>) => string;

export const isBuildMessageKey = (key: string): key is BuildMessageKey => key in catalogues.en;

/** The feature's messages first, then the storefront's (common words, errors). */
export function buildTranslator(locale: Locale, shell: Translate): BuildTranslate {
  const own = catalogues[languageOf(locale)];
  return (key, values = {}) => (isBuildMessageKey(key) ? fillTemplate(own[key], values) : shell(key, values));
}

export function useBuildI18n() {
  const { t, locale } = useI18n();
  return { locale, t: useMemo(() => buildTranslator(locale, t), [locale, t]) };
}
