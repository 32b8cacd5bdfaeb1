// The bounded maps the server remembers answers in: a Map iterates in insertion order, so the
// oldest entry is the first one.

/**
 * Sets `key` to `value` as `map`'s newest entry; when `map` holds `maxEntries`, the oldest goes.
 * Returns the entry that went, if one did.
 */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): [K, V] | undefined {
  map.delete(key);
  let dropped: [K, V] | undefined;
  if (map.size >= maxEntries) {
    dropped = map.entries().next().value as [K, V];
    map.delete(dropped[0]);
  }
  map.set(key, value);
  return dropped;
}
