// The bounded maps the server remembers answers in, keyed by parts — a kind, a member's id, a
// book's id, a page's cursor and limit — rather than by one string joining them. A string made anew
// for every request is flattened, hashed and compared in full at each lookup: ~12 % of a signed-in
// preview's instructions (docs/performance.md, twenty-fourth session). A part looked up as it is
// costs less: a member's id kept on their session and a constant are hashed once for good, a book's
// id parsed from the URL once per request however many maps it is looked up in.

export type KeyPart = string | number | undefined;
/** The same parts, in the same order, name the same entry (parts compare as a Map's keys do). */
export type Key = readonly [KeyPart, ...KeyPart[]];

export interface NewestEntries<V> {
  get(key: Key): V | undefined;
  /** Sets `key` to `value` as the newest entry; when `maxEntries` are held, the oldest goes. */
  set(key: Key, value: V): void;
  delete(key: Key): void;
  clear(): void;
  readonly size: number;
}

class Entry<V> {
  constructor(
    readonly key: Key,
    public value: V,
  ) {}
}

/** A part's map: the next part's, or the entry at a key's last part. */
type Level<V> = Map<KeyPart, Level<V> | Entry<V>>;

export function createNewestEntries<V>(maxEntries: number): NewestEntries<V> {
  // Keyed by a key's length first, so no key runs into the middle of a longer one.
  const root: Level<V> = new Map();
  // Every entry, oldest first: a Set iterates in insertion order, and hashes an object by identity.
  const order = new Set<Entry<V>>();

  function find(key: Key): Entry<V> | undefined {
    let at = root.get(key.length);
    for (let i = 0; i < key.length && at instanceof Map; i++) at = at.get(key[i]);
    return at instanceof Entry ? at : undefined;
  }

  /** The map for the part after `part`, made when there is none yet. */
  function levelAfter(level: Level<V>, part: KeyPart): Level<V> {
    const next = level.get(part);
    if (next instanceof Map) return next;
    const made: Level<V> = new Map();
    level.set(part, made);
    return made;
  }

  /** Takes `entry` out, and the maps that held only it. */
  function remove(entry: Entry<V>) {
    order.delete(entry);
    const parts = [entry.key.length, ...entry.key];
    const levels = [root];
    for (let i = 0; i < parts.length - 1; i++) levels.push(levels[i]?.get(parts[i]) as Level<V>);
    for (let i = parts.length - 1; i >= 0; i--) {
      const level = levels[i] as Level<V>;
      level.delete(parts[i]);
      if (level.size > 0) return;
    }
  }

  return {
    get(key) {
      return find(key)?.value;
    },
    set(key, value) {
      const old = find(key);
      if (old) {
        // The newest now: last in the order.
        order.delete(old);
        old.value = value;
        order.add(old);
        return;
      }
      let level = levelAfter(root, key.length);
      for (let i = 0; i < key.length - 1; i++) level = levelAfter(level, key[i]);
      const entry = new Entry(key, value);
      level.set(key[key.length - 1], entry);
      order.add(entry);
      if (order.size > maxEntries) remove(order.values().next().value as Entry<V>);
    },
    delete(key) {
      const entry = find(key);
      if (entry) remove(entry);
    },
    clear() {
      root.clear();
      order.clear();
    },
    get size() {
      return order.size;
    },
  };
}
