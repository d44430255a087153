import { describe, expect, it } from "vitest";
import { quotesCatalogues } from "./i18n.ts";

const { en, fr } = quotesCatalogues;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** Words that are the same in both languages. */
const SAME = new Set(["quotes.option.default_name", "quotes.option.number", "quotes.status.active", "quotes.vehicle.transmission", "quotes.row.total", "quotes.value.none", "quotes.value.payment"]);

describe("the quotes' messages", () => {
  it("French has every English key, with the same placeholders, and nothing left in English", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(fr[key].trim(), key).not.toBe("");
      expect(placeholders(fr[key]), key).toEqual(placeholders(en[key]));
      if (!SAME.has(key)) expect(fr[key], key).not.toBe(en[key]);
    }
  });

  it("French typography: a no-break space before a colon, question mark or percent", () => {
    for (const [key, text] of Object.entries(fr)) expect(text, key).not.toMatch(/[^\u00a0][:?!%]( |$)/);
  });

  it("the quote messages of the error catalogue (spec 8) are there in both languages", () => {
    expect(en["quotes.error.fetch"]).toBe("Unable to fetch quotes.");
    expect(en["quotes.error.select"]).toBe("Not able to select quote.");
    expect(fr["quotes.error.fetch"]).toBe("Impossible de récupérer les soumissions.");
    expect(fr["quotes.error.select"]).toBe("Impossible de sélectionner la soumission.");
  });
});
