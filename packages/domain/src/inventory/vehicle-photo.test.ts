import { describe, expect, it } from "vitest";
import {
  isVehiclePhotoUrl,
  negotiatePhotoFormat,
  PHOTO_WIDTHS,
  snapPhotoWidth,
  vehiclePhotoAt,
  vehiclePhotoSrcSet,
} from "./vehicle-photo.ts";
import { vehiclePhotoParamsSchema, vehiclePhotoQuerySchema } from "./vehicle-photo-schemas.ts";

describe("snapPhotoWidth", () => {
  it("gives the smallest width of the set at least as wide as asked", () => {
    expect(snapPhotoWidth(1)).toBe(320);
    expect(snapPhotoWidth(320)).toBe(320);
    expect(snapPhotoWidth(321)).toBe(480);
    expect(snapPhotoWidth(700)).toBe(960);
    expect(snapPhotoWidth(1280)).toBe(1280);
    expect(snapPhotoWidth(1281)).toBe(1920);
  });

  it("never gives a width outside the set, however wide the ask", () => {
    expect(snapPhotoWidth(4096)).toBe(1920);
    for (let asked = 1; asked <= 4096; asked += 37) expect(PHOTO_WIDTHS).toContain(snapPhotoWidth(asked));
  });
});

describe("negotiatePhotoFormat", () => {
  it("prefers AVIF, then WebP, from what the browser names", () => {
    expect(negotiatePhotoFormat("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8")).toBe("avif");
    expect(negotiatePhotoFormat("image/webp,*/*")).toBe("webp");
    expect(negotiatePhotoFormat("IMAGE/WEBP;q=0.9, image/png")).toBe("webp");
  });

  it("falls back to JPEG for wildcards, no header, or formats refused with q=0", () => {
    expect(negotiatePhotoFormat("image/*,*/*;q=0.8")).toBe("jpeg");
    expect(negotiatePhotoFormat(undefined)).toBe("jpeg");
    expect(negotiatePhotoFormat("")).toBe("jpeg");
    expect(negotiatePhotoFormat("image/avif;q=0, image/webp;q=0")).toBe("jpeg");
    expect(negotiatePhotoFormat("image/avif;q=0, image/webp")).toBe("webp");
  });
});

describe("photo addresses", () => {
  const url = "/api/quickshop/inventory/42/photos/0/?v=0123456789ab";

  it("recognises the image route's addresses, not drawn pictures or outside hosts", () => {
    expect(isVehiclePhotoUrl(url)).toBe(true);
    expect(isVehiclePhotoUrl("/api/quickshop/inventory/42/photos/3/")).toBe(true);
    expect(isVehiclePhotoUrl("/api/quickshop/inventory/pictures/suv/red/0.svg")).toBe(false);
    expect(isVehiclePhotoUrl("https://cdn.example/api/quickshop/inventory/42/photos/0/")).toBe(false);
  });

  it("names each width of the set in a srcset, up to a maximum", () => {
    expect(vehiclePhotoAt(url, 640)).toBe(`${url}&w=640`);
    expect(vehiclePhotoAt("/api/quickshop/inventory/42/photos/0/", 320)).toBe("/api/quickshop/inventory/42/photos/0/?w=320");
    expect(vehiclePhotoSrcSet(url, 640)).toBe(`${url}&w=320 320w, ${url}&w=480 480w, ${url}&w=640 640w`);
    expect(vehiclePhotoSrcSet(url).split(", ")).toHaveLength(PHOTO_WIDTHS.length);
  });
});

describe("the image route's input", () => {
  it("takes a width from 1 to 4096, a known format and a hex version", () => {
    expect(vehiclePhotoQuerySchema.parse({ w: "500", format: "webp", v: "abc123" })).toEqual({ w: 500, format: "webp", v: "abc123" });
    expect(vehiclePhotoQuerySchema.parse({})).toEqual({});
  });

  it("names the field at fault", () => {
    const fieldOf = (input: Record<string, string>) => vehiclePhotoQuerySchema.safeParse(input).error?.issues.map((i) => i.path[0]);
    expect(fieldOf({ w: "0" })).toEqual(["w"]);
    expect(fieldOf({ w: "abc" })).toEqual(["w"]);
    expect(fieldOf({ w: "12.5" })).toEqual(["w"]);
    expect(fieldOf({ w: "5000" })).toEqual(["w"]);
    expect(fieldOf({ format: "gif" })).toEqual(["format"]);
    expect(fieldOf({ v: "../x" })).toEqual(["v"]);
    expect(vehiclePhotoParamsSchema.safeParse({ id: "7", n: "-1" }).error?.issues.map((i) => i.path[0])).toEqual(["n"]);
    expect(vehiclePhotoParamsSchema.safeParse({ id: "x", n: "0" }).error?.issues.map((i) => i.path[0])).toEqual(["id"]);
  });
});
