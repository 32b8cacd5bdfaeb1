// Every operator action, recorded as who, what and when, for the console's audit list. Other
// modules' services record through `record` right after the action they audit succeeded.
import { ADMIN_PAGE_SIZE, type AuditAction, type AuditPage } from '@sahifa/contracts/admin';
import { newId } from '#server/db/ids.ts';
import { nowIso } from '#server/db/time.ts';
import { decodeKeys, toPage } from '#server/kernel/cursor.ts';
import type { AuditRepository } from './audit.repository.ts';

/** Who acted: an operator's account, or null for the command line. */
export type AuditActor = { id: string; email: string } | null;

export const COMMAND_LINE_ACTOR = 'command line';

export interface AuditEntry {
  action: AuditAction;
  targetKind: string;
  targetId: string;
  /** One line a person can read, e.g. 'Suspended #12'. */
  summary: string;
}

export function createAuditService(repository: AuditRepository) {
  return {
    async record(actor: AuditActor, entry: AuditEntry): Promise<void> {
      await repository.insert({
        id: newId(),
        actor_id: actor?.id ?? null,
        actor_email: actor?.email ?? COMMAND_LINE_ACTOR,
        action: entry.action,
        target_kind: entry.targetKind,
        target_id: entry.targetId,
        summary: entry.summary,
        date: nowIso(),
      });
    },

    async page(cursor: string | undefined): Promise<AuditPage> {
      const after = decodeKeys(cursor);
      const rows = await repository.page(after, ADMIN_PAGE_SIZE);
      const page = toPage(rows, ADMIN_PAGE_SIZE, (row) => [row.date, row.id]);
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((row) => ({
          id: row.id,
          actor: row.actor_email,
          action: row.action as AuditAction,
          targetKind: row.target_kind,
          targetId: row.target_id,
          summary: row.summary,
          date: row.date,
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
