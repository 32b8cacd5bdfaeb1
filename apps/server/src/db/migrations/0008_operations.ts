// Running Sahifa as a service (issue 11): support messages get a status and their replies,
// members get a plan (Stripe subscription state) and can be operators or suspended, members
// report content and block each other, operators hide content, and every operator action is
// kept in an audit list.
import type { Migration } from 'kysely';

export const operationsMigration: Migration = {
  async up(db) {
    // 'operator' (set by `npm run operator`), or null; ADMIN_EMAILS makes operators too.
    await db.schema.alterTable('user').addColumn('role', 'text').execute();
    // A suspended member reads but does not write.
    await db.schema.alterTable('user').addColumn('suspended_at', 'text').execute();

    await db.schema
      .alterTable('support_message')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .execute();
    await db.schema.alterTable('support_message').addColumn('answered_at', 'text').execute();
    // 'pending' until the operators' mail is sent; 'unsent' after a failed try (retried later).
    await db.schema
      .alterTable('support_message')
      .addColumn('mail_status', 'text', (c) => c.notNull().defaultTo('pending'))
      .execute();
    await db.schema
      .alterTable('support_message')
      .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('support_message_user_date_idx')
      .on('support_message')
      .columns(['user_id', 'date', 'id'])
      .execute();
    await db.schema
      .createIndex('support_message_status_date_idx')
      .on('support_message')
      .columns(['status', 'date', 'id'])
      .execute();

    await db.schema
      .createTable('support_reply')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('message_id', 'text', (c) =>
        c.notNull().references('support_message.id').onDelete('cascade'),
      )
      .addColumn('operator_id', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('mail_status', 'text', (c) => c.notNull().defaultTo('pending'))
      .execute();
    await db.schema
      .createIndex('support_reply_message_date_idx')
      .on('support_reply')
      .columns(['message_id', 'date'])
      .execute();

    // One row per member who has been to Stripe: their customer and current subscription state.
    await db.schema
      .createTable('subscription')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
      .addColumn('stripe_subscription_id', 'text')
      .addColumn('price_id', 'text')
      // Stripe's subscription status, or 'none' before the first subscription.
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('none'))
      .addColumn('current_period_end', 'text')
      .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
      // `created` (Unix seconds) of the last event applied: older events arriving late are ignored.
      .addColumn('event_created', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    // Webhook events already handled: a replayed event changes nothing.
    await db.schema
      .createTable('stripe_event')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();

    for (const table of ['thought', 'thought_reply', 'book_comment', 'book'] as const) {
      await db.schema.alterTable(table).addColumn('hidden_at', 'text').execute();
    }

    await db.schema
      .createTable('report')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reporter_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      // 'thought' | 'reply' | 'comment' | 'summary'
      .addColumn('target_kind', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('target_user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
      // 'open' | 'hidden' | 'deleted' | 'dismissed'
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('resolved_at', 'text')
      .addColumn('resolved_by', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addUniqueConstraint('report_once_per_member', ['reporter_id', 'target_kind', 'target_id'])
      .execute();
    await db.schema
      .createIndex('report_status_created_idx')
      .on('report')
      .columns(['status', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('report_target_idx')
      .on('report')
      .columns(['target_kind', 'target_id'])
      .execute();

    await db.schema
      .createTable('member_block')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('blocked_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('member_block_pk', ['user_id', 'blocked_user_id'])
      .execute();

    await db.schema
      .createTable('audit_event')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // null: the command line (`npm run operator`), or an operator account since deleted.
      .addColumn('actor_id', 'text', (c) => c.references('user.id').onDelete('set null'))
      // Kept as written, so the list still says who acted after the account is gone.
      .addColumn('actor_email', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_kind', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('date', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_event_date_idx').on('audit_event').columns(['date', 'id']).execute();
  },
  async down(db) {
    await db.schema.dropTable('audit_event').execute();
    await db.schema.dropTable('member_block').execute();
    await db.schema.dropTable('report').execute();
    for (const table of ['thought', 'thought_reply', 'book_comment', 'book'] as const) {
      await db.schema.alterTable(table).dropColumn('hidden_at').execute();
    }
    await db.schema.dropTable('stripe_event').execute();
    await db.schema.dropTable('subscription').execute();
    await db.schema.dropTable('support_reply').execute();
    await db.schema.dropIndex('support_message_status_date_idx').execute();
    await db.schema.dropIndex('support_message_user_date_idx').execute();
    for (const column of ['mail_attempts', 'mail_status', 'answered_at', 'status']) {
      await db.schema.alterTable('support_message').dropColumn(column).execute();
    }
    await db.schema.alterTable('user').dropColumn('suspended_at').execute();
    await db.schema.alterTable('user').dropColumn('role').execute();
  },
};
