import { describe, expect, it } from "vitest";
import { fromJsonText, toJsonText, type JsonText } from "./json-text.ts";

describe("a list sent as JSON text", () => {
  it("reads back what was written, text with markup and quotes included", () => {
    const cards = [{ id: 1, title: '2026 Honda "CR-V" </script><b>', price: null, tags: ["new"] }];
    const text = toJsonText(cards);
    expect(typeof text).toBe("string");
    expect(JSON.parse(text)).toEqual(cards);
    expect(fromJsonText(text)).toEqual(cards);
  });

  it("hands the written value back once to the page that renders it; a text from elsewhere is parsed", () => {
    const cards = [{ id: 2 }];
    const text = toJsonText(cards);
    expect(fromJsonText(text)).toBe(cards);
    const again = fromJsonText(text);
    expect(again).not.toBe(cards);
    expect(again).toEqual(cards);
    expect(fromJsonText('[{"id":3}]' as JsonText<{ id: number }[]>)).toEqual([{ id: 3 }]);
  });

  it("keeps only the latest texts a render never read", () => {
    const first = [{ id: 0 }];
    const text = toJsonText(first);
    for (let i = 1; i <= 40; i++) toJsonText([{ id: i }]);
    expect(fromJsonText(text)).not.toBe(first);
    expect(fromJsonText(text)).toEqual(first);
  });
});
