import { describe, expect, it } from "vitest";
import { centroidKey, distanceBetween } from "./geo.ts";

describe("distanceBetween", () => {
  const toronto = { lat: 43.6532, lng: -79.3832 };
  const ottawa = { lat: 45.4215, lng: -75.6972 };
  it("measures Toronto to Ottawa as about 352 km or 219 miles", () => {
    expect(distanceBetween(toronto, ottawa, "km")).toBeCloseTo(352, -1);
    expect(distanceBetween(toronto, ottawa, "mi")).toBeCloseTo(219, -1);
  });
  it("is zero from a place to itself and symmetric", () => {
    expect(distanceBetween(toronto, toronto, "km")).toBe(0);
    expect(distanceBetween(toronto, ottawa, "km")).toBe(distanceBetween(ottawa, toronto, "km"));
  });
});

describe("centroidKey", () => {
  it("keeps the forward sortation area of a Canadian postal code", () => {
    expect(centroidKey("m5v 3l9")).toBe("M5V");
    expect(centroidKey("H7T")).toBe("H7T");
  });
  it("keeps five digits of a ZIP, with or without the plus-four", () => {
    expect(centroidKey("14202-1234")).toBe("14202");
  });
  it("refuses anything else", () => {
    expect(centroidKey("M5")).toBeNull();
    expect(centroidKey("1420")).toBeNull();
    expect(centroidKey("'; drop table")).toBeNull();
  });
});
