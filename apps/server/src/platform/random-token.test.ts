import { describe, expect, it } from "vitest";
import { randomToken } from "./random-token.ts";

describe("randomToken", () => {
  it("gives base64url tokens of the length asked, never the same twice across pool refills", () => {
    const tokens = Array.from({ length: 2_000 }, () => randomToken(32));
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(Buffer.from(randomToken(16), "base64url")).toHaveLength(16);
  });

  it("refuses a length the pool cannot give", () => {
    for (const bytes of [0, -1, 1.5, 4097]) expect(() => randomToken(bytes)).toThrow(RangeError);
  });
});
