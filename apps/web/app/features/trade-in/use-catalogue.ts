import { useEffect, useRef, useState } from "react";
import type { CatalogueLevel, CatalogueQuery } from "./trade-in-api.ts";

export const CASCADE_LEVELS = ["year", "make", "model", "trim", "style"] as const;
export type CascadeLevel = (typeof CASCADE_LEVELS)[number];
export type Chosen = Record<Exclude<CascadeLevel, "style">, string>;

/** A level's choices: asked for, refused, or the values (null while the levels above it are not all chosen). */
export type LevelOptions = { status: "loading" } | { status: "failed" } | { status: "ok"; values: string[] };

/** The query each level's list needs: every level above it chosen, or null while one is not. */
export function cascadeQuery(level: CascadeLevel, chosen: Chosen): CatalogueQuery | null {
  const above = CASCADE_LEVELS.slice(0, CASCADE_LEVELS.indexOf(level)) as Exclude<CascadeLevel, "style">[];
  if (above.some((name) => !chosen[name])) return null;
  return Object.fromEntries(above.map((name) => [name, chosen[name]])) as CatalogueQuery;
}

const keyOf = (query: CatalogueQuery) =>
  JSON.stringify([query.year ?? "", query.make ?? "", query.model ?? "", query.trim ?? ""]);

/** The levels below `level`, emptied when it changes (a new make has other models). */
export function clearBelow(level: CascadeLevel): Partial<Record<CascadeLevel, string>> {
  return Object.fromEntries(CASCADE_LEVELS.slice(CASCADE_LEVELS.indexOf(level) + 1).map((name) => [name, ""]));
}

/**
 * The year → make → model → trim → style cascade of the vehicle catalogue: each level's list is read once the
 * levels above it are chosen (and kept, so going back and forth reads nothing again).
 */
export function useCatalogueCascade(load: (query: CatalogueQuery) => Promise<CatalogueLevel>, chosen: Chosen) {
  const [lists, setLists] = useState<Record<string, LevelOptions>>({});
  const asked = useRef(new Set<string>());
  const loadRef = useRef(load);
  loadRef.current = load;
  const queries = CASCADE_LEVELS.map((level) => cascadeQuery(level, chosen));
  const wanted = queries.filter((q): q is CatalogueQuery => q !== null).map(keyOf);

  const fetchList = (query: CatalogueQuery) => {
    const key = keyOf(query);
    asked.current.add(key);
    setLists((all) => ({ ...all, [key]: { status: "loading" } }));
    loadRef.current(query).then(
      (answer) => setLists((all) => ({ ...all, [key]: { status: "ok", values: answer.values } })),
      () => {
        asked.current.delete(key);
        setLists((all) => ({ ...all, [key]: { status: "failed" } }));
      },
    );
  };

  useEffect(() => {
    for (const query of queries)
      if (query && !asked.current.has(keyOf(query)) && lists[keyOf(query)]?.status !== "failed") fetchList(query);
    // The wanted lists are what the choices call for.
  }, [wanted.join("\n")]);

  return {
    options(level: CascadeLevel): LevelOptions | null {
      const query = queries[CASCADE_LEVELS.indexOf(level)];
      return query ? (lists[keyOf(query)] ?? { status: "loading" }) : null;
    },
    retry(level: CascadeLevel) {
      const query = queries[CASCADE_LEVELS.indexOf(level)];
      if (query) fetchList(query);
    },
  };
}
