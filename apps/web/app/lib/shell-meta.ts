import { languageOf, type DealerInfo, type Locale } from "@showroom/domain";
import { catalogueOf, translator, type Translate } from "../i18n/index.ts";

/** What a page's `meta` needs of the shell's data: its dealership, its locale and a translator for it. */
export type ShellMeta = { dealer: DealerInfo; locale: Locale; t: Translate };

/** A route match as React Router hands it to `meta` (only its id and data are read). */
type MetaMatch = { id: string; data: unknown } | undefined;

const isShellData = (data: unknown): data is { dealer: DealerInfo; locale: Locale } =>
  typeof data === "object" && data !== null && "dealer" in data && "locale" in data && typeof data.locale === "string" && typeof data.dealer === "object" && data.dealer !== null;

/**
 * The shell's data among a page's matches (every storefront page sits under one `shell@…` route), for
 * titles in the visitor's language; null when the shell has none (its loader failed).
 */
export function shellMeta(matches: readonly MetaMatch[]): ShellMeta | null {
  const data = matches.find((match) => match?.id.startsWith("shell@"))?.data;
  if (!isShellData(data)) return null;
  return { dealer: data.dealer, locale: data.locale, t: translator(catalogueOf(languageOf(data.locale))) };
}
