import { describe, expect, it } from "vitest";
import { boundedCache } from "./bounded-cache.ts";

describe("boundedCache", () => {
  it("keeps the most recently used half of its capacity, and never holds more than its capacity", () => {
    const cache = boundedCache<number>(4);
    for (let i = 0; i < 20; i++) {
      cache.set(`k${i}`, i);
      expect(cache.size).toBeLessThanOrEqual(4);
      if (i > 0) expect(cache.get(`k${i - 1}`)).toBe(i - 1);
      expect(cache.get(`k${i}`)).toBe(i);
    }
    expect(cache.get("k0")).toBeUndefined();
  });

  it("keeps an entry used again over one that was not", () => {
    const cache = boundedCache<number>(4);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    cache.set("d", 4);
    expect(cache.get("a")).toBe(1);
    expect(cache.get("b")).toBeUndefined();
  });

  it("answers a key's latest value, however the generations turned", () => {
    const cache = boundedCache<string>(4);
    cache.set("a", "x");
    cache.set("b", "-");
    cache.set("a", "y");
    expect(cache.get("a")).toBe("y");
    cache.set("c", "-");
    cache.set("d", "-");
    expect(cache.get("a")).toBe("y");
    cache.set("a", "z");
    expect(cache.get("a")).toBe("z");
    expect(cache.size).toBeLessThanOrEqual(4);
  });
});
