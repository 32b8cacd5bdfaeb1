// Member summaries (spec: darkerSummaries): rules and authorization. Everything is validated
// before the cover is stored; the cover is stored before the rows are written (one transaction,
// with the search index); if that write fails, the stored cover is removed again. A replaced or
// deleted cover is removed from storage once the rows no longer point at it.
import { randomUUID } from 'node:crypto';
import { displayNameOf } from '@sahifa/contracts/members';
import type { EditableSummary, SavedSummary, summaryInputSchema } from '@sahifa/contracts/publishing';
import type { z } from 'zod';
import { newId } from '#server/db/ids.ts';
import { type PageFields, pageFromRow } from '#server/db/page-fields.ts';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { deviceInfoFrom } from '#server/kernel/device-info.ts';
import type { Logger } from '#server/kernel/logger.ts';
import type { Member } from '#server/kernel/member.ts';
import { bookNotFound } from '#server/kernel/not-found.ts';
import { tagSlug } from '#server/kernel/tag-slug.ts';
import type { LibraryService } from '#server/modules/library/library.service.ts';
import { toWebpCover, toWebpCoverCard, WEBP_CONTENT_TYPE } from '#server/storage/images.ts';
import { type Storage, UPLOAD_FOLDERS } from '#server/storage/storage.ts';
import type { PublishingRepository, SummaryContent } from './publishing.repository.ts';

/** A summary as the form sends it, once validated (text trimmed). */
export type SummaryData = z.output<typeof summaryInputSchema>;

const unknownCategory = () => new AppError(400, 'UNKNOWN_CATEGORY', 'Unknown category.');
const notYours = (action: 'edit' | 'delete') =>
  new AppError(403, 'FORBIDDEN', `Only the member who published this summary can ${action} it.`);
const official = () => new AppError(403, 'FORBIDDEN', 'Summaries of the Sahifa library cannot be changed.');

/** A summary's cover and the cards' smaller copy of it (both null: none). */
interface CoverUrls {
  bookImage: string | null;
  cardImage: string | null;
}

const NO_COVER: CoverUrls = { bookImage: null, cardImage: null };

function toContent(data: SummaryData, cover: CoverUrls): SummaryContent {
  // One tag per slug: "Stoicism" and "stoicism" are the same tag.
  const tags = new Map<string, string>();
  for (const name of data.tags) {
    const id = tagSlug(name);
    if (!tags.has(id)) tags.set(id, name);
  }
  const byOrder = (a: PageFields, b: PageFields) => a.order - b.order;
  return {
    categoryId: data.categoryId,
    title: data.title,
    author: data.author,
    titleAr: data.titleAr || null,
    authorAr: data.authorAr || null,
    aboutBook: data.aboutBook,
    bookReference: data.bookReference,
    ...cover,
    tags: [...tags].map(([id, name]) => ({ id, name })),
    enPages: [...data.enPages].sort(byOrder),
    arPages: [...data.arPages].sort(byOrder),
  };
}

