// The only Kysely code of reports: a member's report of a thought, reply, comment or member
// summary, and the operators' queue. A queue page is one query: each report with its reporter,
// the reported item's author, and the item itself (whichever table its kind names, left-joined),
// so a page never looks its items up one by one.
import type { Kysely } from 'kysely';
import { type Keys, pageAfter } from '#server/db/keyset.ts';
import type { Database, ReportStatus, ReportTargetKind } from '#server/db/schema.ts';

type Count = number | string | bigint;

export interface NewReportRow {
  id: string;
  reporterId: string;
  kind: ReportTargetKind;
  targetId: string;
  targetUserId: string | null;
  reason: string;
  details: string;
  createdAt: string;
}

export interface QueueRow {
  id: string;
  target_kind: ReportTargetKind;
  target_id: string;
  reason: string;
  details: string;
  created_at: string;
  status: ReportStatus;
  resolved_at: string | null;
  same_item_count: Count | null;
  reporter_number: Count;
  reporter_name: string;
  reporter_image: string | null;
  author_number: Count | null;
  author_name: string | null;
  author_image: string | null;
  author_suspended_at: string | null;
  /** The item, by kind; all null when it was deleted. */
  thought_content: string | null;
  thought_hidden_at: string | null;
  reply_text: string | null;
  reply_hidden_at: string | null;
  reply_thought_id: string | null;
  reply_thought_author_number: Count | null;
  comment_text: string | null;
  comment_hidden_at: string | null;
  comment_book_id: string | null;
  comment_category_id: string | null;
  summary_title: string | null;
  summary_hidden_at: string | null;
  summary_category_id: string | null;
}

