// Public profiles and profile editing (spec: user). Only fields that are set change; '' clears
// pronouns, bio, location and website. A new avatar is decoded and re-encoded (256 px square
// WebP) and stored before the row changes; the replaced one is deleted once no row points at it,
// and only if this module stored it (under user_avatars/).
import { randomUUID } from 'node:crypto';
import {
  COMMUNITY_PAGE_SIZE,
  type Profile,
  type ProfilePage,
  type ProfileUpdate,
  type SummaryPage,
  type ThoughtPage,
} from '@sahifa/contracts/community';
import { displayNameOf, parseUserNumber } from '@sahifa/contracts/members';
import { nowIso, toIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { toBookCard } from '#server/kernel/book-cards.ts';
import { decodeKeys, toPage } from '#server/kernel/cursor.ts';
import type { Logger } from '#server/kernel/logger.ts';
import type { MemberReads } from '#server/kernel/member-reads.ts';
import { createSameAnswers } from '#server/kernel/same-answers.ts';
import { whenAllReady, whenReady } from '#server/kernel/when-ready.ts';
import type { LibraryService } from '#server/modules/library/library.service.ts';
import type { ThoughtsService } from '#server/modules/thoughts/thoughts.service.ts';
import { toWebpAvatar, WEBP_CONTENT_TYPE } from '#server/storage/images.ts';
import { type Storage, UPLOAD_FOLDERS } from '#server/storage/storage.ts';
import type { ProfileChanges, ProfileRow, ProfilesRepository } from './profiles.repository.ts';

export const DARKER_NOT_FOUND = 'Darker not found';

export const darkerNotFound = () => new AppError(404, 'USER_NOT_FOUND', DARKER_NOT_FOUND);

/** user_number is an integer column: a larger number names nobody, and PostgreSQL would refuse it. */
const MAX_USER_NUMBER = 2_147_483_647;

/** The member number a URL segment (or search) names, or null when it cannot name a member. */
export function userNumberOf(value: string): number | null {
  const number = parseUserNumber(value);
  return number !== null && number <= MAX_USER_NUMBER ? number : null;
}

function toProfile(row: ProfileRow, viewerId: string): Profile {
  return {
    userNumber: Number(row.user_number),
    displayName: displayNameOf(row.name),
    photoURL: row.image,
    pronouns: row.pronouns,
    bio: row.bio,
    location: row.location,
    website: row.website,
    createdAt: toIso(row.created_at),
    counts: { thoughts: Number(row.thought_count), summaries: Number(row.summary_count) },
    isMe: row.id === viewerId,
    plus: Boolean(Number(row.plus)),
    blockedByMe: Boolean(Number(row.blocked_by_viewer)),
  };
}

/** One object, so that a profile page made with it is still the same answer (kernel/same-answers.ts). */
const NO_SUMMARIES: SummaryPage = Object.freeze({ items: [], nextCursor: null }) as SummaryPage;

/** '' clears an optional text (stored as null); undefined leaves it alone. */
const cleared = (value: string | undefined) => (value === undefined ? undefined : value || null);

export function createProfilesService(deps: {
  repository: ProfilesRepository;
  /** The member's thoughts; its remembered first pages show the author's name, picture and bio too. */
  thoughts: ThoughtsService;
  storage: Storage;
  log: Logger;
  /** Remembered session lookups carry the name and picture: forgotten after a profile change. */
  forgetSessions: () => void;
  /** So do the library's remembered previews (publisher) and comments (authors). */
  library: LibraryService;
  /** A profile's row as a viewer sees it, remembered until the viewer or the member writes (decision 021). */
  memberReads: MemberReads;
}) {
  const { repository, thoughts, storage, log, forgetSessions, library, memberReads } = deps;
  const pages = createSameAnswers(
    (row: ProfileRow, viewerId: string, thoughtPage: ThoughtPage, summaries: SummaryPage): ProfilePage => ({
      profile: toProfile(row, viewerId),
      thoughts: thoughtPage,
      summaries,
    }),
    { maxEntries: 1000 },
  );

  function ownAvatarKey(url: string | null): string | null {
    if (!url) return null;
    const key = storage.keyFromUrl(url);
    return key?.startsWith(`${UPLOAD_FOLDERS.avatars}/`) ? key : null;
  }

  async function deleteQuietly(key: string | null) {
    if (!key) return;
    try {
      await storage.delete(key);
    } catch (error) {
      // The row is already right; a leftover object costs only space.
      log.error({ err: error, key }, 'could not delete a stored avatar');
    }
  }

  /** The profile's row as the viewer sees it; at once when remembered. */
  function profileOf(viewerId: string, userNumber: string): ProfileRow | Promise<ProfileRow> {
    const number = userNumberOf(userNumber);
    if (number === null) throw darkerNotFound();
    // Its counts and plan change by the member's writes (or an operator's, or a payment's
    // webhook), the viewer's block by the viewer's. Nobody by that number: not remembered.
    const row = memberReads.remember(
      ['profile', viewerId, number],
      () => repository.findProfile({ userNumber: number }, viewerId),
      (found) => (found ? [viewerId, found.id] : null),
    );
    return whenReady(row, (found) => {
      if (!found) throw darkerNotFound();
      return found;
    });
  }

  /**
   * A page of the summaries a member published. The cards are library data, the same for every
   * viewer: remembered until a book changes, as a category's pages are.
   */
  function summaryPage(
    memberId: string,
    cursor: string | undefined,
    limit: number,
  ): SummaryPage | Promise<SummaryPage> {
    const after = decodeKeys(cursor);
    return library.shared(['summaries', memberId, cursor, limit], async () => {
      const rows = await repository.memberSummaries(memberId, after, limit + 1);
      const page = toPage(rows, limit, (book) => [book.added_at, book.id]);
      return { items: page.items.map(toBookCard), nextCursor: page.nextCursor };
    });
  }

  return {
    /**
     * The profile screen: the profile and the first pages of their thoughts and published
     * summaries; made at once when every part is remembered (the usual case), as a book's preview
     * is (decision 025).
     */
    page(viewerId: string, userNumber: string): ProfilePage | Promise<ProfilePage> {
      return whenReady(profileOf(viewerId, userNumber), (row) =>
        whenAllReady(
          [
            thoughts.thoughtPage(viewerId, { authorId: row.id }),
            // Most members publish nothing: their count (kept with the books, db/book-counters.ts)
            // spares the query, a round trip on PostgreSQL.
            Number(row.summary_count) > 0
              ? summaryPage(row.id, undefined, COMMUNITY_PAGE_SIZE.summaries)
              : NO_SUMMARIES,
          ],
          ([thoughtPage, summaries]) =>
            pages.answer([viewerId, row.id], row, viewerId, thoughtPage, summaries),
        ),
      );
    },

    async thoughtPage(viewerId: string, userNumber: string, cursor?: string, limit?: number) {
      decodeKeys(cursor);
      const row = await profileOf(viewerId, userNumber);
      return thoughts.thoughtPage(viewerId, { authorId: row.id, cursor, limit });
    },

    /** More of the summaries a member published, after `cursor`. */
    async summaryPage(
      viewerId: string,
      userNumber: string,
      cursor?: string,
      limit: number = COMMUNITY_PAGE_SIZE.summaries,
    ): Promise<SummaryPage> {
      const row = await profileOf(viewerId, userNumber);
      return summaryPage(row.id, cursor, limit);
    },

    /** `update`: the fields to change (none when only an avatar is sent); `avatar`: the new image's bytes. */
    async update(userId: string, update: ProfileUpdate, avatar: Buffer | null): Promise<Profile> {
      const changes: ProfileChanges = {
        name: update.displayName,
        pronouns: cleared(update.pronouns),
        bio: cleared(update.bio),
        location: cleared(update.location),
        website: cleared(update.website),
      };
      let stored: { key: string; url: string } | null = null;
      if (avatar) {
        const image = await toWebpAvatar(avatar);
        const key = `${UPLOAD_FOLDERS.avatars}/${randomUUID()}`;
        const { url } = await storage.put(key, image.bytes, WEBP_CONTENT_TYPE);
        stored = { key, url };
        changes.image = url;
      } else if (update.removeAvatar) {
        changes.image = null;
      }
      for (const key of Object.keys(changes) as (keyof ProfileChanges)[]) {
        if (changes[key] === undefined) delete changes[key];
      }

      let outcome: Awaited<ReturnType<ProfilesRepository['updateProfile']>>;
      try {
        outcome = await repository.updateProfile(userId, changes, nowIso());
        forgetSessions();
        library.changed();
        thoughts.changed();
      } catch (error) {
        await deleteQuietly(stored?.key ?? null);
        throw error;
      }
      if (!outcome) {
        await deleteQuietly(stored?.key ?? null);
        throw darkerNotFound();
      }
      // Only a file no row shows any more is deleted: a member's action never removes another's.
      await deleteQuietly(ownAvatarKey(outcome.orphanedImage));
      const row = await repository.findProfile({ id: userId }, userId);
      if (!row) throw darkerNotFound();
      return toProfile(row, userId);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
