import type { Locale } from "./format.ts";

export const SUPPORTED_LOCALES = ["en-ca", "en-us", "fr-ca"] as const satisfies readonly Locale[];

export type Language = "en" | "fr";

const DEFAULT_LOCALE: Locale = "en-ca";

const LANGUAGE_TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/;

/**
 * Maps any English or French tag onto the locales we build: French is always
 * Canadian, and English is American only when the region says so.
 */
export function normalizeLocale(input: string | null | undefined): Locale | null {
  if (typeof input !== "string") return null;
  const tag = input.trim().toLowerCase().replaceAll("_", "-");
  if (!LANGUAGE_TAG.test(tag)) return null;
  const [language, ...subtags] = tag.split("-");
  if (language === "fr") return "fr-ca";
  if (language !== "en") return null;
  // The region is the first two-letter subtag, possibly after a script ("en-Latn-US").
  const region = subtags.find((subtag) => /^[a-z]{2}$/.test(subtag));
  return region === "us" ? "en-us" : "en-ca";
}

export function languageOf(locale: Locale): Language {
  return locale === "fr-ca" ? "fr" : "en";
}

const MAX_ACCEPTED_LANGUAGES = 20;
const LANGUAGE_RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/** Language ranges from an Accept-Language header, most preferred first. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (typeof header !== "string") return [];
  const ranges: { range: string; quality: number }[] = [];
  for (const part of header.split(",")) {
    const [range = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    if (!LANGUAGE_RANGE.test(range)) continue;
    // A part with any parameter we cannot read is dropped rather than guessed at.
    if (parameters.length > 1) continue;
    const weight = parameters.length === 1 ? QUALITY.exec((parameters[0] ?? "").replace(/\s+/g, ""))?.[1] : "1";
    if (weight === undefined) continue;
    const quality = Number(weight);
    if (quality > 0) ranges.push({ range, quality });
  }
  // Array.prototype.sort is stable, so equal weights keep header order.
  return ranges
    .sort((a, b) => b.quality - a.quality)
    .slice(0, MAX_ACCEPTED_LANGUAGES)
    .map(({ range }) => range);
}

function languagePrefix(candidate: string): string {
  return candidate.trim().slice(0, 2).toLowerCase();
}

/**
 * Route, then stored preference, then the browser's languages: the first whose
 * language the storefront offers wins. Unsupported choices fall back to en-CA.
 */
export function chooseLocale(input: {
  route?: string | null;
  stored?: string | null;
  browser?: readonly string[];
  allowed: readonly Locale[];
}): Locale {
  const { allowed } = input;
  const candidates = [input.route, input.stored, ...(input.browser ?? [])];
  for (const candidate of candidates) {
    if (typeof candidate !== "string") continue;
    const language = languagePrefix(candidate);
    const sameLanguage = allowed.filter((locale) => languageOf(locale) === language);
    if (sameLanguage.length === 0) continue;
    // Prefer the exact regional variant ("en-us") when several share the language.
    const exact = normalizeLocale(candidate);
    return exact !== null && sameLanguage.includes(exact) ? exact : (sameLanguage[0] ?? DEFAULT_LOCALE);
  }
  if (allowed.length === 0 || allowed.includes(DEFAULT_LOCALE)) return DEFAULT_LOCALE;
  return allowed[0] ?? DEFAULT_LOCALE;
}

/** True when the storefront offers more than one language, i.e. needs a language switcher. */
export function isMultilingual(allowed: readonly Locale[]): boolean {
  return new Set(allowed.map(languageOf)).size > 1;
}
