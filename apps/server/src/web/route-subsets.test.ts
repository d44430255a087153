import fc from "fast-check";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import storefrontRoutes from "../../../web/app/routes.ts";
import { routeSubsets, type BuildRoute } from "./route-subsets.ts";

/** What a route of the storefront's route config holds (@react-router/dev's RouteConfigEntry, as far as matching goes). */
type RouteConfigEntry = { id?: string | undefined; file: string; path?: string | undefined; index?: boolean | undefined; children?: RouteConfigEntry[] | undefined };

/** The storefront's routes as its server build lists them: flat, by id, under "root" (ids as React Router gives them). */
function asBuildRoutes(entries: RouteConfigEntry[]): Record<string, BuildRoute> {
  const routes: Record<string, BuildRoute> = { root: { id: "root", path: "" } };
  const add = (entry: RouteConfigEntry, parentId: string) => {
    const id = entry.id ?? entry.file.replace(/\.[^.]+$/, "");
    routes[id] = { id, parentId, path: entry.path, index: entry.index };
    for (const child of entry.children ?? []) add(child, id);
  };
  for (const entry of entries) add(entry, "root");
  return routes;
}

/** Nested route objects, children in the build's order, as React Router's request handler makes them. */
function tree(routes: Record<string, BuildRoute>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = tree(routes, route.id);
      return route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, ...(children.length ? { children } : {}) };
    });
}

const matched = (routes: RouteObject[], pathname: string) =>
  matchRoutes(routes, pathname)?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname })) ?? null;

const build = asBuildRoutes(storefrontRoutes);
const subsets = routeSubsets(build);
const everyRoute = tree(build);

/** Every route's address, with each parameter, optional segment and splat filled from `segment`. */
const patterns = Object.keys(build).map((id) => {
  const segments: string[] = [];
  for (let at: string | undefined = id; at; at = build[at]!.parentId) segments.unshift(...(build[at]!.path ?? "").split("/").filter(Boolean));
  return segments;
});
const staticSegments = [...new Set(patterns.flat().filter((s) => !s.startsWith(":") && s !== "*"))];
const segment = fc.oneof(
  fc.constantFrom(...staticSegments, "en", "fr", "EN", "Fr", "maple-auto", "boulevard-laval", "123", "x"),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
);
const address = fc.oneof(
  // An address some route was written for, its parameters and splats filled with any segment.
  fc.tuple(fc.constantFrom(...patterns), fc.array(segment, { minLength: 8, maxLength: 8 }), fc.array(segment, { maxLength: 3 }), fc.boolean()).map(([pattern, fill, extra, slash]) => {
    const parts = pattern.flatMap((s, i) => (s === "*" ? extra : s.endsWith("?") ? (fill[i]!.length % 2 ? [fill[i]!] : []) : s.startsWith(":") ? [fill[i]!] : [s]));
    return `/${parts.join("/")}${slash && parts.length ? "/" : ""}`;
  }),
  // Any address made of segments the routes know and others.
  fc.tuple(fc.array(segment, { maxLength: 5 }), fc.boolean()).map(([parts, slash]) => `/${parts.join("/")}${slash && parts.length ? "/" : ""}`),
);

describe("route subsets", () => {
  it("match every address as the whole route list does", () => {
    fc.assert(
      fc.property(address, (pathname) => {
        const key = subsets.keyOf(pathname);
        const routes = key === null ? everyRoute : tree(subsets.subset(key));
        expect(matched(routes, pathname)).toEqual(matched(everyRoute, pathname));
      }),
      { numRuns: 2000 },
    );
  });

  it("leave most routes out of a storefront page's subset", () => {
    const all = Object.keys(build).length;
    for (const pathname of ["/en/maple-auto/search/", "/fr/maple-auto/details/12/", "/search/", "/maple-auto/details/12/"]) {
      const key = subsets.keyOf(pathname)!;
      expect(Object.keys(subsets.subset(key)).length, pathname).toBeLessThan(all / 3);
    }
  });

  it("match encoded addresses, data and manifest requests against every route", () => {
    for (const pathname of ["/%65n/maple-auto/search/", "/en/maple-auto/search.data", "/__manifest", "//en/search"]) expect(subsets.keyOf(pathname)).toBeNull();
  });
});
