import { describe, expect, it } from "vitest";
import { safeReturnPath, withSignInError } from "./return-path.ts";

describe("safeReturnPath", () => {
  it("keeps a path of this site with its query and fragment", () => {
    expect(safeReturnPath("/en/maple-vw-ottawa/details/12/?paymentType=cash#deal")).toBe("/en/maple-vw-ottawa/details/12/?paymentType=cash#deal");
  });

  it.each([
    ["another site", "https://evil.example/"],
    ["a protocol-relative address", "//evil.example/path"],
    ["a backslash read as a slash", "/\\evil.example"],
    ["a scheme", "javascript:alert(1)"],
    ["a relative path", "en/search/"],
    ["a control character", "/en/\tsearch/"],
    ["an API path", "/api/customer/"],
    ["nothing", ""],
    ["too long", `/${"a".repeat(2000)}`],
  ])("refuses %s", (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("drops the error parameters of an earlier attempt", () => {
    expect(safeReturnPath("/fr/maple-vw-ottawa/search/?sso_error=Oups&make=VW&vw_idk_error=x")).toBe("/fr/maple-vw-ottawa/search/?make=VW");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeReturnPath("/../../etc/passwd")).toBe("/etc/passwd");
  });
});

describe("withSignInError", () => {
  it("adds the message as sso_error, encoded, keeping the rest of the address", () => {
    expect(withSignInError("/en/x/search/?make=VW#top", "You cancelled & left")).toBe("/en/x/search/?make=VW&sso_error=You+cancelled+%26+left#top");
  });
});
