import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { useI18n, type MessageKey, type Translate } from "../../i18n/index.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";

/**
 * The deposit messages live with the feature (as the trade-in's do): they load with the editor and the
 * workspace, not with every page, which keeps the details and build-and-price pages within their JavaScript budget. English is the source; French must have every key. The few words the deal
 * panel's deposits card shows are in the storefront's catalogue.
 */
export type DepositsMessageKey = keyof typeof en;
const catalogues: Record<"en" | "fr", Record<DepositsMessageKey, string>> = {
  en,
  fr: fr satisfies Record<DepositsMessageKey, string>,
};

export type DepositsTranslate = (
  key: DepositsMessageKey | MessageKey,
  values?: Record<string, string | number>,
) => string;

const isOwnKey = (key: string): key is DepositsMessageKey => key in catalogues.en;

/** The feature's messages first, then the storefront's (common words, errors). */
export function depositsTranslator(locale: Locale, shell: Translate): DepositsTranslate {
  const own = catalogues[languageOf(locale)];
  return (key, values = {}) => (isOwnKey(key) ? fillTemplate(own[key], values) : shell(key, values));
}

export function useDepositsI18n() {
  const { t, locale } = useI18n();
  return { locale, t: useMemo(() => depositsTranslator(locale, t), [locale, t]) };
}