export function createReportsRepository(db: Kysely<Database>) {
  function queue() {
    return db
      .selectFrom('report')
      .innerJoin('user as reporter', 'reporter.id', 'report.reporter_id')
      .leftJoin('user as author', 'author.id', 'report.target_user_id')
      .leftJoin('thought', (join) =>
        join.on('report.target_kind', '=', 'thought').onRef('thought.id', '=', 'report.target_id'),
      )
      .leftJoin('thought_reply as reply', (join) =>
        join.on('report.target_kind', '=', 'reply').onRef('reply.id', '=', 'report.target_id'),
      )
      .leftJoin('thought as reply_thought', 'reply_thought.id', 'reply.thought_id')
      .leftJoin('user as reply_thought_author', 'reply_thought_author.id', 'reply_thought.user_id')
      .leftJoin('book_comment as comment', (join) =>
        join.on('report.target_kind', '=', 'comment').onRef('comment.id', '=', 'report.target_id'),
      )
      .leftJoin('book as comment_book', 'comment_book.id', 'comment.book_id')
      .leftJoin('book as summary', (join) =>
        join
          .on('report.target_kind', '=', 'summary')
          .onRef('summary.id', '=', 'report.target_id')
          .on('summary.source', '=', 'member'),
      )
      .select((eb) => [
        'report.id',
        'report.target_kind',
        'report.target_id',
        'report.reason',
        'report.details',
        'report.created_at',
        'report.status',
        'report.resolved_at',
        // Reports on the same item decided alike (all of them are open, or closed together).
        eb
          .selectFrom('report as same')
          .select((s) => s.fn.countAll<Count>().as('n'))
          .whereRef('same.target_kind', '=', 'report.target_kind')
          .whereRef('same.target_id', '=', 'report.target_id')
          .whereRef('same.status', '=', 'report.status')
          .as('same_item_count'),
        'reporter.user_number as reporter_number',
        'reporter.name as reporter_name',
        'reporter.image as reporter_image',
        'author.user_number as author_number',
        'author.name as author_name',
        'author.image as author_image',
        'author.suspended_at as author_suspended_at',
        'thought.content as thought_content',
        'thought.hidden_at as thought_hidden_at',
        'reply.reply as reply_text',
        'reply.hidden_at as reply_hidden_at',
        'reply.thought_id as reply_thought_id',
        'reply_thought_author.user_number as reply_thought_author_number',
        'comment.comment as comment_text',
        'comment.hidden_at as comment_hidden_at',
        'comment.book_id as comment_book_id',
        'comment_book.category_id as comment_category_id',
        'summary.title as summary_title',
        'summary.hidden_at as summary_hidden_at',
        'summary.category_id as summary_category_id',
      ]);
  }

  return {
    /**
     * The author of the item, when it exists and is shown: not hidden, and neither is the
     * thought or book it belongs to. Undefined otherwise.
     */
    async findVisibleTarget(
      kind: ReportTargetKind,
      targetId: string,
    ): Promise<{ userId: string | null } | undefined> {
      switch (kind) {
        case 'thought':
          return db
            .selectFrom('thought')
            .select('thought.user_id as userId')
            .where('thought.id', '=', targetId)
            .where('thought.hidden_at', 'is', null)
            .executeTakeFirst();
        case 'reply':
          return db
            .selectFrom('thought_reply')
            .innerJoin('thought', 'thought.id', 'thought_reply.thought_id')
            .select('thought_reply.user_id as userId')
            .where('thought_reply.id', '=', targetId)
            .where('thought_reply.hidden_at', 'is', null)
            .where('thought.hidden_at', 'is', null)
            .executeTakeFirst();
        case 'comment':
          return db
            .selectFrom('book_comment')
            .innerJoin('book', 'book.id', 'book_comment.book_id')
            .select('book_comment.user_id as userId')
            .where('book_comment.id', '=', targetId)
            .where('book_comment.hidden_at', 'is', null)
            .where('book.hidden_at', 'is', null)
            .executeTakeFirst();
        case 'summary':
          return db
            .selectFrom('book')
            .select('book.user_id as userId')
            .where('book.id', '=', targetId)
            .where('book.source', '=', 'member')
            .where('book.hidden_at', 'is', null)
            .executeTakeFirst();
      }
    },

    /**
     * Stores the report once per member and item (unique index): answers its id and whether it
     * is new, or the id of the member's earlier report on the item.
     */
    async insertOnce(row: NewReportRow): Promise<{ id: string; created: boolean }> {
      const inserted = await db
        .insertInto('report')
        .values({
          id: row.id,
          reporter_id: row.reporterId,
          target_kind: row.kind,
          target_id: row.targetId,
          target_user_id: row.targetUserId,
          reason: row.reason,
          details: row.details,
          created_at: row.createdAt,
        })
        .onConflict((oc) => oc.columns(['reporter_id', 'target_kind', 'target_id']).doNothing())
        .returning('report.id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      const earlier = await db
        .selectFrom('report')
        .select('report.id')
        .where('report.reporter_id', '=', row.reporterId)
        .where('report.target_kind', '=', row.kind)
        .where('report.target_id', '=', row.targetId)
        .executeTakeFirstOrThrow();
      return { id: earlier.id, created: false };
    },

    /** Open reports oldest first (the longest waiting on top); closed ones most recently decided first. */
    async queuePage(status: 'open' | 'closed', after: Keys | undefined, limit: number): Promise<QueueRow[]> {
      if (status === 'open') {
        const open = queue().where('report.status', '=', 'open');
        return pageAfter(open, ['report.created_at', 'report.id'], after, limit, 'asc').execute();
      }
      const closed = queue().where('report.status', '!=', 'open');
      return pageAfter(closed, ['report.resolved_at', 'report.id'], after, limit).execute();
    },

    async findQueued(reportId: string): Promise<QueueRow | undefined> {
      return queue().where('report.id', '=', reportId).executeTakeFirst();
    },

    /** Closes every open report on the item with the decision; answers the ids it closed. */
    async closeOpenReports(input: {
      kind: ReportTargetKind;
      targetId: string;
      status: Exclude<ReportStatus, 'open'>;
      resolvedAt: string;
      resolvedBy: string;
    }): Promise<string[]> {
      const closed = await db
        .updateTable('report')
        .set({ status: input.status, resolved_at: input.resolvedAt, resolved_by: input.resolvedBy })
        .where('report.target_kind', '=', input.kind)
        .where('report.target_id', '=', input.targetId)
        .where('report.status', '=', 'open')
        .returning('report.id')
        .execute();
      return closed.map((row) => row.id);
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
