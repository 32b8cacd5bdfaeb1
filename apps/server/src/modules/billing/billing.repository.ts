// The only Kysely code of billing: one `subscription` row per member who has been to Stripe, and
// the ids of the webhook events already handled (`stripe_event`).
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, SubscriptionTable } from '#server/db/schema.ts';

export type SubscriptionRow = Selectable<SubscriptionTable>;
export type SubscriptionChange = Omit<Updateable<SubscriptionTable>, 'user_id' | 'updated_at'>;

/** What an event may do to the subscription rows, inside the transaction that records it. */
export interface EventTransaction {
  memberExists(userId: string): Promise<boolean>;
  /** The row for `customerId`, locked until the transaction ends (PostgreSQL). */
  lockByCustomer(customerId: string): Promise<SubscriptionRow | undefined>;
  lockByUser(userId: string): Promise<SubscriptionRow | undefined>;
  /** Adds the member's row unless they, or this customer, already have one. */
  insert(row: { userId: string; customerId: string; subscriptionId: string | null }): Promise<void>;
  update(userId: string, change: SubscriptionChange): Promise<void>;
}

export function createBillingRepository(db: Kysely<Database>) {
  return {
    async findByUser(userId: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('subscription').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Stores the member's Stripe customer unless one is stored already; answers the stored one. */
    async addCustomer(userId: string, customerId: string, now: string): Promise<string> {
      await db
        .insertInto('subscription')
        .values({ user_id: userId, stripe_customer_id: customerId, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('subscription')
        .select('stripe_customer_id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.stripe_customer_id;
    },

    /** Forgets a customer Stripe no longer knows, with the subscription state it described. */
    async forgetCustomer(userId: string, customerId: string): Promise<void> {
      await db
        .deleteFrom('subscription')
        .where('user_id', '=', userId)
        .where('stripe_customer_id', '=', customerId)
        .execute();
    },

    /**
     * Records the event and runs `apply` in the same transaction; false (and nothing run) when
     * the event was recorded before, i.e. Stripe sent it again.
     */
    async recordEvent(
      event: { id: string; type: string },
      now: string,
      apply: (tx: EventTransaction) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('stripe_event')
          .values({ id: event.id, type: event.type, received_at: now })
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return false;

        // A no-op update takes the row lock on both engines, so two events for one member apply in turn.
        const lock = (column: 'stripe_customer_id' | 'user_id', value: string) =>
          trx
            .updateTable('subscription')
            .set((eb) => ({ event_created: eb.ref('event_created') }))
            .where(column, '=', value)
            .returningAll()
            .executeTakeFirst();

        await apply({
          async memberExists(userId) {
            const row = await trx.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
            return row !== undefined;
          },
          lockByCustomer: (customerId) => lock('stripe_customer_id', customerId),
          lockByUser: (userId) => lock('user_id', userId),
          async insert(row) {
            await trx
              .insertInto('subscription')
              .values({
                user_id: row.userId,
                stripe_customer_id: row.customerId,
                stripe_subscription_id: row.subscriptionId,
                updated_at: now,
              })
              .onConflict((oc) => oc.doNothing())
              .execute();
          },
          async update(userId, change) {
            await trx
              .updateTable('subscription')
              .set({ ...change, updated_at: now })
              .where('user_id', '=', userId)
              .execute();
          },
        });
        return true;
      });
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
