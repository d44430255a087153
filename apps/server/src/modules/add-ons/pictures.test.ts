import { ACCESSORY_CATALOGUE_PICTURE_KINDS, ACCESSORY_MAKES, buildAccessoryCatalogue } from "@showroom/testing";
import { describe, expect, it } from "vitest";
import { ACCESSORY_PICTURE_KINDS, ACCESSORY_PICTURE_SIZES, drawAccessoryPicture } from "./pictures.ts";

describe("drawAccessoryPicture", () => {
  it.each(ACCESSORY_PICTURE_KINDS)("draws %s as a small self-contained SVG at every size", (kind) => {
    for (const size of ACCESSORY_PICTURE_SIZES) {
      const svg = drawAccessoryPicture(kind, size)!;
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" role="img"><title>[^<]+<\/title>/);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(Buffer.byteLength(svg, "utf8")).toBeLessThan(3 * 1024);
      expect(svg).not.toMatch(/<script|href=|url\(|on[a-z]+=/i);
      // Every element opened is closed or self-closing.
      const opened = svg.match(/<(svg|title|g)\b/g)!.length;
      expect(svg.match(/<\/(svg|title|g)>/g)!.length).toBe(opened);
    }
  });

  it("frames the sizes differently: default 4:3, wide banner, square", () => {
    const viewBox = (size: (typeof ACCESSORY_PICTURE_SIZES)[number]) => /viewBox="([^"]+)"/.exec(drawAccessoryPicture("wheel", size)!)?.[1];
    expect(viewBox("default")).toBe("0 0 320 240");
    expect(viewBox("wide")).toBe("0 0 640 240");
    expect(viewBox("square")).toBe("0 0 240 240");
    expect(drawAccessoryPicture("wheel")).toBe(drawAccessoryPicture("wheel", "default"));
  });

  it("draws nothing for an unknown kind", () => {
    expect(drawAccessoryPicture("hovercraft", "default")).toBeNull();
    expect(drawAccessoryPicture("", "wide")).toBeNull();
    expect(drawAccessoryPicture("toString", "square")).toBeNull();
  });

  it("draws every picture the demo accessory catalogue points at", () => {
    expect(ACCESSORY_PICTURE_KINDS).toEqual(expect.arrayContaining([...ACCESSORY_CATALOGUE_PICTURE_KINDS]));
    for (const make of ACCESSORY_MAKES) {
      for (const accessory of buildAccessoryCatalogue(make)) {
        for (const address of [accessory.image, accessory.recommended_image_desktop, accessory.recommended_image_mobile]) {
          if (address === null) continue;
          const [, kind, size] = /^\/api\/accessories\/pictures\/([a-z-]+)\.svg(?:\?size=(wide|square))?$/.exec(address) ?? [];
          expect(kind, address).toBeDefined();
          expect(drawAccessoryPicture(kind!, (size ?? "default") as "default"), address).not.toBeNull();
        }
      }
    }
  });
});
