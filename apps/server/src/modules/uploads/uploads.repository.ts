// The only Kysely code of the uploads module: which stored images the rows still point at.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export function createUploadsRepository(db: Kysely<Database>) {
  return {
    /**
     * Every image URL a row holds, once: avatars (`user.image`) and covers (`book.book_image`,
     * `book.card_image`, member and demo alike). One query, so both tables are read at the same moment.
     */
    async referencedUrls(): Promise<string[]> {
      const rows = await db
        .selectFrom('user')
        .select('image as url')
        .where('image', 'is not', null)
        .union(db.selectFrom('book').select('book_image as url').where('book_image', 'is not', null))
        .union(db.selectFrom('book').select('card_image as url').where('card_image', 'is not', null))
        .execute();
      return rows.flatMap((row) => (row.url ? [row.url] : []));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
