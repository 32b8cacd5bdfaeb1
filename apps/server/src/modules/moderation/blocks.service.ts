// Blocks: a member blocks another by number, and no longer sees their thoughts and replies (the
// thoughts module leaves them out; counters stay as stored). Blocking and unblocking are idempotent.

import type { BlockedMember } from '@sahifa/contracts/moderation';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { toAuthorWith } from '#server/kernel/presenters.ts';
import { darkerNotFound, userNumberOf } from '#server/modules/profiles/profiles.service.ts';
import type { BlocksRepository } from './blocks.repository.ts';

const notYourself = () => new AppError(400, 'CANNOT_BLOCK_SELF', 'You cannot block yourself.');

/**
 * `blocksChanged`: the thoughts module remembers each viewer's view of the first pages of thoughts,
 * which leaves out whom they blocked.
 */
export function createBlocksService(repository: BlocksRepository, blocksChanged: () => void) {
  /** The other member's id; 404 for an unknown number, 400 for oneself. */
  async function otherMember(userId: string, userNumber: string): Promise<string> {
    const number = userNumberOf(userNumber);
    const id = number === null ? undefined : await repository.findMemberId(number);
    if (!id) throw darkerNotFound();
    if (id === userId) throw notYourself();
    return id;
  }

  return {
    async block(userId: string, userNumber: string): Promise<void> {
      await repository.block(userId, await otherMember(userId, userNumber), nowIso());
      blocksChanged();
    },

    async unblock(userId: string, userNumber: string): Promise<void> {
      await repository.unblock(userId, await otherMember(userId, userNumber));
      blocksChanged();
    },

    async list(userId: string): Promise<{ items: BlockedMember[] }> {
      const rows = await repository.list(userId);
      return {
        items: rows.map((row) =>
          toAuthorWith(
            { number: row.user_number, name: row.name, image: row.image },
            { blockedAt: row.created_at },
          ),
        ),
      };
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
