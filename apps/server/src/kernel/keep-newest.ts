// The bounded maps the server remembers answers in: a Map iterates in insertion order, so the
// oldest entry is the first one.

/** Sets `key` to `value` as `map`'s newest entry; when `map` holds `maxEntries`, the oldest goes. */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  if (map.size >= maxEntries) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
