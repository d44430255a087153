import { describe, expect, it } from "vitest";
import { BODY_TYPES, NORMALIZED_COLOURS } from "./normalize.ts";
import { bodyTypeOfSlug, colourHexFor, escapeXml, pictureSlug, vehiclePictureSvg } from "./vehicle-picture.ts";

const ANGLES = [0, 1, 2] as const;
const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("vehiclePictureSvg", () => {
  it("draws every body type at every angle: one self-contained svg under 3 KB", () => {
    for (const bodyType of BODY_TYPES) {
      for (const angle of ANGLES) {
        const svg = vehiclePictureSvg({ bodyType, colourHex: "#b3202a", angle, label: "2026 Toyota RAV4 XLE" });
        expect(svg.startsWith("<svg ")).toBe(true);
        expect(svg.endsWith("</svg>")).toBe(true);
        expect(svg).toContain('viewBox="0 0 640 400"');
        expect(svg).toContain("#b3202a");
        expect(svg).not.toMatch(/<script|href=|url\((?!#)|\son\w+=/i);
        expect(svg.match(/<svg/g)).toHaveLength(1);
        expect(bytes(svg)).toBeLessThan(3 * 1024);
      }
    }
  });

  it("balances its tags", () => {
    const svg = vehiclePictureSvg({ bodyType: "SUV", colourHex: "#2456a6", angle: 1, label: "x" });
    const opened = (svg.match(/<[a-zA-Z][^>]*[^/]>/g) ?? []).length;
    const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
    expect(opened).toBe(closed);
  });

  it("draws distinct silhouettes, Other as a Sedan", () => {
    const draw = (bodyType: string) => vehiclePictureSvg({ bodyType, colourHex: "#6e7379", angle: 0 });
    const drawings = new Set(BODY_TYPES.filter((body) => body !== "Other").map(draw));
    expect(drawings.size).toBe(BODY_TYPES.length - 1);
    expect(draw("Other")).toBe(draw("Sedan"));
    expect(draw("Spaceship")).toBe(draw("Sedan"));
  });

  it("frames the three angles differently", () => {
    const pictures = ANGLES.map((angle) => vehiclePictureSvg({ bodyType: "Wagon", colourHex: "#2f6b3f", angle }));
    expect(new Set(pictures).size).toBe(3);
  });

  it("escapes the label and cuts a long one", () => {
    const svg = vehiclePictureSvg({ bodyType: "Coupe", colourHex: "#fff", angle: 0, label: `<b>"Tom" & 'Jerry'</b>` });
    expect(svg).toContain("&#60;b&#62;&#34;Tom&#34; &#38; &#39;Jerry&#39;&#60;/b&#62;");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("#ffffff");
    const long = vehiclePictureSvg({ bodyType: "Van", colourHex: "#000", angle: 2, label: "&".repeat(500) });
    expect(bytes(long)).toBeLessThan(3 * 1024);
    expect(long).toContain("…");
  });

  it("refuses a colour that is not hex", () => {
    expect(() => vehiclePictureSvg({ bodyType: "SUV", colourHex: 'red" onload="x', angle: 0 })).toThrow(RangeError);
  });
});

describe("colourHexFor", () => {
  it("gives a distinct hex colour for each normalized colour", () => {
    const hexes = NORMALIZED_COLOURS.map(colourHexFor);
    for (const hex of hexes) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(hexes).size).toBe(NORMALIZED_COLOURS.length);
  });
});

describe("escapeXml", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`a<b>&"'`)).toBe("a&#60;b&#62;&#38;&#34;&#39;");
  });
});

describe("picture addresses", () => {
  it("write names as slugs and read body types back, Other for an unknown one", () => {
    expect(pictureSlug("Light Blue")).toBe("light-blue");
    expect(pictureSlug("  ")).toBe("other");
    for (const body of BODY_TYPES) expect(bodyTypeOfSlug(pictureSlug(body))).toBe(body);
    expect(bodyTypeOfSlug("spaceship")).toBe("Other");
  });
});
