// The only Kysely code of the console's members: a page of members with their plan and counts in
// one query, suspension (with the member's sessions ended in the same transaction), and the
// operator role the command line sets.
import { PLUS_STATUSES } from '@sahifa/contracts/billing';
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';

type Count = number | string | bigint;

export interface AdminMemberRow {
  id: string;
  user_number: Count;
  name: string;
  image: string | null;
  email: string;
  role: string | null;
  created_at: Date | string;
  suspended_at: string | null;
  /** Truthy when on Sahifa Plus (0/1 on SQLite, boolean on PostgreSQL). */
  plus: unknown;
  thought_count: Count | null;
  reply_count: Count | null;
  comment_count: Count | null;
  summary_count: Count | null;
  reports_against: Count | null;
}

/** What to match: text in the name or email (lower case), and/or an exact member number. */
export interface MemberFilter {
  text: string;
  number: number | null;
}

/** `like` pattern for text anywhere, its wildcards escaped (with `escape '\'`). */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createMembersRepository(db: Kysely<Database>) {
  function members() {
    return db.selectFrom('user').select((eb) => [
      'user.id',
      'user.user_number',
      'user.name',
      'user.image',
      'user.email',
      'user.role',
      'user.created_at',
      'user.suspended_at',
      eb
        .exists(
          eb
            .selectFrom('subscription')
            .select('subscription.user_id')
            .whereRef('subscription.user_id', '=', 'user.id')
            .where('subscription.status', 'in', PLUS_STATUSES),
        )
        .as('plus'),
      eb
        .selectFrom('thought')
        .select((s) => s.fn.countAll<Count>().as('n'))
        .whereRef('thought.user_id', '=', 'user.id')
        .as('thought_count'),
      eb
        .selectFrom('thought_reply')
        .select((s) => s.fn.countAll<Count>().as('n'))
        .whereRef('thought_reply.user_id', '=', 'user.id')
        .as('reply_count'),
      eb
        .selectFrom('book_comment')
        .select((s) => s.fn.countAll<Count>().as('n'))
        .whereRef('book_comment.user_id', '=', 'user.id')
        .as('comment_count'),
      eb
        .selectFrom('book')
        .select((s) => s.fn.countAll<Count>().as('n'))
        .whereRef('book.user_id', '=', 'user.id')
        .where('book.source', '=', 'member')
        .as('summary_count'),
      eb
        .selectFrom('report')
        .select((s) => s.fn.countAll<Count>().as('n'))
        .whereRef('report.target_user_id', '=', 'user.id')
        .as('reports_against'),
    ]);
  }

  return {
    /** Newest members first (highest number); `after` is the number of the last one shown. */
    async page(filter: MemberFilter, after: number | undefined, limit: number): Promise<AdminMemberRow[]> {
      let query = members();
      if (filter.text) {
        const pattern = likeContains(filter.text);
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`lower(${sql.ref('user.name')}) like ${pattern} escape '\\'`,
            sql<boolean>`lower(${sql.ref('user.email')}) like ${pattern} escape '\\'`,
            ...(filter.number === null ? [] : [eb('user.user_number', '=', filter.number)]),
          ]),
        );
      }
      if (after !== undefined) query = query.where('user.user_number', '<', after);
      return query.orderBy('user.user_number', 'desc').limit(limit).execute();
    },

    async findByNumber(userNumber: number): Promise<AdminMemberRow | undefined> {
      return members().where('user.user_number', '=', userNumber).executeTakeFirst();
    },

    async findByEmail(email: string) {
      return db
        .selectFrom('user')
        .select(['user.id', 'user.email', 'user.role', 'user.user_number'])
        .where('user.email', '=', email)
        .executeTakeFirst();
    },

    /**
     * Suspends the member and ends every session of theirs in one transaction, so the next
     * request with an old cookie is signed out. A member suspended already keeps the first date
     * and the sessions opened since (they may read); false then.
     */
    async suspend(userId: string, suspendedAt: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const suspended = await trx
          .updateTable('user')
          .set({ suspended_at: suspendedAt })
          .where('user.id', '=', userId)
          .where('user.suspended_at', 'is', null)
          .executeTakeFirst();
        if (Number(suspended.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('session').where('session.user_id', '=', userId).execute();
        return true;
      });
    },

    /** False when the member was not suspended. */
    async restore(userId: string): Promise<boolean> {
      const restored = await db
        .updateTable('user')
        .set({ suspended_at: null })
        .where('user.id', '=', userId)
        .where('user.suspended_at', 'is not', null)
        .executeTakeFirst();
      return Number(restored.numUpdatedRows) > 0;
    },

    async setRole(userId: string, role: string | null): Promise<void> {
      await db.updateTable('user').set({ role }).where('user.id', '=', userId).execute();
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
