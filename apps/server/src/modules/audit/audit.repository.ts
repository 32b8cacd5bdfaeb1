// The only Kysely code of the audit list: operator actions, appended and read newest first.
import type { Kysely } from 'kysely';
import type { AuditEventTable, Database } from '#server/db/schema.ts';

export type AuditRow = Omit<AuditEventTable, 'summary'> & { summary: string };

export function createAuditRepository(db: Kysely<Database>) {
  return {
    async insert(row: AuditRow): Promise<void> {
      await db.insertInto('audit_event').values(row).execute();
    },

    /** Newest first, `limit + 1` rows after the (date, id) keys. */
    async page(after: readonly [string, string] | undefined, limit: number): Promise<AuditRow[]> {
      let query = db.selectFrom('audit_event').selectAll();
      if (after) {
        const [date, id] = after;
        query = query.where((eb) =>
          eb.or([eb('date', '<', date), eb.and([eb('date', '=', date), eb('id', '<', id)])]),
        );
      }
      return query
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
