// Opaque keyset cursors: base64url JSON of the last row's sort keys. Clients pass `nextCursor`
// back unchanged; anything else that does not decode to the expected keys is a 400.
import type { Keys } from '#server/db/keyset.ts';
import { AppError } from '#server/kernel/app-error.ts';

export const INVALID_CURSOR_MESSAGE = 'The cursor is not valid; start again from the first page.';

/** Sort keys of the last row of a page, e.g. `[addedAt, id]`. */
export function encodeCursor(keys: readonly string[]): string {
  return Buffer.from(JSON.stringify(keys), 'utf8').toString('base64url');
}

/** The `size` sort keys in `cursor`; undefined when there is none; AppError 400 when it is not ours. */
export function decodeCursor(cursor: string | undefined, size: number): string[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let keys: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError(400, 'INVALID_CURSOR', INVALID_CURSOR_MESSAGE);
  }
  if (
    !Array.isArray(keys) ||
    keys.length !== size ||
    !keys.every(
      (key) => typeof key === 'string' && key.length > 0 && key.length <= 100 && !/\p{Cc}/u.test(key),
    )
  ) {
    throw new AppError(400, 'INVALID_CURSOR', INVALID_CURSOR_MESSAGE);
  }
  return keys as string[];
}

/** The (time, id) of the last row a list paged by db/keyset.ts showed; as decodeCursor. */
export function decodeKeys(cursor: string | undefined): Keys | undefined {
  return decodeCursor(cursor, 2) as Keys | undefined;
}

/**
 * A page of `limit` rows from a query that fetched `limit + 1`: the extra row only says that
 * another page exists; the cursor points after the last row kept.
 */
export function toPage<T>(rows: T[], limit: number, keysOf: (row: T) => string[]) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(keysOf(last)) : null;
  return { items, nextCursor };
}
