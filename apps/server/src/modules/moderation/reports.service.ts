// Reports and the operators' decisions. A member reports what someone else wrote and is shown
// (once per item: reporting again answers the first report). An operator hides the item, deletes
// it through the module that owns it (with that module's cleanup), or dismisses the report; the
// decision closes every open report on the item and is written to the audit list.
import { ADMIN_PAGE_SIZE, type QueuedReport, type ReportQueuePage } from '@sahifa/contracts/admin';
import type { NewReport, ReportKind, ReportReason } from '@sahifa/contracts/moderation';
import { newId } from '#server/db/ids.ts';
import type { ReportStatus } from '#server/db/schema.ts';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { decodeKeys, toPage } from '#server/kernel/cursor.ts';
import type { Member } from '#server/kernel/member.ts';
import { toAuthor } from '#server/kernel/presenters.ts';
import type { AuditActor, AuditService } from '#server/modules/audit/audit.service.ts';
import type { CommentsService } from '#server/modules/comments/comments.service.ts';
import type { PublishingService } from '#server/modules/publishing/publishing.service.ts';
import type { ThoughtsService } from '#server/modules/thoughts/thoughts.service.ts';
import type { QueueRow, ReportsRepository } from './reports.repository.ts';

export type ReportAction = 'hide' | 'delete' | 'dismiss';

const NOT_FOUND: Record<ReportKind, () => AppError> = {
  thought: () => new AppError(404, 'THOUGHT_NOT_FOUND', 'This thought does not exist.'),
  reply: () => new AppError(404, 'REPLY_NOT_FOUND', 'This reply does not exist.'),
  comment: () => new AppError(404, 'COMMENT_NOT_FOUND', 'This comment does not exist.'),
  summary: () => new AppError(404, 'BOOK_NOT_FOUND', 'This summary does not exist.'),
};

const ownItem = (kind: ReportKind) => new AppError(400, 'OWN_CONTENT', `You cannot report your own ${kind}.`);
const reportNotFound = () => new AppError(404, 'REPORT_NOT_FOUND', 'This report does not exist.');
const alreadyDecided = () =>
  new AppError(409, 'REPORT_CLOSED', 'This report has already been decided. Reload the queue.');
const itemGone = () =>
  new AppError(409, 'ITEM_GONE', 'This item no longer exists, so it cannot be hidden: delete or dismiss.');

const STATUS_OF: Record<ReportAction, Exclude<ReportStatus, 'open'>> = {
  hide: 'hidden',
  delete: 'deleted',
  dismiss: 'dismissed',
};

/** The item as it is now: its text and hidden time, and where the app shows it; null when deleted. */
function itemOf(row: QueueRow): { text: string; hiddenAt: string | null; path: string } | null {
  switch (row.target_kind) {
    case 'thought':
      return row.thought_content === null || row.author_number === null
        ? null
        : {
            text: row.thought_content,
            hiddenAt: row.thought_hidden_at,
            path: `/app/thoughts/${Number(row.author_number)}/${row.target_id}`,
          };
    case 'reply':
      return row.reply_text === null || row.reply_thought_author_number === null
        ? null
        : {
            text: row.reply_text,
            hiddenAt: row.reply_hidden_at,
            path: `/app/thoughts/${Number(row.reply_thought_author_number)}/${row.reply_thought_id}`,
          };
    case 'comment':
      return row.comment_text === null
        ? null
        : {
            text: row.comment_text,
            hiddenAt: row.comment_hidden_at,
            path: `/app/${row.comment_category_id}/preview/${row.comment_book_id}`,
          };
    case 'summary':
      return row.summary_title === null
        ? null
        : {
            text: row.summary_title,
            hiddenAt: row.summary_hidden_at,
            path: `/app/${row.summary_category_id}/preview/${row.target_id}`,
          };
  }
}

function toQueuedReport(row: QueueRow): QueuedReport {
  const item = itemOf(row);
  return {
    id: row.id,
    kind: row.target_kind,
    targetId: row.target_id,
    reason: row.reason as ReportReason,
    details: row.details,
    date: row.created_at,
    status: row.status,
    reporter: toAuthor({ number: row.reporter_number, name: row.reporter_name, image: row.reporter_image }),
    reportCount: Number(row.same_item_count ?? 0),
    target: {
      author:
        row.author_number === null
          ? null
          : toAuthor({ number: row.author_number, name: row.author_name, image: row.author_image }),
      authorSuspended: row.author_suspended_at !== null,
      text: item?.text ?? null,
      hidden: item !== null && item.hiddenAt !== null,
      path: item?.path ?? null,
    },
    resolvedAt: row.resolved_at,
  };
}

