/**
 * A least-recently-used map of at most `capacity` entries (a Map keeps insertion order, so the first key
 * is the least recently used). Holds results that are exact for their key, so entries never expire.
 */
export function boundedCache<V, K extends string | number = string>(capacity: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: K, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
