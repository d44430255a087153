import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  normalizePage,
  normalizePageSize,
  pageCount,
  pageLinks,
  pageWindow,
} from "./pagination.ts";

describe("constants", () => {
  it("default to 50 per page, at most 200", () => {
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(MAX_PAGE_SIZE).toBe(200);
  });
});

describe("pageWindow", () => {
  it.each([
    [1, 50, 0, 50],
    [2, 50, 50, 50],
    [3, 20, 40, 20],
    [1, 200, 0, 200],
    [2, 500, 200, 200],
    [0, 50, 0, 50],
    [-3, 50, 0, 50],
    [Number.NaN, 50, 0, 50],
    [2.7, 10, 10, 10],
    [2, 0, 50, 50],
    [2, -10, 50, 50],
    [2, Number.NaN, 50, 50],
    [2, 10.9, 10, 10],
  ])("page %d of size %d is offset %d limit %d", (page, pageSize, offset, limit) => {
    expect(pageWindow(page, pageSize)).toEqual({ offset, limit });
  });

  it("keeps the offset a safe integer for absurd pages", () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (page, pageSize) => {
        const { offset, limit } = pageWindow(page, pageSize);
        expect(Number.isSafeInteger(offset)).toBe(true);
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(limit).toBeGreaterThanOrEqual(1);
        expect(limit).toBeLessThanOrEqual(MAX_PAGE_SIZE);
        expect(offset % limit).toBe(0);
      }),
    );
  });
});

describe("normalizers", () => {
  it("clamp pages and sizes", () => {
    expect(normalizePage(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normalizePage(5)).toBe(5);
    expect(normalizePageSize(Number.POSITIVE_INFINITY)).toBe(DEFAULT_PAGE_SIZE);
    expect(normalizePageSize(1)).toBe(1);
    expect(normalizePageSize(201)).toBe(200);
  });

  it("count pages", () => {
    expect(pageCount(0, 50)).toBe(0);
    expect(pageCount(1, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(-5, 50)).toBe(0);
    expect(pageCount(Number.NaN, 50)).toBe(0);
  });
});

describe("pageLinks", () => {
  const url = "https://shop.example.com/api/vehicles?make=Honda&page=2&body=suv&body=sedan&sort=price";

  it("links both ways from a middle page, keeping every other parameter", () => {
    expect(pageLinks({ url, page: 2, pageSize: 10, count: 35 })).toEqual({
      next: "https://shop.example.com/api/vehicles?make=Honda&page=3&body=suv&body=sedan&sort=price",
      previous: "https://shop.example.com/api/vehicles?make=Honda&page=1&body=suv&body=sedan&sort=price",
    });
  });

  it("has no previous link on the first page", () => {
    const links = pageLinks({ url: "https://shop.example.com/vehicles?make=Ford", page: 1, pageSize: 10, count: 35 });
    expect(links).toEqual({ next: "https://shop.example.com/vehicles?make=Ford&page=2", previous: null });
  });

  it("has no next link on the last page", () => {
    expect(pageLinks({ url, page: 4, pageSize: 10, count: 35 }).next).toBeNull();
    expect(pageLinks({ url, page: 4, pageSize: 10, count: 40 }).next).toBeNull();
    expect(pageLinks({ url, page: 4, pageSize: 10, count: 41 }).next).not.toBeNull();
  });

  it("has no links at all for a single page or no results", () => {
    expect(pageLinks({ url: "https://x.test/v", page: 1, pageSize: 50, count: 50 })).toEqual({ next: null, previous: null });
    expect(pageLinks({ url: "https://x.test/v", page: 1, pageSize: 50, count: 0 })).toEqual({ next: null, previous: null });
  });

  it("adds the page parameter when the URL has none", () => {
    expect(pageLinks({ url: "https://x.test/v", page: 1, pageSize: 50, count: 51 }).next).toBe("https://x.test/v?page=2");
  });

  it("replaces duplicate page parameters with one", () => {
    const links = pageLinks({ url: "https://x.test/v?page=2&page=9&q=a", page: 2, pageSize: 1, count: 3 });
    expect(links.next).toBe("https://x.test/v?page=3&q=a");
    expect(links.previous).toBe("https://x.test/v?page=1&q=a");
  });

  it("leads back to the last page from beyond the end", () => {
    expect(pageLinks({ url: "https://x.test/v?page=9", page: 9, pageSize: 10, count: 35 })).toEqual({
      next: null,
      previous: "https://x.test/v?page=4",
    });
    expect(pageLinks({ url: "https://x.test/v?page=9", page: 9, pageSize: 10, count: 0 }).previous).toBe(
      "https://x.test/v?page=1",
    );
  });

  it("caps the page size like pageWindow", () => {
    expect(pageLinks({ url: "https://x.test/v", page: 1, pageSize: 10_000, count: 201 }).next).toBe("https://x.test/v?page=2");
    expect(pageLinks({ url: "https://x.test/v", page: 1, pageSize: 10_000, count: 200 }).next).toBeNull();
  });

  it("keeps encoded values intact", () => {
    const links = pageLinks({ url: "https://x.test/v?q=a%26b&city=Montr%C3%A9al", page: 1, pageSize: 1, count: 2 });
    const next = new URL(links.next ?? "");
    expect(next.searchParams.get("q")).toBe("a&b");
    expect(next.searchParams.get("city")).toBe("Montréal");
    expect(next.searchParams.get("page")).toBe("2");
  });

  it("rejects relative URLs", () => {
    expect(() => pageLinks({ url: "/vehicles?page=1", page: 1, pageSize: 10, count: 100 })).toThrow(TypeError);
  });
});
