// The only Kysely code of blocks: who a member blocked (member_block), the members named by their
// number. The thoughts module reads the same table to leave blocked members out.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export interface BlockedRow {
  user_number: number | string | bigint;
  name: string;
  image: string | null;
  created_at: string;
}

export function createBlocksRepository(db: Kysely<Database>) {
  return {
    async findMemberId(userNumber: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('user')
        .select('user.id')
        .where('user.user_number', '=', userNumber)
        .executeTakeFirst();
      return row?.id;
    },

    /** Idempotent: blocking again keeps the first block and its date. */
    async block(userId: string, blockedUserId: string, createdAt: string): Promise<void> {
      await db
        .insertInto('member_block')
        .values({ user_id: userId, blocked_user_id: blockedUserId, created_at: createdAt })
        .onConflict((oc) => oc.columns(['user_id', 'blocked_user_id']).doNothing())
        .execute();
    },

    async unblock(userId: string, blockedUserId: string): Promise<void> {
      await db
        .deleteFrom('member_block')
        .where('member_block.user_id', '=', userId)
        .where('member_block.blocked_user_id', '=', blockedUserId)
        .execute();
    },

    /** The members `userId` blocked, most recent first. */
    async list(userId: string): Promise<BlockedRow[]> {
      return db
        .selectFrom('member_block')
        .innerJoin('user', 'user.id', 'member_block.blocked_user_id')
        .select(['user.user_number', 'user.name', 'user.image', 'member_block.created_at'])
        .where('member_block.user_id', '=', userId)
        .orderBy('member_block.created_at', 'desc')
        .orderBy('user.user_number', 'desc')
        .execute();
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
