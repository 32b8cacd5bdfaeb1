// Thought, reply and like rules (spec): newest first; only the author deletes (and operators,
// through the moderation module); deleting a thought takes its replies and likes with it; likes
// are added only if absent and removed only if present. Hidden thoughts and replies read as
// missing; a member's blocks leave the blocked member's thoughts and replies out of what they see.
//
// The feed's first page and each member's (the profile) are the same for every viewer but for
// their likes, which are theirs, and their blocks: they are remembered (`cacheMs`, like the
// library's lists), and so is each viewer's view of them (the page with their likes and blocks,
// one read of those). Both are forgotten by every write here and by `changed()` (a member's
// name, picture or bio, a block or unblock) (decision 010).
import {
  COMMUNITY_PAGE_SIZE,
  type LikeState,
  type Reply,
  type Thought,
  type ThoughtPage,
  type ThoughtWithReplies,
} from '@sahifa/contracts/community';
import { displayNameOf, parseUserNumber } from '@sahifa/contracts/members';
import { newId } from '#server/db/ids.ts';
import type { Keys } from '#server/db/keyset.ts';
import { nowIso, toIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { decodeKeys, toPage } from '#server/kernel/cursor.ts';
import { deviceInfoFrom } from '#server/kernel/device-info.ts';
import type { Member } from '#server/kernel/member.ts';
import { createNewestEntries } from '#server/kernel/newest-entries.ts';
import { toAuthor, toAuthorWith } from '#server/kernel/presenters.ts';
import { createReadCache } from '#server/kernel/read-cache.ts';
import { whenReady } from '#server/kernel/when-ready.ts';
import type { ReplyRow, SharedThoughtRow, ThoughtRow, ThoughtsRepository } from './thoughts.repository.ts';

export const thoughtNotFound = () => new AppError(404, 'THOUGHT_NOT_FOUND', 'This thought does not exist.');
const replyNotFound = () => new AppError(404, 'REPLY_NOT_FOUND', 'This reply does not exist.');
const notYours = (what: 'thought' | 'reply') =>
  new AppError(403, 'FORBIDDEN', `Only the author of a ${what} can delete it.`);

export function toThought(row: ThoughtRow, viewerId: string): Thought {
  return viewed(toSharedThought(row), row.liked_by !== null, row.user_id === viewerId);
}

/** A thought without what depends on who looks. */
type SharedThought = Omit<Thought, 'userLiked' | 'isMine'>;

function toSharedThought(row: SharedThoughtRow): SharedThought {
  return {
    id: row.id,
    content: row.content,
    date: row.date,
    author: toAuthorWith(
      { number: row.author_number, name: row.author_name, image: row.author_image },
      { bio: row.author_bio, createdAt: toIso(row.author_created_at) },
    ),
    likeCount: Number(row.like_count),
    replyCount: Number(row.reply_count),
  };
}

/** The thought as one viewer sees it (a literal of one shape: cheaper than a spread on Node 20). */
function viewed(thought: SharedThought, userLiked: boolean, isMine: boolean): Thought {
  const { id, content, date, author, likeCount, replyCount } = thought;
  return { id, content, date, author, likeCount, replyCount, userLiked, isMine };
}

/** A first page as every member sees it, with what a viewer's likes and blocks are checked against. */
interface SharedPage {
  thoughts: { thought: SharedThought; authorId: string }[];
  /** The page's thoughts' ids, whose likes each viewer's request reads. */
  ids: string[];
  nextCursor: string | null;
  /** The authors of every row read, the one past the page too: a viewer who blocked one sees another page. */
  authorIds: Set<string>;
}

function toReply(row: ReplyRow, viewerId: string): Reply {
  return {
    id: row.id,
    thoughtId: row.thought_id,
    reply: row.reply,
    date: row.date,
    author: toAuthor({ number: row.author_number, name: row.author_name, image: row.author_image }),
    isMine: row.user_id === viewerId,
  };
}

/** Viewers' views of remembered first pages kept at once: each is a page of twenty thoughts. */
const MAX_VIEWS = 2000;

export function createThoughtsService(repository: ThoughtsRepository, { cacheMs }: { cacheMs: number }) {
  /** The feed's first page by [undefined], a member's by [their id]. */
  const firstPages = createReadCache({ ttlMs: cacheMs, maxEntries: 1000 });
  /** [author or undefined, viewer] → the view and the shared page it was made from: valid while that page is. */
  const views = createNewestEntries<{ shared: SharedPage; view: ThoughtPage | null }>(MAX_VIEWS);

  async function sharedPage(authorId: string | undefined): Promise<SharedPage> {
    const limit = COMMUNITY_PAGE_SIZE.thoughts;
    const rows = await repository.listSharedThoughts(limit + 1, authorId);
    const page = toPage(rows, limit, (row) => [row.date, row.id]);
    return {
      thoughts: page.items.map((row) => ({ thought: toSharedThought(row), authorId: row.user_id })),
      ids: page.items.map((row) => row.id),
      nextCursor: page.nextCursor,
      authorIds: new Set(rows.map((row) => row.user_id)),
    };
  }

  /**
   * The remembered first page as the viewer sees it, itself remembered with that page (the same
   * object each time, so its bytes are made once: sendAnswer); null when the viewer blocked one
   * of its authors.
   */
  function firstPageFor(
    viewerId: string,
    authorId: string | undefined,
  ): ThoughtPage | null | Promise<ThoughtPage | null> {
    return whenReady(
      firstPages.get([authorId], () => sharedPage(authorId)),
      (shared) => {
        const seen = views.get([authorId, viewerId]);
        if (seen?.shared === shared) return seen.view;
        return viewOf(shared, viewerId).then((view) => {
          // Kept with the page it was made from: once a write or the TTL replaces that page (even
          // while the marks were read), it is made again.
          views.set([authorId, viewerId], { shared, view });
          return view;
        });
      },
    );
  }

  async function viewOf(shared: SharedPage, viewerId: string): Promise<ThoughtPage | null> {
    const marks = await repository.viewerMarks(viewerId, shared.ids);
    const liked = new Set<string>();
    for (const mark of marks) {
      if (mark.kind === 'like') liked.add(mark.id);
      else if (shared.authorIds.has(mark.id)) return null;
    }
    return {
      items: shared.thoughts.map(({ thought, authorId }) =>
        viewed(thought, liked.has(thought.id), authorId === viewerId),
      ),
      nextCursor: shared.nextCursor,
    };
  }

  /** Runs a write, then forgets the remembered first pages it may have changed. */
  async function written<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      forget();
    }
  }

  function forget(): void {
    firstPages.clear();
    views.clear();
  }

  /** A page of thoughts, newest first, optionally by one member. */
  /** A page of thoughts as the viewer sees them: the first page at once when it is remembered. */
  function thoughtPage(
    viewerId: string,
    options: { cursor?: string; limit?: number; authorId?: string } = {},
  ): ThoughtPage | Promise<ThoughtPage> {
    const limit = options.limit ?? COMMUNITY_PAGE_SIZE.thoughts;
    const after = decodeKeys(options.cursor);
    // With nothing remembered (cacheMs 0) the shared page would be one query more, not one less.
    if (cacheMs > 0 && !after && limit === COMMUNITY_PAGE_SIZE.thoughts) {
      return whenReady(
        firstPageFor(viewerId, options.authorId),
        (page) => page ?? listedPage(viewerId, limit, after, options.authorId),
      );
    }
    return listedPage(viewerId, limit, after, options.authorId);
  }

  async function listedPage(viewerId: string, limit: number, after: Keys | undefined, authorId?: string) {
    const rows = await repository.listThoughts(viewerId, { after, limit: limit + 1, authorId });
    const page = toPage(rows, limit, (row) => [row.date, row.id]);
    return { items: page.items.map((row) => toThought(row, viewerId)), nextCursor: page.nextCursor };
  }

  async function replyPage(viewerId: string, thoughtId: string, cursor?: string, limit?: number) {
    const size = limit ?? COMMUNITY_PAGE_SIZE.replies;
    const after = decodeKeys(cursor);
    const rows = await repository.listReplies(viewerId, thoughtId, after, size + 1);
    const page = toPage(rows, size, (row) => [row.date, row.id]);
    return { items: page.items.map((row) => toReply(row, viewerId)), nextCursor: page.nextCursor };
  }

  function likeState(count: number | string | bigint | null, userLiked: boolean): LikeState {
    if (count === null) throw thoughtNotFound();
    return { userLiked, likeCount: Number(count) };
  }

  return {
    thoughtPage,

    /** A member's name, picture or bio changed (the pages show them), or a member's blocks (their views). */
    changed: forget,

    async post(member: Member, content: string, userAgent?: string): Promise<Thought> {
      const row = await written(
        repository.insertThought({
          id: newId(),
          userId: member.id,
          addedBy: displayNameOf(member.name),
          content,
          date: nowIso(),
          deviceInfo: deviceInfoFrom(userAgent),
        }),
      );
      return toThought(row, member.id);
    },

    async remove(userId: string, thoughtId: string): Promise<void> {
      const outcome = await written(repository.deleteThought(thoughtId, userId));
      if (outcome.status === 'not_found') throw thoughtNotFound();
      if (outcome.status === 'forbidden') throw notYours('thought');
    },

    /** An operator's decision: the thought goes with its replies and likes, whoever wrote it; false when already gone. */
    async removeAsOperator(thoughtId: string): Promise<boolean> {
      return (await written(repository.deleteThought(thoughtId, null))).status === 'done';
    },

    /** An operator's decision: false when the thought does not exist or is hidden already. */
    async hide(thoughtId: string): Promise<boolean> {
      return written(repository.hideThought(thoughtId, nowIso()));
    },

    async like(userId: string, thoughtId: string): Promise<LikeState> {
      return likeState(await written(repository.like(thoughtId, userId, nowIso())), true);
    },

    async unlike(userId: string, thoughtId: string): Promise<LikeState> {
      return likeState(await written(repository.unlike(thoughtId, userId)), false);
    },

    /** The thought and its first replies; 404 unless it exists and belongs to member `userNumber`. */
    async withReplies(
      viewerId: string,
      userNumber: string,
      thoughtId: string,
      cursor?: string,
    ): Promise<ThoughtWithReplies> {
      const number = parseUserNumber(userNumber);
      decodeKeys(cursor);
      if (number === null) throw thoughtNotFound();
      const [row, replies] = await Promise.all([
        repository.findThought(viewerId, thoughtId),
        replyPage(viewerId, thoughtId, cursor),
      ]);
      if (!row || Number(row.author_number) !== number) throw thoughtNotFound();
      return { thought: toThought(row, viewerId), replies };
    },

    async replies(viewerId: string, thoughtId: string, cursor?: string, limit?: number) {
      decodeKeys(cursor);
      const [exists, page] = await Promise.all([
        repository.thoughtExists(thoughtId),
        replyPage(viewerId, thoughtId, cursor, limit),
      ]);
      if (!exists) throw thoughtNotFound();
      return page;
    },

    async reply(member: Member, thoughtId: string, text: string, userAgent?: string) {
      const added = await written(
        repository.addReply({
          id: newId(),
          thoughtId,
          userId: member.id,
          addedBy: displayNameOf(member.name),
          reply: text,
          date: nowIso(),
          deviceInfo: deviceInfoFrom(userAgent),
        }),
      );
      if (!added) throw thoughtNotFound();
      return { reply: toReply(added.reply, member.id), replyCount: Number(added.replyCount) };
    },

    async removeReply(userId: string, replyId: string): Promise<{ replyCount: number }> {
      const outcome = await written(repository.deleteReply(replyId, userId));
      if (outcome.status === 'not_found') throw replyNotFound();
      if (outcome.status === 'forbidden') throw notYours('reply');
      return { replyCount: Number(outcome.value) };
    },

    /** An operator's decision, whoever wrote the reply; false when already gone. */
    async removeReplyAsOperator(replyId: string): Promise<boolean> {
      return (await written(repository.deleteReply(replyId, null))).status === 'done';
    },

    /** An operator's decision: the reply leaves its thought's count; false when missing or hidden already. */
    async hideReply(replyId: string): Promise<boolean> {
      return written(repository.hideReply(replyId, nowIso()));
    },
  };
}

export type ThoughtsService = ReturnType<typeof createThoughtsService>;
