// The only Kysely code of the thoughts module. A thought's like_count and reply_count change in
// the same transaction as its like and reply rows, and only when a row really came or went, so
// the feed reads counters instead of counting; so does its author's thought_count (the profile)
// with the thought itself. A hidden reply or thought (moderation) is not counted. Hidden
// thoughts and replies are left out of every read, and so, for the member who blocked their
// author, are a blocked member's thoughts and replies.
import { COMMUNITY_PAGE_SIZE } from '@sahifa/contracts/community';
import { type Kysely, sql } from 'kysely';
import { compiledQuery } from '#server/db/compiled-query.ts';
import { type Keys, pageAfter } from '#server/db/keyset.ts';
import { engineOf } from '#server/db/kysely.ts';
import type { Database } from '#server/db/schema.ts';
import { sqliteTransaction } from '#server/db/sqlite-now.ts';

type Count = number | string | bigint;

/** A thought as every member sees it (the feed's shared first page). */
export interface SharedThoughtRow {
  id: string;
  user_id: string;
  content: string;
  date: string;
  like_count: Count;
  reply_count: Count;
  author_number: number;
  author_name: string;
  author_image: string | null;
  author_bio: string | null;
  author_created_at: Date | string;
}

/** A thought as one viewer sees it. */
export interface ThoughtRow extends SharedThoughtRow {
  /** Non-null when the viewer likes the thought. */
  liked_by: string | null;
}

/** Of the thoughts asked about, one the viewer likes; or a member the viewer blocked. */
export interface ViewerMark {
  id: string;
  kind: 'like' | 'block';
}

export interface ReplyRow {
  id: string;
  thought_id: string;
  user_id: string;
  reply: string;
  date: string;
  author_number: number;
  author_name: string;
  author_image: string | null;
}

/** Every page of thoughts is in (date, id) order, newest first (db/keyset.ts). */
const THOUGHT_ORDER = ['thought.date', 'thought.id'] as const;

/** viewerMarks asks about at most a page of thoughts. */
export const MARKED_THOUGHTS = COMMUNITY_PAGE_SIZE.thoughts;

export type OwnedOutcome<T> =
  | { status: 'done'; value: T }
  | { status: 'not_found' }
  | { status: 'forbidden' };

/** A thought's author as ThoughtRow names it, read from the `user` row. */
const AUTHOR_COLUMNS = [
  'user.user_number as author_number',
  'user.name as author_name',
  'user.image as author_image',
  'user.bio as author_bio',
  'user.created_at as author_created_at',
] as const;

