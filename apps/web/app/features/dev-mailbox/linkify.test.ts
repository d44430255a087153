import { describe, expect, it } from "vitest";
import { linkify } from "./linkify.ts";

describe("linkify", () => {
  it("keeps a text without addresses as one part", () => {
    expect(linkify("Your code is 123456.")).toEqual([{ text: "Your code is 123456." }]);
    expect(linkify("")).toEqual([]);
  });

  it("makes http and https addresses links, leaving the sentence's punctuation outside", () => {
    expect(linkify("Sign in: https://shop.example/fr/maple-auto/login/?code=a&b=c. Thanks")).toEqual([
      { text: "Sign in: " },
      { text: "https://shop.example/fr/maple-auto/login/?code=a&b=c", href: "https://shop.example/fr/maple-auto/login/?code=a&b=c" },
      { text: ". Thanks" },
    ]);
    expect(linkify("(see http://localhost:3000/details/1/)\nhttps://a.example")).toEqual([
      { text: "(see " },
      { text: "http://localhost:3000/details/1/", href: "http://localhost:3000/details/1/" },
      { text: ")\n" },
      { text: "https://a.example", href: "https://a.example" },
    ]);
  });

  it("keeps a bracket that belongs to the address, and stops at XML markup", () => {
    expect(linkify("https://en.example/wiki/Car_(automobile)")).toEqual([
      { text: "https://en.example/wiki/Car_(automobile)", href: "https://en.example/wiki/Car_(automobile)" },
    ]);
    expect(linkify("<comments>https://shop.example/x</comments>")).toEqual([
      { text: "<comments>" },
      { text: "https://shop.example/x", href: "https://shop.example/x" },
      { text: "</comments>" },
    ]);
  });

  it("decodes the XML entities of an address in an ADF lead's link, and only there", () => {
    const text = "<comments>see https://shop.example/a?b=1&amp;c=2</comments>";
    expect(linkify(text, { xml: true })[1]).toEqual({ text: "https://shop.example/a?b=1&amp;c=2", href: "https://shop.example/a?b=1&c=2" });
    expect(linkify(text)[1]).toEqual({ text: "https://shop.example/a?b=1&amp;c=2", href: "https://shop.example/a?b=1&amp;c=2" });
  });

  it("never makes a link of another scheme or of an address without a host", () => {
    expect(linkify("javascript:alert(1) ftp://files.example http://")).toEqual([{ text: "javascript:alert(1) ftp://files.example http://" }]);
  });
});
