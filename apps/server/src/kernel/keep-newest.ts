// A bounded Map keyed by one string the request already holds as it is (a Cookie header, a
// member's id): a Map iterates in insertion order, so the oldest entry is the first one. Answers
// keyed by several parts (a kind, a member, a book) go in newest-entries.ts instead, which keeps the
// same bound without joining the parts into a new string on every request.

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
