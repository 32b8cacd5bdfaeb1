import { v7 } from 'uuid';

/**
 * A new row's id: a UUID v7, so ids made later sort after earlier ones, even within the same
 * millisecond. Lists ordered by (date, id) then show rows in the order they were written; with
 * random ids, two thoughts posted in one millisecond came back in either order.
 */
export function newId(): string {
  return v7();
}
