// The only Kysely code of the audit list: operator actions, appended and read newest first.
import type { Kysely } from 'kysely';
import { type Keys, pageAfter } from '#server/db/keyset.ts';
import type { AuditEventTable, Database } from '#server/db/schema.ts';

export type AuditRow = Omit<AuditEventTable, 'summary'> & { summary: string };

export function createAuditRepository(db: Kysely<Database>) {
  return {
    async insert(row: AuditRow): Promise<void> {
      await db.insertInto('audit_event').values(row).execute();
    },

    /** Newest first, `limit + 1` rows after the (date, id) keys. */
    async page(after: Keys | undefined, limit: number): Promise<AuditRow[]> {
      const events = db.selectFrom('audit_event').selectAll();
      return pageAfter(events, ['audit_event.date', 'audit_event.id'], after, limit + 1).execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
