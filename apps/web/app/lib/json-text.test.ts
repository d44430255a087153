import { describe, expect, it } from "vitest";
import { fromJsonText, toJsonText } from "./json-text.ts";

describe("a list sent as JSON text", () => {
  it("reads back what was written, text with markup and quotes included", () => {
    const cards = [{ id: 1, title: '2026 Honda "CR-V" </script><b>', price: null, tags: ["new"] }];
    const text = toJsonText(cards);
    expect(typeof text).toBe("string");
    expect(fromJsonText(text)).toEqual(cards);
  });
});
