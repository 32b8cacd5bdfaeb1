// A smaller copy of each cover for the lists (book cards show covers ~150 px wide; the covers
// are up to 800 px). Null for a book without one: its cards show the cover itself. Covers stored
// from now on get one (publishing, the seed); the seed also makes them for the demo library's
// books that lack one.
import type { Migration } from 'kysely';

export const coverCardsMigration: Migration = {
  async up(db) {
    await db.schema.alterTable('book').addColumn('card_image', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('book').dropColumn('card_image').execute();
  },
};
