import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { useI18n, type MessageKey, type Translate } from "../../i18n/index.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";

/**
 * The notify-me form's words load with its modal; the card that opens it (a sold vehicle's details page) uses the
 * storefront's catalogue. English is the source; French must have every key.
 */
export type NotifyMeMessageKey = keyof typeof en;
const catalogues: Record<"en" | "fr", Record<NotifyMeMessageKey, string>> = {
  en,
  fr: fr satisfies Record<NotifyMeMessageKey, string>,
};
export type NotifyMeTranslate = (
  key: NotifyMeMessageKey | MessageKey,
  values?: Record<string, string | number>,
) => string;

const isOwnKey = (key: string): key is NotifyMeMessageKey => key in catalogues.en;

export function notifyMeTranslator(locale: Locale, shell: Translate): NotifyMeTranslate {
  const own = catalogues[languageOf(locale)];
  return (key, values = {}) => (isOwnKey(key) ? fillTemplate(own[key], values) : shell(key, values));
}

export function useNotifyMeI18n() {
  const { t, locale } = useI18n();
  return { locale, t: useMemo(() => notifyMeTranslator(locale, t), [locale, t]) };
}
