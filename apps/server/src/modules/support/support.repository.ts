// The only Kysely code of support: members' messages (with their sender), the operators' replies
// (with the operator), the hourly count behind the rate limit, and the state of the mail each needs.
import type { Kysely } from 'kysely';
import { type Keys, pageAfter } from '#server/db/keyset.ts';
import type { Database, MailStatus } from '#server/db/schema.ts';

type Count = number | string | bigint;
export type Status = 'open' | 'answered';

export interface MessageRow {
  id: string;
  user_id: string | null;
  message: string;
  email: string;
  sender_email: string | null;
  date: string;
  device_info: string | null;
  status: Status;
  answered_at: string | null;
  mail_status: MailStatus;
  mail_attempts: Count;
  /** null when the member's account is gone. */
  sender_number: Count | null;
  sender_name: string | null;
  sender_image: string | null;
}

export interface ReplyRow {
  id: string;
  message_id: string;
  body: string;
  date: string;
  mail_status: MailStatus;
  operator_number: Count | null;
  operator_name: string | null;
  operator_image: string | null;
}

export interface NewMessage {
  id: string;
  userId: string;
  message: string;
  email: string;
  senderEmail: string;
  date: string;
  deviceInfo: string;
}

export type InsertOutcome = { status: 'stored' } | { status: 'limited'; recentDates: string[] };

