// The only Kysely code of the profiles module: a member's public profile (the better-auth `user`
// row with its counts, plan and whether the viewer blocked them), the summaries they published,
// and profile updates. Hidden thoughts and summaries (moderation) are neither counted nor listed.
import { PLUS_STATUSES } from '@sahifa/contracts/billing';
import type { Kysely } from 'kysely';
import { compiledQuery } from '#server/db/compiled-query.ts';
import { type Keys, pageAfter } from '#server/db/keyset.ts';
import type { Database } from '#server/db/schema.ts';
import { nameSearchText } from '#server/db/search-index.ts';
import { BOOK_CARD_COLUMNS } from '#server/kernel/book-cards.ts';

export interface ProfileRow {
  id: string;
  user_number: number;
  name: string;
  image: string | null;
  pronouns: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  created_at: Date | string;
  thought_count: number;
  summary_count: number;
  /** Truthy when the member is on Sahifa Plus (0/1 on SQLite, boolean on PostgreSQL). */
  plus: unknown;
  /** Truthy when the viewer blocked the member. */
  blocked_by_viewer: unknown;
}

/** Columns of `user` to change; undefined ones stay as they are. */
export interface ProfileChanges {
  name?: string;
  image?: string | null;
  pronouns?: string | null;
  bio?: string | null;
  location?: string | null;
  website?: string | null;
}

export function createProfilesRepository(db: Kysely<Database>) {
  /** The member with their counts, plan, and the viewer's block. */
  function profile(viewerId: string) {
    return db.selectFrom('user').select((eb) => [
      'user.id',
      'user.user_number',
      'user.name',
      'user.image',
      'user.pronouns',
      'user.bio',
      'user.location',
      'user.website',
      'user.created_at',
      // Counters kept with the rows they count (thoughts.repository.ts, db/book-counters.ts).
      'user.thought_count',
      'user.summary_count',
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
        .exists(
          eb
            .selectFrom('member_block')
            .select('member_block.user_id')
            .where('member_block.user_id', '=', viewerId)
            .whereRef('member_block.blocked_user_id', '=', 'user.id'),
        )
        .as('blocked_by_viewer'),
    ]);
  }
  // The profile screen's query, compiled once per way of naming the member (db/compiled-query.ts).
  const profileById = compiledQuery(db, 2, (viewerId: string, id: string) =>
    profile(viewerId).where('user.id', '=', id),
  );
  const profileByNumber = compiledQuery(db, 2, (viewerId: string, userNumber: number) =>
    profile(viewerId).where('user.user_number', '=', userNumber),
  );
  return {
    /** The member with that number or id, their counts, plan, and the viewer's block, in one query. */
    async findProfile(
      by: { userNumber: number } | { id: string },
      viewerId: string,
    ): Promise<ProfileRow | undefined> {
      const [row] = await ('id' in by
        ? profileById(viewerId, by.id)
        : profileByNumber(viewerId, by.userNumber));
      return row;
    },

    /** The member summaries they published, newest first (book cards), `limit` after `after`. */
    async memberSummaries(userId: string, after: Keys | undefined, limit: number) {
      const books = db
        .selectFrom('book')
        .select([...BOOK_CARD_COLUMNS, 'book.added_at'])
        .where('book.user_id', '=', userId)
        .where('book.source', '=', 'member')
        .where('book.hidden_at', 'is', null);
      return pageAfter(books, ['book.added_at', 'book.id'], after, limit).execute();
    },

    /**
     * Writes the changed columns (and updated_at) in one transaction; returns the image the member
     * had before, or undefined when the member does not exist.
     */
    async updateProfile(
      userId: string,
      changes: ProfileChanges,
      updatedAt: string,
    ): Promise<{ orphanedImage: string | null } | undefined> {
      return db.transaction().execute(async (trx) => {
        // Touching the row first locks it (PostgreSQL), so two avatar changes at once each see
        // the image the other one replaced and no stored file is left behind.
        const touched = await trx
          .updateTable('user')
          .set({ updated_at: updatedAt })
          .where('user.id', '=', userId)
          .executeTakeFirst();
        if (Number(touched.numUpdatedRows) === 0) return undefined;
        const before = await trx
          .selectFrom('user')
          .select('user.image')
          .where('user.id', '=', userId)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('user')
          .set({
            ...changes,
            ...(changes.name === undefined ? {} : { name_search: nameSearchText(changes.name) }),
            updated_at: updatedAt,
          })
          .where('user.id', '=', userId)
          .execute();
        if (changes.image === undefined || !before.image || before.image === changes.image) {
          return { orphanedImage: null };
        }
        // Still shown by another row (a picture copied from someone else before profile fields
        // were ours alone): not this member's file to delete.
        const stillUsed = await trx
          .selectFrom('user')
          .select('user.id')
          .where('user.image', '=', before.image)
          .union(trx.selectFrom('book').select('book.id').where('book.book_image', '=', before.image))
          .limit(1)
          .executeTakeFirst();
        return { orphanedImage: stillUsed ? null : before.image };
      });
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
