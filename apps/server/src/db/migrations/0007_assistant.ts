// MoejrAI: a member's conversations with the assistant, their messages, and the daily count of
// questions (kept apart from the messages, so deleting a conversation does not hand back quota).
import { type Migration, sql } from 'kysely';

export const assistantMigration: Migration = {
  async up(db) {
    await db.schema
      .createTable('assistant_conversation')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      // The book the conversation is about; the conversation stays if the book goes.
      .addColumn('book_id', 'text', (c) => c.references('book.id').onDelete('set null'))
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assistant_conversation_user_updated_idx')
      .on('assistant_conversation')
      .columns(['user_id', 'updated_at', 'id'])
      .execute();

    await db.schema
      .createTable('assistant_message')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) =>
        c.notNull().references('assistant_conversation.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('user', 'assistant')`))
      .addColumn('text', 'text', (c) => c.notNull())
      // Assistant messages only: 'model' | 'library', 'complete' | 'incomplete', citations as JSON.
      .addColumn('mode', 'text', (c) => c.check(sql`mode in ('model', 'library')`))
      .addColumn('status', 'text', (c) => c.check(sql`status in ('complete', 'incomplete')`))
      .addColumn('citations', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Orders messages written in the same millisecond (a question and a library answer).
      .addColumn('seq', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assistant_message_conversation_seq_idx')
      .on('assistant_message')
      .columns(['conversation_id', 'seq'])
      .unique()
      .execute();

    await db.schema
      .createTable('assistant_usage')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      // The UTC day, YYYY-MM-DD.
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('questions', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('assistant_usage_pk', ['user_id', 'day'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('assistant_usage').execute();
    await db.schema.dropTable('assistant_message').execute();
    await db.schema.dropTable('assistant_conversation').execute();
  },
};
