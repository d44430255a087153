/** A route of a React Router server build (`build.routes`, or the manifest's `build.assets.routes`), keyed by id. */
export type BuildRoute = { id: string; parentId?: string | undefined; path?: string | undefined; index?: boolean | undefined; caseSensitive?: boolean | undefined };

/** How many leading segments of an address choose its subset. */
const DEPTH = 2;

/**
 * The segments of a route's address in its first places that an address must have there (null where the route takes
 * any value: a parameter, a splat); `open` once an optional segment or a splat made the places after it shift.
 */
type Fixed = { places: (string | null)[]; open: boolean };

function fixedSegments<R extends BuildRoute>(routes: Record<string, R>, id: string, memo: Map<string, Fixed>): Fixed {
  const known = memo.get(id);
  if (known) return known;
  const route = routes[id]!;
  const parent = route.parentId ? fixedSegments(routes, route.parentId, memo) : { places: [], open: false };
  const fixed = { places: [...parent.places], open: parent.open };
  for (const segment of (route.path ?? "").split("/").filter(Boolean)) {
    if (fixed.open || fixed.places.length >= DEPTH) break;
    const shifts = segment === "*" || segment.endsWith("?");
    fixed.places.push(shifts || segment.startsWith(":") || route.caseSensitive === true ? null : segment.toLowerCase());
    fixed.open = shifts;
  }
  memo.set(id, fixed);
  return fixed;
}

/**
 * React Router matches a request by flattening and ranking every route of the build, then trying them in turn, on each
 * request and again when rendering (with 158 routes, for six language and dealer-code prefixes, about a tenth of a
 * page's server time). A route whose address has a fixed segment in one of the first places can only match an address
 * with that segment there; `routeSubsets` groups addresses by those segments (each as itself when some route fixes
 * it there, else as "other") and gives each group the routes that can match one of them, with their ancestors.
 * Matching within that subset finds the same route as within the whole build: the routes left out match nothing of
 * the group, and the ones kept keep their order (React Router ranks siblings by their order, and sorts stably).
 */
export function routeSubsets<R extends BuildRoute>(routes: Record<string, R>) {
  const fixedOf = new Map<string, Fixed>();
  for (const id of Object.keys(routes)) fixedSegments(routes, id, fixedOf);
  const fixedAt: Set<string>[] = Array.from({ length: DEPTH }, () => new Set());
  for (const fixed of fixedOf.values()) fixed.places.forEach((segment, place) => segment !== null && fixedAt[place]!.add(segment));

  /**
   * The group of a pathname, or null when it must be matched against every route: it is encoded, or has an empty
   * segment, or is a data or manifest request (React Router rewrites those paths before matching).
   */
  function keyOf(pathname: string): string | null {
    if (pathname.includes("%") || pathname.includes("//") || pathname.endsWith(".data") || pathname.includes("/__")) return null;
    const segments = pathname.split("/").filter(Boolean);
    let key = "";
    for (let place = 0; place < DEPTH; place++) {
      const segment = segments[place]?.toLowerCase();
      // "/" cannot be in a segment, so it marks "other" and "none" apart from every segment a route fixes.
      key += `${segment === undefined ? "/none" : fixedAt[place]!.has(segment) ? segment : "/other"}|`;
    }
    return key;
  }

  /** The routes that may match an address of this group, with their ancestors, as the build lists them. */
  function subset(key: string): Record<string, R> {
    const wanted = key.split("|").slice(0, DEPTH);
    const matchable = (id: string) =>
      fixedOf.get(id)!.places.every((segment, place) => segment === null || wanted[place] === "/none" || segment === wanted[place]);
    const kept = new Set<string>();
    for (const id of Object.keys(routes)) {
      if (!matchable(id)) continue;
      for (let at: string | undefined = id; at !== undefined && !kept.has(at); at = routes[at]!.parentId) kept.add(at);
    }
    return Object.fromEntries(Object.entries(routes).filter(([id]) => kept.has(id)));
  }

  return { keyOf, subset };
}
