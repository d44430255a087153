import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Locale } from "./format.ts";
import {
  chooseLocale,
  isMultilingual,
  languageOf,
  normalizeLocale,
  parseAcceptLanguage,
  SUPPORTED_LOCALES,
} from "./language.ts";

describe("normalizeLocale", () => {
  it.each([
    ["en-ca", "en-ca"],
    ["en_CA", "en-ca"],
    ["EN-ca", "en-ca"],
    ["en", "en-ca"],
    ["en-GB", "en-ca"],
    ["en-US", "en-us"],
    ["en_us", "en-us"],
    ["en-Latn-US", "en-us"],
    ["fr", "fr-ca"],
    ["fr-CA", "fr-ca"],
    ["fr_ca", "fr-ca"],
    ["fr-FR", "fr-ca"],
    ["fr-US", "fr-ca"],
    [" fr-ca ", "fr-ca"],
  ] as const)("maps %j to %s", (input, expected) => {
    expect(normalizeLocale(input)).toBe(expected);
  });

  it.each([null, undefined, "", " ", "de", "de-CA", "es-US", "eng", "english", "french", "e", "*", "en--ca", "en-", "-en", "en!!", "en-ca; DROP"])(
    "rejects %j",
    (input) => {
      expect(normalizeLocale(input)).toBeNull();
    },
  );

  it("always yields a supported locale or null", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = normalizeLocale(input);
        expect(result === null || (SUPPORTED_LOCALES as readonly string[]).includes(result)).toBe(true);
      }),
    );
  });
});

describe("languageOf", () => {
  it("returns the language part", () => {
    expect(languageOf("fr-ca")).toBe("fr");
    expect(languageOf("en-ca")).toBe("en");
    expect(languageOf("en-us")).toBe("en");
  });
});

