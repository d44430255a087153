/**
 * A cache of at most `capacity` entries that keeps the most recently used half of them, at least. Entries go into a
 * young generation; once it holds half the capacity it becomes the old one, and the previous old one is dropped. An old
 * entry used again is copied into the young one (the young one is read first, so an old copy is never seen). Holds
 * results that are exact for their key, so entries never expire.
 *
 * A strict least-recently-used map (a Map reordered by a delete and a set on every hit) left V8 a table to rebuild
 * every few thousand hits: the search's cache lookups took 7 % of a new search's processor time. Here a hit in the
 * young generation is one lookup.
 */
export function boundedCache<V, K extends string | number = string>(capacity: number) {
  const half = Math.max(1, Math.ceil(capacity / 2));
  let young = new Map<K, V>();
  let old = new Map<K, V>();
  function keep(key: K, value: V) {
    young.set(key, value);
    if (young.size < half) return;
    old = young;
    young = new Map();
  }
  return {
    get(key: K): V | undefined {
      const value = young.get(key);
      if (value !== undefined) return value;
      const aged = old.get(key);
      if (aged !== undefined) keep(key, aged);
      return aged;
    },
    set(key: K, value: V) {
      keep(key, value);
    },
    /** How many keys it holds (counted one by one: for tests). */
    get size() {
      let size = young.size;
      for (const key of old.keys()) if (!young.has(key)) size++;
      return size;
    },
  };
}
