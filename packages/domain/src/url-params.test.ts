import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildUrlParams, fillTemplate } from "./url-params.ts";

describe("buildUrlParams", () => {
  it("encodes scalars in insertion order", () => {
    expect(buildUrlParams({ make: "Honda", year: 2024, certified: true, used: false })).toBe(
      "make=Honda&year=2024&certified=true&used=false",
    );
  });

  it("skips null and undefined, keeps empty strings and zero", () => {
    expect(buildUrlParams({ a: null, b: undefined, c: "", d: 0 })).toBe("c=&d=0");
  });

  it("repeats keys for arrays, skipping empty entries", () => {
    expect(buildUrlParams({ body: ["suv", "sedan"], year: [2023, null, 2024], none: [] })).toBe(
      "body=suv&body=sedan&year=2023&year=2024",
    );
  });

  it("percent-encodes reserved characters", () => {
    expect(buildUrlParams({ q: "a&b=c d", "é": "ç/?#" })).toBe("q=a%26b%3Dc+d&%C3%A9=%C3%A7%2F%3F%23");
  });

  it("returns an empty string for no parameters", () => {
    expect(buildUrlParams({})).toBe("");
  });

  it.each([
    ["object", { nested: 1 }],
    ["date", new Date(0)],
    ["function", () => 1],
    ["symbol", Symbol("s")],
    ["bigint", 1n],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["array of objects", [{ a: 1 }]],
    ["nested array", [["a"]]],
  ])("rejects a %s value", (_name, value) => {
    expect(() => buildUrlParams({ filter: value })).toThrow(new TypeError("Unsafe URL parameter value for filter"));
  });

  it("round-trips through URLSearchParams", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.array(fc.string(), { minLength: 1, maxLength: 3 })), (params) => {
        const parsed = new URLSearchParams(buildUrlParams(params));
        for (const [key, values] of Object.entries(params)) expect(parsed.getAll(key)).toEqual(values);
      }),
    );
  });
});

describe("fillTemplate", () => {
  it("replaces placeholders with or without inner spaces", () => {
    expect(fillTemplate("{{ year }} {{make}} {{  model  }}", { year: 2024, make: "Honda", model: "Civic" })).toBe(
      "2024 Honda Civic",
    );
  });

  it("uses the fallback for missing, null and undefined values", () => {
    expect(fillTemplate("[{{ a }}|{{ b }}|{{ c }}]", { b: null, c: undefined })).toBe("[||]");
    expect(fillTemplate("[{{ a }}|{{ b }}]", { b: null }, "n/a")).toBe("[n/a|n/a]");
  });

  it("keeps empty strings and zero as real values", () => {
    expect(fillTemplate("[{{ a }}|{{ b }}]", { a: "", b: 0 }, "?")).toBe("[|0]");
  });

  it("replaces every occurrence", () => {
    expect(fillTemplate("{{x}}-{{ x }}-{{x }}", { x: "1" })).toBe("1-1-1");
  });

  it("does not expand placeholders inside values or special replacement patterns", () => {
    expect(fillTemplate("{{ a }}", { a: "{{ b }}", b: "nope" })).toBe("{{ b }}");
    expect(fillTemplate("{{ a }}", { a: "$& $1 $$" })).toBe("$& $1 $$");
  });

  it("ignores inherited properties", () => {
    expect(fillTemplate("{{ constructor }}{{ toString }}", {}, "-")).toBe("--");
  });

  it("leaves text that is not a placeholder alone", () => {
    expect(fillTemplate("{ a } {{}} {{ a b }} {{a", { a: "x" })).toBe("{ a } {{}} {{ a b }} {{a");
  });

  it("supports dotted and dashed names", () => {
    expect(fillTemplate("{{ dealer.name }} {{ stock-number }}", { "dealer.name": "Auto", "stock-number": "A1" })).toBe(
      "Auto A1",
    );
  });
});