export function createThoughtsRepository(db: Kysely<Database>) {
  const engine = engineOf(db);

  /** A row of the viewer's blocks naming the author of the outer row (`author`: its user_id column). */
  function blockOf(viewerId: string, author: 'thought.user_id' | 'thought_reply.user_id') {
    return db
      .selectFrom('member_block')
      .select('member_block.blocked_user_id')
      .where('member_block.user_id', '=', viewerId)
      .where('member_block.blocked_user_id', '=', sql.ref<string>(author));
  }

  /** Visible thoughts with their author, as every member sees them. */
  function sharedThoughts() {
    return db
      .selectFrom('thought')
      .innerJoin('user', 'user.id', 'thought.user_id')
      .select([
        'thought.id',
        'thought.user_id',
        'thought.content',
        'thought.date',
        'thought.like_count',
        'thought.reply_count',
        ...AUTHOR_COLUMNS,
      ])
      .where('thought.hidden_at', 'is', null);
  }

  /** Visible thoughts with their author and the viewer's like, in one query. */
  function thoughts(viewerId: string) {
    return sharedThoughts()
      .leftJoin('thought_like as my_like', (join) =>
        join.onRef('my_like.thought_id', '=', 'thought.id').on('my_like.user_id', '=', viewerId),
      )
      .select('my_like.user_id as liked_by');
  }

  function replies() {
    return db
      .selectFrom('thought_reply')
      .innerJoin('user', 'user.id', 'thought_reply.user_id')
      .select([
        'thought_reply.id',
        'thought_reply.thought_id',
        'thought_reply.user_id',
        'thought_reply.reply',
        'thought_reply.date',
        'user.user_number as author_number',
        'user.name as author_name',
        'user.image as author_image',
      ])
      .where('thought_reply.hidden_at', 'is', null);
  }

  /**
   * A page of visible thoughts, newest first; `after` is the (date, id) of the last thought
   * shown; `authorId` narrows to one member. Members the viewer blocked are left out.
   */
  function thoughtPage(viewerId: string, limit: number, authorId?: string, after?: Keys) {
    let query = thoughts(viewerId).where((eb) => eb.not(eb.exists(blockOf(viewerId, 'thought.user_id'))));
    if (authorId) query = query.where('thought.user_id', '=', authorId);
    return pageAfter(query, THOUGHT_ORDER, after, limit);
  }

  // The feed's and the profile's first pages as every member sees them (the service remembers
  // them), and what one viewer adds to such a page: their likes among its thoughts, and whom
  // they blocked, in one statement (the thoughts padded to a page with '', no thought's id).
  function sharedPage(limit: number, authorId?: string) {
    let query = sharedThoughts();
    if (authorId) query = query.where('thought.user_id', '=', authorId);
    return pageAfter(query, THOUGHT_ORDER, undefined, limit);
  }
  const sharedFeedPage = compiledQuery(db, 1, (limit: number) => sharedPage(limit));
  const sharedAuthorPage = compiledQuery(db, 2, (authorId: string, limit: number) =>
    sharedPage(limit, authorId),
  );
  const marksOf = compiledQuery(db, 1 + MARKED_THOUGHTS, (viewerId: string, ...thoughtIds: string[]) =>
    db
      .selectFrom('thought_like')
      .select(['thought_like.thought_id as id', sql<ViewerMark['kind']>`'like'`.as('kind')])
      .where('thought_like.user_id', '=', viewerId)
      .where('thought_like.thought_id', 'in', thoughtIds)
      .unionAll(
        db
          .selectFrom('member_block')
          .select(['member_block.blocked_user_id as id', sql<ViewerMark['kind']>`'block'`.as('kind')])
          .where('member_block.user_id', '=', viewerId),
      ),
  );

  // The feed's and the profile's queries, compiled once per shape (db/compiled-query.ts).
  const feedFirstPage = compiledQuery(db, 2, (viewerId: string, limit: number) =>
    thoughtPage(viewerId, limit),
  );
  const feedPageAfter = compiledQuery(
    db,
    4,
    (viewerId: string, limit: number, afterDate: string, afterId: string) =>
      thoughtPage(viewerId, limit, undefined, [afterDate, afterId]),
  );
  const authorFirstPage = compiledQuery(db, 3, (viewerId: string, authorId: string, limit: number) =>
    thoughtPage(viewerId, limit, authorId),
  );
  const authorPageAfter = compiledQuery(
    db,
    5,
    (viewerId: string, authorId: string, limit: number, afterDate: string, afterId: string) =>
      thoughtPage(viewerId, limit, authorId, [afterDate, afterId]),
  );
  const oneThought = compiledQuery(db, 2, (viewerId: string, thoughtId: string) =>
    thoughts(viewerId).where('thought.id', '=', thoughtId),
  );

  // A like or unlike on PostgreSQL: the like row and the thought's count in one statement, so
  // one round trip instead of four (begin, write, count, commit); SQLite has no writes inside a
  // `with`, and its transaction makes no round trips (decision 002).
  const likeInOneStatement = compiledQuery(db, 3, (thoughtId: string, userId: string, createdAt: string) =>
    countedLikes(db, insertLike(db, thoughtId, userId, createdAt), thoughtId, '+'),
  );
  const unlikeInOneStatement = compiledQuery(db, 2, (thoughtId: string, userId: string) =>
    countedLikes(db, deleteLike(db, thoughtId, userId), thoughtId, '-'),
  );

  // A post. The author's row stays locked from the count until the commit, so one member's posts
  // go one at a time. On PostgreSQL one statement (insert and count, committed with it) holds that
  // lock for one round trip instead of two (decision 002: 2.6x the posts). SQLite has no insert
  // inside a `with`; there a transaction of two statements makes no round trips. (The count is
  // written out in the `with`: Kysely's types refuse countThoughts on a `with` builder.)
  const postInOneStatement = compiledQuery(db, 6, (...values: ThoughtValues) =>
    db
      .with('added', (w) =>
        w
          .insertInto('thought')
          .values(thoughtRow(...values))
          .returning('thought.user_id'),
      )
      .updateTable('user')
      .set((eb) => ({ thought_count: eb('user.thought_count', '+', 1) }))
      .where('user.id', '=', (eb) => eb.selectFrom('added').select('added.user_id'))
      .returning(AUTHOR_COLUMNS),
  );

  // SQLite's posts, likes and unlikes: their transactions' statements, compiled once (Kysely's
  // building and compiling was a quarter of a like's CPU) and run in one synchronous transaction
  // (db/sqlite-now.ts: no promise per step; docs/performance.md).
  const addThought = compiledQuery(db, 6, (...values: ThoughtValues) =>
    db.insertInto('thought').values(thoughtRow(...values)),
  );
  const countThoughtUp = compiledQuery(db, 1, (userId: string) =>
    countThoughts(db, userId, '+').returning(AUTHOR_COLUMNS),
  );
  const addLike = compiledQuery(db, 3, (thoughtId: string, userId: string, createdAt: string) =>
    insertLike(db, thoughtId, userId, createdAt),
  );
  const removeLike = compiledQuery(db, 2, (thoughtId: string, userId: string) =>
    deleteLike(db, thoughtId, userId),
  );
  const likesUp = compiledQuery(db, 1, (thoughtId: string) => bumpLikes(db, thoughtId, '+'));
  const likesDown = compiledQuery(db, 1, (thoughtId: string) => bumpLikes(db, thoughtId, '-'));
  const likesOf = compiledQuery(db, 1, (thoughtId: string) => likeCountOf(db, thoughtId));

  return {
    /** The newest `limit` visible thoughts, or one member's, as every member sees them. */
    async listSharedThoughts(limit: number, authorId?: string): Promise<SharedThoughtRow[]> {
      return authorId ? sharedAuthorPage(authorId, limit) : sharedFeedPage(limit);
    },

    /** Which of `thoughtIds` (at most MARKED_THOUGHTS) the viewer likes, and every member they blocked. */
    async viewerMarks(viewerId: string, thoughtIds: readonly string[]): Promise<ViewerMark[]> {
      if (thoughtIds.length > MARKED_THOUGHTS) throw new Error(`at most ${MARKED_THOUGHTS} thoughts`);
      const padded = Array.from({ length: MARKED_THOUGHTS }, (_, i) => thoughtIds[i] ?? '');
      return marksOf(viewerId, ...padded);
    },

    /** See thoughtPage. */
    async listThoughts(
      viewerId: string,
      options: { after?: Keys; limit: number; authorId?: string },
    ): Promise<ThoughtRow[]> {
      const { after, limit, authorId } = options;
      if (authorId) {
        return after
          ? authorPageAfter(viewerId, authorId, limit, after[0], after[1])
          : authorFirstPage(viewerId, authorId, limit);
      }
      return after ? feedPageAfter(viewerId, limit, after[0], after[1]) : feedFirstPage(viewerId, limit);
    },

    async findThought(viewerId: string, thoughtId: string): Promise<ThoughtRow | undefined> {
      const [row] = await oneThought(viewerId, thoughtId);
      return row;
    },

    /**
     * Adds the thought and counts it for its author, atomically; answers it as the feed shows it
     * (its author read from the counted row: no query after).
     */
    async insertThought(input: {
      id: string;
      userId: string;
      addedBy: string;
      content: string;
      date: string;
      deviceInfo: string | null;
    }): Promise<ThoughtRow> {
      const { id, userId, addedBy, content, date, deviceInfo } = input;
      const values: ThoughtValues = [id, userId, addedBy, content, date, deviceInfo];
      const [author] =
        engine === 'postgres'
          ? await postInOneStatement(...values)
          : await sqliteTransaction(db, () => {
              addThought.now(...values);
              return countThoughtUp.now(userId);
            });
      if (!author) throw new Error(`no member ${userId} to count a thought for`);
      // Object.assign, not a spread: properties after a spread are slow on Node 20 (docs/performance.md).
      return Object.assign(author, {
        id,
        user_id: userId,
        content,
        date,
        like_count: 0,
        reply_count: 0,
        liked_by: null,
      });
    },

    /**
     * Spec: the replies first, then the likes, then the thought, in one transaction; only by its
     * author (`userId`), or by anyone when `userId` is null (an operator's decision).
     */
    async deleteThought(thoughtId: string, userId: string | null): Promise<OwnedOutcome<null>> {
      return db.transaction().execute(async (trx): Promise<OwnedOutcome<null>> => {
        const found = await trx
          .selectFrom('thought')
          .select('thought.user_id')
          .where('thought.id', '=', thoughtId)
          .executeTakeFirst();
        if (!found) return { status: 'not_found' };
        if (userId !== null && found.user_id !== userId) return { status: 'forbidden' };
        await trx.deleteFrom('thought_reply').where('thought_reply.thought_id', '=', thoughtId).execute();
        await trx.deleteFrom('thought_like').where('thought_like.thought_id', '=', thoughtId).execute();
        const deleted = await trx
          .deleteFrom('thought')
          .where('thought.id', '=', thoughtId)
          .where('thought.user_id', '=', found.user_id)
          .returning('thought.hidden_at')
          .executeTakeFirst();
        // Another request deleted it meanwhile: it leaves its author's count only once.
        if (!deleted) return { status: 'not_found' };
        // A hidden thought left it when it was hidden.
        if (deleted.hidden_at === null) await countThoughts(trx, found.user_id, '-').execute();
        return { status: 'done', value: null };
      });
    },

    /**
     * Adds the like only if absent and counts it only if it was really inserted. Returns the new
     * count, or null when the thought does not exist.
     */
    async like(thoughtId: string, userId: string, createdAt: string): Promise<Count | null> {
      if (engine === 'postgres') {
        const [row] = await likeInOneStatement(thoughtId, userId, createdAt);
        return row?.like_count ?? null;
      }
      return sqliteTransaction(db, () => {
        const [inserted] = addLike.now(thoughtId, userId, createdAt);
        const [row] = (inserted ? likesUp : likesOf).now(thoughtId);
        return row?.like_count ?? null;
      });
    },

    /** Removes the like only if present and uncounts it only if a row was really deleted. */
    async unlike(thoughtId: string, userId: string): Promise<Count | null> {
      if (engine === 'postgres') {
        const [row] = await unlikeInOneStatement(thoughtId, userId);
        return row?.like_count ?? null;
      }
      return sqliteTransaction(db, () => {
        const [deleted] = removeLike.now(thoughtId, userId);
        const [row] = (deleted ? likesDown : likesOf).now(thoughtId);
        return row?.like_count ?? null;
      });
    },

    /** Newest first; `after` is the (date, id) of the last reply shown; members the viewer blocked are left out. */
    async listReplies(
      viewerId: string,
      thoughtId: string,
      after: Keys | undefined,
      limit: number,
    ): Promise<ReplyRow[]> {
      const query = replies()
        .where('thought_reply.thought_id', '=', thoughtId)
        .where((eb) => eb.not(eb.exists(blockOf(viewerId, 'thought_reply.user_id'))));
      return pageAfter(query, ['thought_reply.date', 'thought_reply.id'], after, limit).execute();
    },

    async thoughtExists(thoughtId: string): Promise<boolean> {
      const row = await db
        .selectFrom('thought')
        .select('thought.id')
        .where('thought.id', '=', thoughtId)
        .where('thought.hidden_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Adds the reply and counts it in one transaction; null when the thought does not exist or is hidden. */
    async addReply(input: {
      id: string;
      thoughtId: string;
      userId: string;
      addedBy: string;
      reply: string;
      date: string;
      deviceInfo: string | null;
    }): Promise<{ reply: ReplyRow; replyCount: Count } | null> {
      return db.transaction().execute(async (trx) => {
        // Updating the thought first locks its row, so it cannot disappear under the insert.
        const counted = await trx
          .updateTable('thought')
          .set((eb) => ({ reply_count: eb('thought.reply_count', '+', 1) }))
          .where('thought.id', '=', input.thoughtId)
          .where('thought.hidden_at', 'is', null)
          .returning('thought.reply_count')
          .executeTakeFirst();
        if (!counted) return null;
        await trx
          .insertInto('thought_reply')
          .values({
            id: input.id,
            thought_id: input.thoughtId,
            user_id: input.userId,
            added_by: input.addedBy,
            reply: input.reply,
            date: input.date,
            device_info: input.deviceInfo,
          })
          .execute();
        const author = await trx
          .selectFrom('user')
          .select(['user.user_number', 'user.name', 'user.image'])
          .where('user.id', '=', input.userId)
          .executeTakeFirstOrThrow();
        return {
          reply: {
            id: input.id,
            thought_id: input.thoughtId,
            user_id: input.userId,
            reply: input.reply,
            date: input.date,
            author_number: author.user_number,
            author_name: author.name,
            author_image: author.image,
          },
          replyCount: counted.reply_count,
        };
      });
    },

    /**
     * Only the reply's author (`userId`) may delete it, or anyone when `userId` is null (an
     * operator's decision); the thought's reply_count follows in the same transaction.
     */
    async deleteReply(replyId: string, userId: string | null): Promise<OwnedOutcome<Count>> {
      return db.transaction().execute(async (trx): Promise<OwnedOutcome<Count>> => {
        const found = await trx
          .selectFrom('thought_reply')
          .select(['thought_reply.user_id', 'thought_reply.thought_id'])
          .where('thought_reply.id', '=', replyId)
          .executeTakeFirst();
        if (!found) return { status: 'not_found' };
        if (userId !== null && found.user_id !== userId) return { status: 'forbidden' };
        const deleted = await trx
          .deleteFrom('thought_reply')
          .where('thought_reply.id', '=', replyId)
          .where('thought_reply.user_id', '=', found.user_id)
          .returning('thought_reply.hidden_at')
          .executeTakeFirst();
        // Another request deleted it between the two statements: uncount it only once.
        if (!deleted) return { status: 'not_found' };
        // A hidden reply was uncounted when it was hidden.
        const counted = await trx
          .updateTable('thought')
          .set((eb) => ({ reply_count: eb('thought.reply_count', '-', deleted.hidden_at === null ? 1 : 0) }))
          .where('thought.id', '=', found.thought_id)
          .returning('thought.reply_count')
          .executeTakeFirstOrThrow();
        return { status: 'done', value: counted.reply_count };
      });
    },

    /**
     * Hides the thought (moderation) and uncounts it from its author's thoughts in one transaction;
     * false when it does not exist or is hidden already.
     */
    async hideThought(thoughtId: string, hiddenAt: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const hidden = await trx
          .updateTable('thought')
          .set({ hidden_at: hiddenAt })
          .where('thought.id', '=', thoughtId)
          .where('thought.hidden_at', 'is', null)
          .returning('thought.user_id')
          .executeTakeFirst();
        if (!hidden) return false;
        await countThoughts(trx, hidden.user_id, '-').execute();
        return true;
      });
    },

    /**
     * Hides the reply and uncounts it from its thought in one transaction; false when it does not
     * exist or is hidden already.
     */
    async hideReply(replyId: string, hiddenAt: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const hidden = await trx
          .updateTable('thought_reply')
          .set({ hidden_at: hiddenAt })
          .where('thought_reply.id', '=', replyId)
          .where('thought_reply.hidden_at', 'is', null)
          .returning('thought_reply.thought_id')
          .executeTakeFirst();
        if (!hidden) return false;
        await trx
          .updateTable('thought')
          .set((eb) => ({ reply_count: eb('thought.reply_count', '-', 1) }))
          .where('thought.id', '=', hidden.thought_id)
          .execute();
        return true;
      });
    },
  };
}

