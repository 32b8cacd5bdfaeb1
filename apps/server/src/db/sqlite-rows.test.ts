import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withArrayRows } from './sqlite-rows.ts';

describe('withArrayRows', () => {
  let database: SQLite.Database;
  beforeEach(() => {
    database = new SQLite(':memory:');
    database.exec(`create table t (id integer primary key, name text, score real, note text);
      insert into t values (1, 'a', 1.5, null), (2, 'b', 2, 'x');`);
  });
  afterEach(() => database.close());

  const queries = [
    'select * from t order by id',
    'select id, name as label, score * 2 as doubled from t where id > ? order by id',
    // Two columns named alike: the last one wins, as in better-sqlite3's own rows.
    'select id as x, name as x from t order by id',
    'select count(*) as n from t where id > ?',
    'select * from t where id > 99',
    // Names that are not identifiers, or that mean something to JavaScript, are columns like any other.
    `select id as "a"" + b", note as "1", score as "constructor" from t order by id`,
  ];

  it.each(queries)('gives the rows better-sqlite3 gives, key order included: %s', (sql) => {
    const parameters = sql.includes('?') ? [0] : [];
    const expected = database.prepare(sql).all(parameters) as Record<string, unknown>[];
    const rows = withArrayRows(database.prepare(sql)).all(parameters) as Record<string, unknown>[];
    expect(rows).toEqual(expected);
    expect(rows.map(Object.keys)).toEqual(expected.map(Object.keys));
    expect([...withArrayRows(database.prepare(sql)).iterate(parameters)]).toEqual(expected);
  });

  // better-sqlite3's own rows lack such a column on Node 20, and have it on Node 22 and 24.
  it("keeps a column named __proto__ as a property, not as the row's prototype", () => {
    const sql = `select name, x'00' as "__proto__" from t order by id`;
    for (const rows of [
      withArrayRows(database.prepare(sql)).all([]),
      [...withArrayRows(database.prepare(sql)).iterate([])],
    ] as Record<string, unknown>[][]) {
      expect(rows.map(Object.getPrototypeOf)).toEqual([Object.prototype, Object.prototype]);
      expect(rows.map(Object.entries)).toEqual([
        [
          ['name', 'a'],
          ['__proto__', Buffer.from([0])],
        ],
        [
          ['name', 'b'],
          ['__proto__', Buffer.from([0])],
        ],
      ]);
    }
  });

  it('runs writes as they are', () => {
    const insert = withArrayRows(database.prepare('insert into t (name) values (?)'));
    expect(insert.reader).toBe(false);
    expect(insert.run(['c'])).toEqual({ changes: 1, lastInsertRowid: 3 });
    expect(database.prepare('select name from t where id = 3').get()).toEqual({ name: 'c' });
  });

  it('reads rows of a write that returns them (RETURNING) as objects too', () => {
    const insert = withArrayRows(database.prepare('insert into t (name) values (?) returning id, name'));
    expect(insert.reader).toBe(true);
    expect(insert.all(['d'])).toEqual([{ id: 3, name: 'd' }]);
  });
});