export function createPublishingService(deps: {
  repository: PublishingRepository;
  /** Told of every summary published, edited, deleted or hidden: its remembered lists go. */
  library: LibraryService;
  storage: Storage;
  log: Logger;
}) {
  const { repository, library, storage, log } = deps;

  /** Only covers this module stored are ever deleted (never a demo library cover). */
  function ownCoverKey(url: string | null): string | null {
    if (!url) return null;
    const key = storage.keyFromUrl(url);
    return key?.startsWith(`${UPLOAD_FOLDERS.summaryCovers}/`) ? key : null;
  }

  async function deleteQuietly(key: string | null) {
    if (!key) return;
    try {
      await storage.delete(key);
    } catch (error) {
      // The rows are already right; a leftover object costs only space.
      log.error({ err: error, key }, 'could not delete a stored cover');
    }
  }

  /** Deletes the stored cover and its card copy this module stored (never a demo cover). */
  async function deleteCover(cover: CoverUrls) {
    await deleteQuietly(ownCoverKey(cover.bookImage));
    await deleteQuietly(ownCoverKey(cover.cardImage));
  }

  /**
   * Checks the category, then stores the cover (if any) and the cards' smaller copy of it;
   * returns their URLs.
   */
  async function prepare(data: SummaryData, cover: Buffer | null): Promise<CoverUrls | null> {
    if (!(await repository.categoryExists(data.categoryId))) throw unknownCategory();
    if (!cover) return null;
    const image = await toWebpCover(cover);
    const card = await toWebpCoverCard(image.bytes);
    const key = `${UPLOAD_FOLDERS.summaryCovers}/${randomUUID()}`;
    const { url } = await storage.put(key, image.bytes, WEBP_CONTENT_TYPE);
    try {
      const stored = await storage.put(`${key}-card`, card.bytes, WEBP_CONTENT_TYPE);
      return { bookImage: url, cardImage: stored.url };
    } catch (error) {
      await deleteQuietly(key);
      throw error;
    }
  }

  async function ownedMemberBook(member: Member, bookId: string, action: 'edit' | 'delete') {
    const book = await repository.findBookAccess(bookId);
    if (!book) throw bookNotFound();
    if (book.source !== 'member') throw official();
    if (book.user_id !== member.id) throw notYours(action);
    return book;
  }

  return {
    async create(
      member: Member,
      data: SummaryData,
      cover: Buffer | null,
      userAgent: string | undefined,
    ): Promise<SavedSummary> {
      const stored = await prepare(data, cover);
      const id = newId();
      try {
        await repository.insertSummary(
          {
            id,
            category_id: data.categoryId,
            source: 'member',
            title: data.title,
            author: data.author,
            title_ar: data.titleAr || null,
            author_ar: data.authorAr || null,
            about_book: data.aboutBook,
            book_reference: data.bookReference,
            book_image: stored?.bookImage ?? null,
            card_image: stored?.cardImage ?? null,
            added_by: displayNameOf(member.name),
            added_at: nowIso(),
            device_info: deviceInfoFrom(userAgent),
            user_id: member.id,
          },
          toContent(data, stored ?? NO_COVER),
        );
      } catch (error) {
        if (stored) await deleteCover(stored);
        throw error;
      }
      library.changed();
      return { id, categoryId: data.categoryId, bookImage: stored?.bookImage ?? null };
    },

    /** Checked before the upload is read, so nobody else's upload is ever decoded. */
    async assertCanEdit(member: Member, bookId: string): Promise<void> {
      await ownedMemberBook(member, bookId, 'edit');
    },

    async update(
      member: Member,
      bookId: string,
      data: SummaryData,
      cover: Buffer | null,
    ): Promise<SavedSummary> {
      const before = await ownedMemberBook(member, bookId, 'edit');
      const stored = await prepare(data, cover);
      const previous = { bookImage: before.book_image, cardImage: before.card_image };
      const next = stored ?? (data.removeCover ? NO_COVER : previous);
      let updated: boolean;
      try {
        updated = await repository.updateSummary(bookId, member.id, toContent(data, next));
      } catch (error) {
        if (stored) await deleteCover(stored);
        throw error;
      }
      if (!updated) {
        // Deleted (or changed hands) while the upload was being processed.
        if (stored) await deleteCover(stored);
        throw bookNotFound();
      }
      library.changed();
      if (next !== previous) await deleteCover(previous);
      return { id: bookId, categoryId: data.categoryId, bookImage: next.bookImage };
    },

    async remove(member: Member, bookId: string): Promise<void> {
      const book = await ownedMemberBook(member, bookId, 'delete');
      if (!(await repository.deleteSummary(bookId, member.id))) throw bookNotFound();
      library.changed();
      // Spec: deleting a darker summary removes its image from storage.
      await deleteCover({ bookImage: book.book_image, cardImage: book.card_image });
    },

    /** An operator's decision: the summary goes as its author's delete would, cover included; false when already gone. */
    async removeAsOperator(bookId: string): Promise<boolean> {
      const book = await repository.findBookAccess(bookId);
      if (book?.source !== 'member') return false;
      if (!(await repository.deleteSummary(bookId, null))) return false;
      library.changed();
      await deleteCover({ bookImage: book.book_image, cardImage: book.card_image });
      return true;
    },

    /** An operator's decision: the summary leaves every list and reads as missing; false when there is none to hide. */
    async hide(bookId: string): Promise<boolean> {
      const hidden = await repository.hideSummary(bookId, nowIso());
      if (hidden) library.changed();
      return hidden;
    },

    async editable(member: Member, bookId: string): Promise<EditableSummary> {
      await ownedMemberBook(member, bookId, 'edit');
      const found = await repository.findEditable(bookId);
      if (!found) throw bookNotFound();
      const { book, tags, pages } = found;
      return {
        id: book.id,
        title: book.title,
        author: book.author,
        titleAr: book.title_ar ?? '',
        authorAr: book.author_ar ?? '',
        categoryId: book.category_id,
        tags,
        aboutBook: book.about_book,
        bookReference: book.book_reference,
        bookImage: book.book_image,
        enPages: pages.filter((p) => p.lang === 'en').map(pageFromRow),
        arPages: pages.filter((p) => p.lang === 'ar').map(pageFromRow),
      };
    },
  };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
