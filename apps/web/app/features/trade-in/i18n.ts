import { fillTemplate, languageOf, type Locale } from "@showroom/domain";
import { useMemo } from "react";
import { isMessageKey, useI18n, type MessageKey, type Translate } from "../../i18n/index.ts";
import en from "./messages/en.json";
import fr from "./messages/fr.json";

/**
 * The trade-in messages live with the feature, as build and price's do: they load with the trade-in page (and the
 * workspace's trade-in list), not with every page of the storefront, which keeps the details and build-and-price
 * pages within their JavaScript budget. English is the source; French must have every key. The few words the
 * deal panel's trade-in card shows are in the storefront's catalogue.
 */
export type TradeInMessageKey = keyof typeof en;
const catalogues: Record<"en" | "fr", Record<TradeInMessageKey, string>> = {
  en,
  fr: fr satisfies Record<TradeInMessageKey, string>,
};

export type TradeInTranslate = (
  key: TradeInMessageKey | MessageKey,
  values?: Record<string, string | number>,
) => string;

export const isTradeInMessageKey = (key: string): key is TradeInMessageKey => key in catalogues.en;

/** The feature's messages first, then the storefront's (common words, errors). */
export function tradeInTranslator(locale: Locale, shell: Translate): TradeInTranslate {
  const own = catalogues[languageOf(locale)];
  return (key, values = {}) => (isTradeInMessageKey(key) ? fillTemplate(own[key], values) : shell(key, values));
}

export function useTradeInI18n() {
  const { t, locale } = useI18n();
  return { locale, t: useMemo(() => tradeInTranslator(locale, t), [locale, t]) };
}

/** A code's label ("tradein.colour.black" → "Black"), or the value itself when the catalogues have none. */
export function tradeInCodeLabel(t: TradeInTranslate, prefix: string, value: string): string {
  const key = `${prefix}.${value}`;
  return isTradeInMessageKey(key) || isMessageKey(key) ? t(key) : value;
}