/** A new thought's id, author, author's name, content, date and device. */
type ThoughtValues = [string, string, string, string, string, string | null];

function thoughtRow(...[id, userId, addedBy, content, date, deviceInfo]: ThoughtValues) {
  return { id, user_id: userId, added_by: addedBy, content, date, device_info: deviceInfo };
}

/** The author's count of visible thoughts (user.thought_count), one up or down: a statement to run. */
function countThoughts(db: Kysely<Database>, userId: string, op: '+' | '-') {
  return db
    .updateTable('user')
    .set((eb) => ({ thought_count: eb('user.thought_count', op, 1) }))
    .where('user.id', '=', userId);
}

/** Adds the like from the thought row: nothing for an unknown, deleted or hidden thought, nor twice. */
function insertLike(db: Kysely<Database>, thoughtId: string, userId: string, createdAt: string) {
  return db
    .insertInto('thought_like')
    .columns(['thought_id', 'user_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('thought')
        .select((s) => ['thought.id', s.val(userId).as('user_id'), s.val(createdAt).as('created_at')])
        .where('thought.id', '=', thoughtId)
        .where('thought.hidden_at', 'is', null),
    )
    .onConflict((oc) => oc.columns(['thought_id', 'user_id']).doNothing())
    .returning('thought_like.thought_id');
}

function deleteLike(db: Kysely<Database>, thoughtId: string, userId: string) {
  return db
    .deleteFrom('thought_like')
    .where('thought_like.thought_id', '=', thoughtId)
    .where('thought_like.user_id', '=', userId)
    .returning('thought_like.thought_id');
}

/**
 * One statement: `change` (the like row added or removed, returning its thought_id; nothing when
 * nothing changed), then the thought's count moved by one when it did. Answers the moved count,
 * or the thought's own (the statement's snapshot), null for an unknown or hidden thought, as
 * likeCount answers.
 */
function countedLikes(
  db: Kysely<Database>,
  change: ReturnType<typeof insertLike> | ReturnType<typeof deleteLike>,
  thoughtId: string,
  op: '+' | '-',
) {
  return db
    .with('changed', () => change)
    .with('counted', (w) =>
      w
        .updateTable('thought')
        .set((eb) => ({ like_count: eb('thought.like_count', op, 1) }))
        .where('thought.id', 'in', w.selectFrom('changed').select('changed.thought_id'))
        .returning('thought.like_count'),
    )
    .selectNoFrom((eb) =>
      eb.fn
        .coalesce(eb.selectFrom('counted').select('counted.like_count'), likeCountOf(db, thoughtId))
        .as('like_count'),
    );
}

/** The thought's like count, one up or down, returning the new count: a statement to run. */
function bumpLikes(db: Kysely<Database>, thoughtId: string, op: '+' | '-') {
  return db
    .updateTable('thought')
    .set((eb) => ({ like_count: eb('thought.like_count', op, 1) }))
    .where('thought.id', '=', thoughtId)
    .returning('thought.like_count');
}

/** The like count of a visible thought, as a query (no row for an unknown or hidden one). */
function likeCountOf(db: Kysely<Database>, thoughtId: string) {
  return db
    .selectFrom('thought')
    .select('thought.like_count')
    .where('thought.id', '=', thoughtId)
    .where('thought.hidden_at', 'is', null);
}

export type ThoughtsRepository = ReturnType<typeof createThoughtsRepository>;
