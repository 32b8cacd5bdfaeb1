// better-sqlite3 builds each row object in native code, one property at a time through V8's API;
// reading the row as an array and building the object in JavaScript is cheaper: the feed's query
// (21 rows of 12 columns) ran in ~105 µs as objects and ~68 µs as arrays made into objects
// (docs/performance.md). Rows keep the same shape: one property per column, named as SQLite
// names it, the last one winning when two share a name (as better-sqlite3 does). A column named
// `__proto__` is a property too, as in better-sqlite3's rows on Node 22 and 24 (on Node 20 they
// lack it).
import type SQLite from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/** `statement` for Kysely, its rows read as arrays and made into objects here. */
export function withArrayRows(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  statement.raw(true);
  // A column named `__proto__` (none of ours) assigned would set the row's prototype instead:
  // such rows are made by defining each property.
  const toObject = names.includes('__proto__')
    ? (values: unknown[]) => Object.fromEntries(names.map((name, i) => [name, values[i]]))
    : (values: unknown[]) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
        return row;
      };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>)
        yield toObject(values);
    },
  };
}