describe("parseAcceptLanguage", () => {
  it("orders by quality, keeping header order for equal weights", () => {
    expect(parseAcceptLanguage("fr-CA,fr;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual(["fr-CA", "fr", "en-US", "en"]);
    expect(parseAcceptLanguage("en;q=0.5, fr;q=0.9, de, es;q=0.9")).toEqual(["de", "fr", "es", "en"]);
    expect(parseAcceptLanguage("a;q=0.5,b;q=0.5,c;q=0.5")).toEqual(["a", "b", "c"]);
  });

  it("treats a missing weight as 1 and accepts q=1 forms", () => {
    expect(parseAcceptLanguage("en;q=1.000, fr")).toEqual(["en", "fr"]);
    expect(parseAcceptLanguage("en;Q=0.5, fr ; q = 0.6")).toEqual(["fr", "en"]);
  });

  it("drops q=0", () => {
    expect(parseAcceptLanguage("en;q=0, fr;q=0.000, de;q=0.001")).toEqual(["de"]);
  });

  it("ignores malformed parts", () => {
    expect(
      parseAcceptLanguage("en;q=2, fr;q=abc, ;q=0.5, , 123, en-;q=0.5, es;q=0.5;level=1, de;, it;q=1.5, pt;q=0.5, *;q=0.1"),
    ).toEqual(["pt", "*"]);
  });

  it.each([null, undefined, "", "   ", ",,,"])("returns nothing for %j", (header) => {
    expect(parseAcceptLanguage(header)).toEqual([]);
  });

  it("returns at most 20 entries, the most preferred ones", () => {
    const header = [...Array.from({ length: 30 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))};q=0.1`), "fr;q=0.9"].join(",");
    const result = parseAcceptLanguage(header);
    expect(result).toHaveLength(20);
    expect(result[0]).toBe("fr");
  });

  it("never throws and respects the limit", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (header) => {
        expect(parseAcceptLanguage(header).length).toBeLessThanOrEqual(20);
      }),
    );
  });
});

describe("chooseLocale", () => {
  const everything: Locale[] = ["en-ca", "fr-ca", "en-us"];

  it("prefers the route, then the stored choice, then the browser", () => {
    expect(chooseLocale({ route: "fr-ca", stored: "en-ca", browser: ["en-US"], allowed: everything })).toBe("fr-ca");
    expect(chooseLocale({ route: null, stored: "fr-ca", browser: ["en-US"], allowed: everything })).toBe("fr-ca");
    expect(chooseLocale({ stored: null, browser: ["de", "fr-FR", "en"], allowed: everything })).toBe("fr-ca");
  });

  it("skips choices whose language is not offered", () => {
    expect(chooseLocale({ route: "fr", stored: "en-ca", allowed: ["en-ca"] })).toBe("en-ca");
    expect(chooseLocale({ route: "de", browser: ["es", "fr"], allowed: ["en-ca", "fr-ca"] })).toBe("fr-ca");
  });

  it("maps a language onto the allowed locale of that language", () => {
    expect(chooseLocale({ route: "en", allowed: ["en-us"] })).toBe("en-us");
    expect(chooseLocale({ route: "en-ca", allowed: ["fr-ca", "en-us"] })).toBe("en-us");
    expect(chooseLocale({ browser: ["en-US"], allowed: ["fr-ca", "en-ca"] })).toBe("en-ca");
    expect(chooseLocale({ browser: ["fr-FR"], allowed: ["en-us", "fr-ca"] })).toBe("fr-ca");
  });

  it("prefers the exact regional variant when both English locales are offered", () => {
    expect(chooseLocale({ route: "en-us", allowed: ["en-ca", "en-us"] })).toBe("en-us");
    expect(chooseLocale({ browser: ["en_US"], allowed: ["en-ca", "en-us"] })).toBe("en-us");
    expect(chooseLocale({ browser: ["en-GB"], allowed: ["en-us", "en-ca"] })).toBe("en-ca");
    expect(chooseLocale({ route: "en", allowed: ["en-us", "en-ca"] })).toBe("en-ca");
  });

  it("matches on the first two characters, case-insensitively", () => {
    expect(chooseLocale({ route: "FR_ca", allowed: everything })).toBe("fr-ca");
    expect(chooseLocale({ route: "French", allowed: ["en-ca", "fr-ca"] })).toBe("fr-ca");
  });

  it("falls back to en-ca when allowed, else the first allowed locale", () => {
    expect(chooseLocale({ route: "de", allowed: everything })).toBe("en-ca");
    expect(chooseLocale({ allowed: ["fr-ca", "en-ca"] })).toBe("en-ca");
    expect(chooseLocale({ route: "de", allowed: ["en-us", "fr-ca"] })).toBe("en-us");
    expect(chooseLocale({ route: "", stored: "", browser: [], allowed: ["fr-ca"] })).toBe("fr-ca");
  });

  it("falls back to en-ca when nothing is allowed", () => {
    expect(chooseLocale({ route: "fr-ca", allowed: [] })).toBe("en-ca");
  });

  it("always returns an allowed locale when any is allowed", () => {
    const locale = fc.constantFrom<Locale>(...SUPPORTED_LOCALES);
    const candidate = fc.option(fc.oneof(fc.string({ maxLength: 8 }), locale), { nil: undefined });
    fc.assert(
      fc.property(
        fc.uniqueArray(locale, { minLength: 1, maxLength: 3 }),
        candidate,
        candidate,
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 5 }),
        (allowed, route, stored, browser) => {
          expect(allowed).toContain(chooseLocale({ route, stored, browser, allowed }));
        },
      ),
    );
  });
});

describe("isMultilingual", () => {
  it("is true only when both languages are offered", () => {
    expect(isMultilingual(["en-ca", "fr-ca"])).toBe(true);
    expect(isMultilingual(["en-us", "fr-ca", "en-ca"])).toBe(true);
    expect(isMultilingual(["en-ca", "en-us"])).toBe(false);
    expect(isMultilingual(["fr-ca"])).toBe(false);
    expect(isMultilingual(["fr-ca", "fr-ca"])).toBe(false);
    expect(isMultilingual([])).toBe(false);
  });
});
