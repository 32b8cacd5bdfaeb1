// The only Kysely code for MoejrAI's conversations: each is one member's, and every query names
// the member, so another member's conversation reads as missing. Messages are numbered (`seq`)
// under the conversation's row lock, and the daily question count is bumped in the same
// transaction as the question it counts.
import { type Kysely, type Selectable, sql } from 'kysely';
import { type Keys, pageAfter } from '#server/db/keyset.ts';
import type { AssistantMessageTable, Database } from '#server/db/schema.ts';

export interface ConversationRow {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
  book_id: string | null;
  book_category_id: string | null;
  book_title: string | null;
  book_title_ar: string | null;
}

export type MessageRow = Omit<Selectable<AssistantMessageTable>, 'conversation_id' | 'seq'>;

export type NewAnswer = Pick<MessageRow, 'id' | 'text' | 'citations'> & {
  mode: 'model' | 'library';
  status: 'complete' | 'incomplete';
};

function conversations(db: Kysely<Database>) {
  return db
    .selectFrom('assistant_conversation as c')
    .leftJoin('book', 'book.id', 'c.book_id')
    .select([
      'c.id',
      'c.title',
      'c.created_at',
      'c.updated_at',
      'c.book_id',
      'book.category_id as book_category_id',
      'book.title as book_title',
      'book.title_ar as book_title_ar',
    ]);
}

export function createAssistantRepository(db: Kysely<Database>) {
  /** Takes the conversation's row lock (an update) and answers the next message number, or null. */
  async function lockForWrite(trx: Kysely<Database>, userId: string, conversationId: string, now: string) {
    const row = await trx
      .updateTable('assistant_conversation')
      .set({ updated_at: now })
      .where('id', '=', conversationId)
      .where('user_id', '=', userId)
      .returning('title')
      .executeTakeFirst();
    if (!row) return null;
    const last = await trx
      .selectFrom('assistant_message')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    return { title: row.title, nextSeq: Number(last?.seq ?? 0) + 1 };
  }

  return {
    async bookExists(bookId: string): Promise<boolean> {
      const row = await db
        .selectFrom('book')
        .select('id')
        .where('id', '=', bookId)
        .where('hidden_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async createConversation(input: { id: string; userId: string; bookId: string | null; now: string }) {
      await db
        .insertInto('assistant_conversation')
        .values({
          id: input.id,
          user_id: input.userId,
          book_id: input.bookId,
          created_at: input.now,
          updated_at: input.now,
        })
        .execute();
    },

    async findConversation(userId: string, conversationId: string): Promise<ConversationRow | undefined> {
      return conversations(db)
        .where('c.id', '=', conversationId)
        .where('c.user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Most recently active first; `after` is the (updated_at, id) of the last one shown. One
     * nothing was asked in yet (its title is '') is not history.
     */
    async listConversations(
      userId: string,
      after: Keys | undefined,
      limit: number,
    ): Promise<ConversationRow[]> {
      const query = conversations(db).where('c.user_id', '=', userId).where('c.title', '!=', '');
      return pageAfter(query, ['c.updated_at', 'c.id'], after, limit).execute();
    },

    async deleteConversation(userId: string, conversationId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('assistant_conversation')
        .where('id', '=', conversationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async messages(conversationId: string): Promise<MessageRow[]> {
      return db
        .selectFrom('assistant_message')
        .select(['id', 'role', 'text', 'mode', 'status', 'citations', 'created_at'])
        .where('conversation_id', '=', conversationId)
        .orderBy('seq')
        .execute();
    },

    /** Questions the member asked on this UTC day. */
    async questionsOn(userId: string, day: string): Promise<number> {
      const row = await db
        .selectFrom('assistant_usage')
        .select('questions')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return Number(row?.questions ?? 0);
    },

    /**
     * Stores a question, counted against the day's quota in the same transaction. 'quota' when
     * the member has asked `limit` questions today; 'missing' when the conversation is not theirs.
     */
    async addQuestion(input: {
      userId: string;
      conversationId: string;
      id: string;
      text: string;
      title: string;
      day: string;
      limit: number;
      now: string;
    }): Promise<'stored' | 'quota' | 'missing'> {
      return db.transaction().execute(async (trx) => {
        const lock = await lockForWrite(trx, input.userId, input.conversationId, input.now);
        if (!lock) return 'missing';
        const counted = await trx
          .insertInto('assistant_usage')
          .values({ user_id: input.userId, day: input.day, questions: 1 })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'day'])
              .doUpdateSet({ questions: sql`assistant_usage.questions + 1` })
              .where('assistant_usage.questions', '<', input.limit),
          )
          .returning('questions')
          .executeTakeFirst();
        if (!counted) return 'quota';
        await trx
          .insertInto('assistant_message')
          .values({
            id: input.id,
            conversation_id: input.conversationId,
            role: 'user',
            text: input.text,
            mode: null,
            status: null,
            citations: null,
            created_at: input.now,
            seq: lock.nextSeq,
          })
          .execute();
        if (lock.title === '') {
          await trx
            .updateTable('assistant_conversation')
            .set({ title: input.title })
            .where('id', '=', input.conversationId)
            .execute();
        }
        return 'stored';
      });
    },

    /** Stores an answer after the conversation's last message; false when the conversation is gone. */
    async addAnswer(
      userId: string,
      conversationId: string,
      answer: NewAnswer,
      now: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const lock = await lockForWrite(trx, userId, conversationId, now);
        if (!lock) return false;
        await trx
          .insertInto('assistant_message')
          .values({
            id: answer.id,
            conversation_id: conversationId,
            role: 'assistant',
            text: answer.text,
            mode: answer.mode,
            status: answer.status,
            citations: answer.citations,
            created_at: now,
            seq: lock.nextSeq,
          })
          .execute();
        return true;
      });
    },

    /** Removes an answer that was cut short, before it is answered again. */
    async deleteIncompleteAnswer(conversationId: string, messageId: string): Promise<void> {
      await db
        .deleteFrom('assistant_message')
        .where('conversation_id', '=', conversationId)
        .where('id', '=', messageId)
        .where('status', '=', 'incomplete')
        .execute();
    },
  };
}

export type AssistantRepository = ReturnType<typeof createAssistantRepository>;