/** One line for the audit list, e.g. 'Hid a thought by #12 (spam)'. */
function auditSummary(action: ReportAction, report: QueuedReport): string {
  const author = report.target.author ? `#${report.target.author.userNumber}` : 'a deleted account';
  const what = `${report.kind} by ${author} (${report.reason})`;
  if (action === 'hide') return `Hid a ${what}`;
  if (action === 'delete') return `Deleted a ${what}`;
  return `Dismissed the reports on a ${what}`;
}

export function createReportsService(deps: {
  repository: ReportsRepository;
  thoughts: ThoughtsService;
  comments: CommentsService;
  publishing: PublishingService;
  audit: AuditService;
}) {
  const { repository, thoughts, comments, publishing, audit } = deps;

  /** Through the module that owns the item, so its counters stay right. */
  async function hide(kind: ReportKind, id: string): Promise<void> {
    if (kind === 'thought') await thoughts.hide(id);
    else if (kind === 'reply') await thoughts.hideReply(id);
    else if (kind === 'comment') await comments.hide(id);
    else await publishing.hide(id);
  }

  /** Through the module that owns the item, with its cleanup (replies and likes, a summary's cover…). */
  async function remove(kind: ReportKind, id: string): Promise<void> {
    if (kind === 'thought') await thoughts.removeAsOperator(id);
    else if (kind === 'reply') await thoughts.removeReplyAsOperator(id);
    else if (kind === 'comment') await comments.removeAsOperator(id);
    else await publishing.removeAsOperator(id);
  }

  async function queued(reportId: string): Promise<QueuedReport> {
    const row = await repository.findQueued(reportId);
    if (!row) throw reportNotFound();
    return toQueuedReport(row);
  }

  return {
    /** 201 for a new report, 200 with the first one's id when the member reported the item before. */
    async report(member: Member, input: NewReport): Promise<{ id: string; created: boolean }> {
      const target = await repository.findVisibleTarget(input.kind, input.targetId);
      if (!target) throw NOT_FOUND[input.kind]();
      if (target.userId === member.id) throw ownItem(input.kind);
      return repository.insertOnce({
        id: newId(),
        reporterId: member.id,
        kind: input.kind,
        targetId: input.targetId,
        targetUserId: target.userId,
        reason: input.reason,
        details: input.details.trim(),
        createdAt: nowIso(),
      });
    },

    async queue(status: 'open' | 'closed', cursor?: string): Promise<ReportQueuePage> {
      const after = decodeKeys(cursor);
      const rows = await repository.queuePage(status, after, ADMIN_PAGE_SIZE + 1);
      const page = toPage(rows, ADMIN_PAGE_SIZE, (row) =>
        status === 'open' ? [row.created_at, row.id] : [row.resolved_at ?? '', row.id],
      );
      return { items: page.items.map(toQueuedReport), nextCursor: page.nextCursor };
    },

    /**
     * Acts on the reported item and closes every open report on it. 409 when the report was
     * decided already (here or by another operator at the same time).
     */
    async decide(operator: NonNullable<AuditActor>, reportId: string, action: ReportAction) {
      const report = await queued(reportId);
      if (report.status !== 'open') throw alreadyDecided();
      const exists = report.target.text !== null;
      if (action === 'hide') {
        if (!exists) throw itemGone();
        if (!report.target.hidden) await hide(report.kind, report.targetId);
      } else if (action === 'delete' && exists) {
        await remove(report.kind, report.targetId);
      }
      const closed = await repository.closeOpenReports({
        kind: report.kind,
        targetId: report.targetId,
        status: STATUS_OF[action],
        resolvedAt: nowIso(),
        resolvedBy: operator.id,
      });
      if (!closed.includes(reportId)) throw alreadyDecided();
      await audit.record(operator, {
        action: `report.${action}`,
        targetKind: report.kind,
        targetId: report.targetId,
        summary: auditSummary(action, report),
      });
      return queued(reportId);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
