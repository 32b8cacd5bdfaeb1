// The whole data model of DESIGN.md. Written with Kysely's schema builder so that one file runs on
// SQLite and PostgreSQL; the only engine-specific choice is the type of better-auth's timestamps.
import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

// Timestamp rule (see db/schema.ts): our tables keep ISO 8601 UTC text on both engines;
// better-auth's tables keep what its adapter writes — timestamptz on PostgreSQL, text on SQLite.
function authTimestampType(db: Kysely<unknown>): 'timestamptz' | 'text' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
}

/** First member number handed out is this + 1. */
export const USER_NUMBER_START = 1000;

async function createAuthTables(db: Kysely<unknown>): Promise<void> {
  const ts = authTimestampType(db);

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('image', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('user_number', 'integer', (c) => c.notNull().unique())
    .addColumn('pronouns', 'text')
    .addColumn('bio', 'text')
    .addColumn('location', 'text')
    .addColumn('website', 'text')
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').column('user_id').execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', ts)
    .addColumn('refresh_token_expires_at', ts)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_user_idx').on('account').column('user_id').execute();
  await db.schema
    .createIndex('account_provider_idx')
    .on('account')
    .columns(['provider_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_identifier_idx')
    .on('verification')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('counter')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into counter (name, value) values ('user_number', ${USER_NUMBER_START})`.execute(db);
}

async function createLibraryTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('category')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('book')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category_id', 'text', (c) => c.notNull().references('category.id'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('official', 'member')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('about_book', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('book_reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('book_image', 'text')
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('device_info', 'text')
    // A member's summaries stay in the library if the member goes.
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Keyset pagination: books of a category newest first; official/member lists; a member's books.
  await db.schema
    .createIndex('book_category_added_idx')
    .on('book')
    .columns(['category_id', 'added_at', 'id'])
    .execute();
  await db.schema
    .createIndex('book_source_added_idx')
    .on('book')
    .columns(['source', 'added_at', 'id'])
    .execute();
  await db.schema
    .createIndex('book_user_added_idx')
    .on('book')
    .columns(['user_id', 'added_at', 'id'])
    .execute();

  await db.schema
    .createTable('tag')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('book_tag')
    .addColumn('book_id', 'text', (c) => c.notNull().references('book.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('book_tag_pk', ['book_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('book_tag_tag_idx').on('book_tag').columns(['tag_id', 'book_id']).execute();

  await db.schema
    .createTable('page')
    .addColumn('book_id', 'text', (c) => c.notNull().references('book.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang in ('en', 'ar')`))
    .addColumn('order', 'integer', (c) => c.notNull())
    .addColumn('header', 'text', (c) => c.notNull())
    .addColumn('sub_header', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content1', 'text', (c) => c.notNull())
    .addColumn('sub_header2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sub_header3', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content3', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sub_header4', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content4', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('page_pk', ['book_id', 'lang', 'order'])
    .execute();
}

async function createReaderTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bookmark')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('book.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmark_pk', ['user_id', 'book_id'])
    .execute();
  await db.schema
    .createIndex('bookmark_user_created_idx')
    .on('bookmark')
    .columns(['user_id', 'created_at', 'book_id'])
    .execute();

  await db.schema
    .createTable('reading_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('book.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_progress_pk', ['user_id', 'book_id'])
    .execute();
  await db.schema
    .createIndex('reading_progress_user_updated_idx')
    .on('reading_progress')
    .columns(['user_id', 'updated_at', 'book_id'])
    .execute();

  await db.schema
    .createTable('finished_book')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('book.id').onDelete('cascade'))
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('finished_book_pk', ['user_id', 'book_id'])
    .execute();
  await db.schema
    .createIndex('finished_book_user_finished_idx')
    .on('finished_book')
    .columns(['user_id', 'finished_at', 'book_id'])
    .execute();

  await db.schema
    .createTable('book_comment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('book.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('book_comment_book_date_idx')
    .on('book_comment')
    .columns(['book_id', 'date', 'id'])
    .execute();
  await db.schema.createIndex('book_comment_user_idx').on('book_comment').column('user_id').execute();
}

async function createCommunityTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('thought')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('device_info', 'text')
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('thought_date_idx').on('thought').columns(['date', 'id']).execute();
  await db.schema
    .createIndex('thought_user_date_idx')
    .on('thought')
    .columns(['user_id', 'date', 'id'])
    .execute();

  await db.schema
    .createTable('thought_reply')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('thought_id', 'text', (c) => c.notNull().references('thought.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('device_info', 'text')
    .execute();
  await db.schema
    .createIndex('thought_reply_thought_date_idx')
    .on('thought_reply')
    .columns(['thought_id', 'date', 'id'])
    .execute();
  await db.schema.createIndex('thought_reply_user_idx').on('thought_reply').column('user_id').execute();

  await db.schema
    .createTable('thought_like')
    .addColumn('thought_id', 'text', (c) => c.notNull().references('thought.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('thought_like_pk', ['thought_id', 'user_id'])
    .execute();
  await db.schema.createIndex('thought_like_user_idx').on('thought_like').column('user_id').execute();

  await db.schema
    .createTable('support_message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Support history is kept if the member goes.
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sender_email', 'text')
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('device_info', 'text')
    .execute();
  await db.schema
    .createIndex('support_message_date_idx')
    .on('support_message')
    .columns(['date', 'id'])
    .execute();
}

const TABLES_IN_DROP_ORDER = [
  'support_message',
  'thought_like',
  'thought_reply',
  'thought',
  'book_comment',
  'finished_book',
  'reading_progress',
  'bookmark',
  'page',
  'book_tag',
  'tag',
  'book',
  'category',
  'counter',
  'verification',
  'account',
  'session',
  'user',
];

export const initialMigration: Migration = {
  async up(db) {
    await createAuthTables(db);
    await createLibraryTables(db);
    await createReaderTables(db);
    await createCommunityTables(db);
  },
  async down(db) {
    for (const table of TABLES_IN_DROP_ORDER) await db.schema.dropTable(table).ifExists().execute();
  },
};
