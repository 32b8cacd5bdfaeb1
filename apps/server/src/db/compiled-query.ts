// A query whose shape never changes, built and compiled by Kysely once: each call only puts its
// values in. Kysely otherwise rebuilds, freezes and compiles the same query tree on every
// request (docs/performance.md). kysely-params does this too, but targets Kysely 0.24.
//
// `build` is called once with stand-ins for the values; each stand-in must reach the SQL as a
// bound parameter (not through sql.lit, a LIKE pattern made from it, or a list whose length
// varies), or compiledQuery refuses the query when it is made.
import { type Compilable, createQueryId, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { runAtOnce, runNow } from './sqlite-now.ts';

export interface CompiledQuery<Values extends readonly unknown[], Row> {
  (...values: Values): Promise<Row[]>;
  /** SQLite only: the same query run at once, inside sqliteTransaction's work (sqlite-now.ts). */
  now(...values: Values): Row[];
}

/** Never a real value: a NUL cannot be stored in PostgreSQL text, and user input refuses it. */
const standIn = (index: number) => `\u0000value ${index}\u0000`;

export function compiledQuery<Values extends readonly unknown[], Row>(
  db: Kysely<Database>,
  arity: Values['length'],
  build: (...values: Values) => Compilable<Row>,
): CompiledQuery<Values, Row> {
  const standIns = Array.from({ length: arity }, (_, i) => standIn(i));
  const { sql, parameters, query } = build(...(standIns as unknown as Values)).compile();
  // Each parameter is either the index of a value or a value of the query itself.
  const slots: (number | { fixed: unknown })[] = parameters.map((parameter) => {
    const index = standIns.indexOf(parameter as string);
    return index >= 0 ? index : { fixed: parameter };
  });
  for (let index = 0; index < arity; index++) {
    if (!slots.includes(index)) {
      throw new Error(`compiledQuery: value ${index} is not a bound parameter of: ${sql}`);
    }
  }
  const bind = (values: Values) =>
    slots.map((slot) => (typeof slot === 'number' ? values[slot] : slot.fixed));
  const run = async (...values: Values) => {
    const parameters = bind(values);
    // SQLite with no transaction open: run now (sqlite-now.ts), one promise instead of Kysely's.
    const rows = runAtOnce<Row>(db, sql, parameters);
    if (rows) return rows;
    // The query's tree goes with it: the PostgreSQL driver reads it (postgres-pipeline.ts).
    return (await db.executeQuery<Row>({ query, sql, parameters, queryId: createQueryId() })).rows;
  };
  return Object.assign(run, {
    now: (...values: Values) => runNow<Row>(db, sql, bind(values)),
  });
}