export function createSupportRepository(db: Kysely<Database>) {
  function messages() {
    return db
      .selectFrom('support_message')
      .leftJoin('user', 'user.id', 'support_message.user_id')
      .select([
        'support_message.id',
        'support_message.user_id',
        'support_message.message',
        'support_message.email',
        'support_message.sender_email',
        'support_message.date',
        'support_message.device_info',
        'support_message.status',
        'support_message.answered_at',
        'support_message.mail_status',
        'support_message.mail_attempts',
        'user.user_number as sender_number',
        'user.name as sender_name',
        'user.image as sender_image',
      ]);
  }

  return {
    /**
     * Stores the message unless the member already sent `perHour` since `since`. The member's row
     * is locked first (a no-op update), so two sends at once cannot both pass the count.
     */
    async insertWithinLimit(input: NewMessage, since: string, perHour: number): Promise<InsertOutcome> {
      return db.transaction().execute(async (trx): Promise<InsertOutcome> => {
        await trx
          .updateTable('user')
          .set((eb) => ({ suspended_at: eb.ref('suspended_at') }))
          .where('id', '=', input.userId)
          .execute();
        const recent = await trx
          .selectFrom('support_message')
          .select('date')
          .where('user_id', '=', input.userId)
          .where('date', '>', since)
          .orderBy('date', 'asc')
          .execute();
        if (recent.length >= perHour) return { status: 'limited', recentDates: recent.map((r) => r.date) };
        await trx
          .insertInto('support_message')
          .values({
            id: input.id,
            user_id: input.userId,
            message: input.message,
            email: input.email,
            sender_email: input.senderEmail,
            date: input.date,
            device_info: input.deviceInfo,
            status: 'open',
            mail_status: 'pending',
            // The first try starts right away (see claimMessageMail for the retries).
            mail_attempts: 1,
          })
          .execute();
        return { status: 'stored' };
      });
    },

    async findMessage(id: string): Promise<MessageRow | undefined> {
      return messages().where('support_message.id', '=', id).executeTakeFirst();
    },

    /** Newest first, `limit` rows after `after`; only one member's, or only one status. */
    async listMessages(options: {
      userId?: string;
      status?: Status;
      after?: Keys;
      limit: number;
    }): Promise<MessageRow[]> {
      let query = messages();
      if (options.userId) query = query.where('support_message.user_id', '=', options.userId);
      if (options.status) query = query.where('support_message.status', '=', options.status);
      return pageAfter(
        query,
        ['support_message.date', 'support_message.id'],
        options.after,
        options.limit,
      ).execute();
    },

    /** The replies of these messages, oldest first, in one query. */
    async repliesOf(messageIds: readonly string[]): Promise<ReplyRow[]> {
      if (messageIds.length === 0) return [];
      return db
        .selectFrom('support_reply')
        .leftJoin('user', 'user.id', 'support_reply.operator_id')
        .select([
          'support_reply.id',
          'support_reply.message_id',
          'support_reply.body',
          'support_reply.date',
          'support_reply.mail_status',
          'user.user_number as operator_number',
          'user.name as operator_name',
          'user.image as operator_image',
        ])
        .where('support_reply.message_id', 'in', messageIds)
        .orderBy('support_reply.date', 'asc')
        .orderBy('support_reply.id', 'asc')
        .execute();
    },

    /** Stores the reply and marks its message answered, together; false when the message is gone. */
    async addReply(input: {
      id: string;
      messageId: string;
      operatorId: string;
      body: string;
      date: string;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const answered = await trx
          .updateTable('support_message')
          .set({ status: 'answered', answered_at: input.date })
          .where('id', '=', input.messageId)
          .executeTakeFirst();
        if (Number(answered.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('support_reply')
          .values({
            id: input.id,
            message_id: input.messageId,
            operator_id: input.operatorId,
            body: input.body,
            date: input.date,
            mail_status: 'pending',
          })
          .execute();
        return true;
      });
    },

    /** false when the message does not exist. */
    async setStatus(id: string, status: Status, now: string): Promise<boolean> {
      const result = await db
        .updateTable('support_message')
        // Marking an answered message answered again keeps when it was first answered.
        .set((eb) => ({
          status,
          answered_at: status === 'answered' ? eb.fn.coalesce('answered_at', eb.val(now)) : null,
        }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setMessageMail(id: string, mailStatus: MailStatus): Promise<void> {
      await db.updateTable('support_message').set({ mail_status: mailStatus }).where('id', '=', id).execute();
    },

    async setReplyMail(id: string, mailStatus: MailStatus): Promise<void> {
      await db.updateTable('support_reply').set({ mail_status: mailStatus }).where('id', '=', id).execute();
    },

    /** Messages whose operators' mail failed, or never finished (pending since before `stalledBefore`). */
    async messagesToMail(stalledBefore: string, maxAttempts: number, limit: number): Promise<MessageRow[]> {
      return messages()
        .where('support_message.mail_attempts', '<', maxAttempts)
        .where((eb) =>
          eb.or([
            eb('support_message.mail_status', '=', 'unsent'),
            eb.and([
              eb('support_message.mail_status', '=', 'pending'),
              eb('support_message.date', '<', stalledBefore),
            ]),
          ]),
        )
        .orderBy('support_message.date', 'asc')
        .limit(limit)
        .execute();
    },

    /**
     * Takes a message's next mail try for this process: counts the attempt only if nobody else
     * changed its mail state since it was read, so two instances never mail it twice.
     */
    async claimMessageMail(row: Pick<MessageRow, 'id' | 'mail_status' | 'mail_attempts'>): Promise<boolean> {
      const result = await db
        .updateTable('support_message')
        .set({ mail_attempts: Number(row.mail_attempts) + 1 })
        .where('id', '=', row.id)
        .where('mail_status', '=', row.mail_status)
        .where('mail_attempts', '=', Number(row.mail_attempts))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Replies whose mail failed, written since `since`, with the message they answer. */
    async unsentReplies(since: string, limit: number) {
      return db
        .selectFrom('support_reply')
        .innerJoin('support_message', 'support_message.id', 'support_reply.message_id')
        .select([
          'support_reply.id',
          'support_reply.body',
          'support_message.email',
          'support_message.message',
          'support_message.date',
        ])
        .where('support_reply.mail_status', '=', 'unsent')
        .where('support_reply.date', '>', since)
        .orderBy('support_reply.date', 'asc')
        .limit(limit)
        .execute();
    },

    /** Takes an unsent reply's next try ('unsent' → 'pending'); false when another process did. */
    async claimReplyMail(id: string): Promise<boolean> {
      const result = await db
        .updateTable('support_reply')
        .set({ mail_status: 'pending' })
        .where('id', '=', id)
        .where('mail_status', '=', 'unsent')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
