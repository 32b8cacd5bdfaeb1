import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { type Keys, pageAfter } from './keyset.ts';

describe.each(engines)('pageAfter on %s', (engine) => {
  let t: TestApp;
  // Three share a time: only the id orders them, and no page may repeat or skip one.
  const events = [
    ['e1', '2026-01-01T00:00:00.000Z'],
    ['e2', '2026-01-02T00:00:00.000Z'],
    ['e3', '2026-01-02T00:00:00.000Z'],
    ['e4', '2026-01-02T00:00:00.000Z'],
    ['e5', '2026-01-03T00:00:00.000Z'],
  ] as const;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.db
      .insertInto('audit_event')
      .values(
        events.map(([id, date]) => ({
          id,
          date,
          actor_id: null,
          actor_email: 'ops@example.com',
          action: 'test',
          target_kind: 'book',
          target_id: id,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every page of two, following each page's last row, as a client follows nextCursor. */
  async function allPages(order: 'desc' | 'asc') {
    const pages: string[][] = [];
    let after: Keys | undefined;
    // Bounded, so a page that repeats itself fails the test rather than looping.
    for (let i = 0; i < events.length + 1; i++) {
      const query = t.db.selectFrom('audit_event').select(['audit_event.id', 'audit_event.date']);
      const rows = await pageAfter(query, ['audit_event.date', 'audit_event.id'], after, 2, order).execute();
      if (rows.length === 0) return pages;
      pages.push(rows.map((row) => row.id));
      const last = rows.at(-1);
      if (!last) return pages;
      after = [last.date, last.id];
    }
    return pages;
  }

  it('pages newest first, ties broken by id, each row once', async () => {
    expect(await allPages('desc')).toEqual([['e5', 'e4'], ['e3', 'e2'], ['e1']]);
  });

  it('pages oldest first the same way', async () => {
    expect(await allPages('asc')).toEqual([['e1', 'e2'], ['e3', 'e4'], ['e5']]);
  });
});
