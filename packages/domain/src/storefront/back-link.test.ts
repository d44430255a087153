import { describe, expect, it } from "vitest";
import { backLinkOf, configurationIdOf } from "./back-link.ts";

describe("backLinkOf (refurl)", () => {
  it("takes an absolute http(s) address and names its host", () => {
    expect(backLinkOf("https://www.autotrader.ca/cars/toyota/?q=1")).toEqual({ href: "https://www.autotrader.ca/cars/toyota/?q=1", host: "autotrader.ca" });
    expect(backLinkOf("http://marketplace.example/list")).toEqual({ href: "http://marketplace.example/list", host: "marketplace.example" });
  });
  it("refuses script, data, relative and protocol-relative addresses, credentials and empty values", () => {
    for (const value of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<script>", "/search/", "//evil.example/", "https://user:pw@evil.example/", "ftp://files.example/", "https://", "", null, undefined, `https://a.example/${"x".repeat(2000)}`]) {
      expect(backLinkOf(value), String(value)).toBeNull();
    }
  });
});

describe("configurationIdOf", () => {
  it("reads a whole number id, nothing else", () => {
    expect(configurationIdOf("42")).toBe(42);
    for (const value of ["", "0", "-1", "4.2", "abc", "99999999999", null]) expect(configurationIdOf(value), String(value)).toBeNull();
  });
});
