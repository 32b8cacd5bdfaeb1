// MoejrAI's rules: a member's conversations are theirs alone; a question is stored (and counted
// against the day's quota) before any model is asked; the answer is grounded in passages
// retrieved from the library and cites them; what arrived of an answer is kept when the stream
// breaks (marked incomplete), and a failure says the spec's sentence, never the cause.
//
// With no model configured (library mode) the answer is the passages themselves, quoted and
// cited. The answer leaves as the AI SDK's UI message stream; the route sends it over HTTP.
import type { BookCard } from '@sahifa/contracts';
import {
  type AnswerMetadata,
  ASSISTANT_FAILURE_MESSAGE,
  ASSISTANT_LIMITS,
  type AssistantHome,
  type AssistantMode,
  type ChatBody,
  type Citation,
  type Conversation,
  type ConversationPage,
  type ConversationSummary,
  citationSchema,
  nextUtcMidnight,
  QUOTA_EXCEEDED_CODE,
  quotaDay,
  type StoredMessage,
  type Suggestion,
} from '@sahifa/contracts/assistant';
import type { Lang } from '@sahifa/contracts/library';
import { createUIMessageStream, streamText, type UIMessage, type UIMessageChunk } from 'ai';
import { z } from 'zod';
import type { AssistantModel } from '#server/ai/language-model.ts';
import type { AssistantConfig } from '#server/config.ts';
import { newId } from '#server/db/ids.ts';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { titleIn } from '#server/kernel/book-cards.ts';
import { decodeKeys, toPage } from '#server/kernel/cursor.ts';
import type { Logger } from '#server/kernel/logger.ts';
import type { BillingService } from '#server/modules/billing/billing.service.ts';
import type { LibraryService } from '#server/modules/library/library.service.ts';
import type { ReadingService } from '#server/modules/reading/reading.service.ts';
import { libraryAnswer } from './assistant.library-answer.ts';
import { buildPrompt, citedRefs } from './assistant.prompt.ts';
import type { AssistantRepository, ConversationRow, MessageRow } from './assistant.repository.ts';
import { type Passage, questionLanguage, retrievePassages } from './assistant.retrieval.ts';
import type { PassagesRepository } from './passages.repository.ts';

export type AnswerMessage = UIMessage<AnswerMetadata, { citations: Citation[] }>;
export type AnswerChunk = UIMessageChunk<AnswerMetadata, { citations: Citation[] }>;

/** Titles of the member's books given to the model as reading context, per list. */
const READING_CONTEXT_BOOKS = 10;
const SUGGESTION_COUNT = 3;
const CONVERSATION_NOT_FOUND = 'This conversation does not exist, or it is not yours.';

export interface AssistantServiceDependencies {
  repository: AssistantRepository;
  passages: PassagesRepository;
  reading: ReadingService;
  library: LibraryService;
  /** The member's plan sets their daily quota (free: AI_DAILY_MESSAGES; Plus: PLUS_DAILY_MESSAGES). */
  billing: BillingService;
  /** null: library mode. */
  model: AssistantModel | null;
  config: AssistantConfig;
  log: Logger;
}

/** The first question as a title: one line, cut at a word before ASSISTANT_LIMITS.title. */
export function titleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= ASSISTANT_LIMITS.title) return line;
  const cut = line.slice(0, ASSISTANT_LIMITS.title - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > ASSISTANT_LIMITS.title / 2 ? cut.slice(0, space) : cut}…`;
}

const storedCitations = z.array(citationSchema);

function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    book:
      row.book_id && row.book_title && row.book_category_id
        ? {
            id: row.book_id,
            categoryId: row.book_category_id,
            title: row.book_title,
            titleAr: row.book_title_ar,
          }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toStoredMessage(row: MessageRow): StoredMessage {
  if (row.role === 'user') return { id: row.id, role: 'user', text: row.text, createdAt: row.created_at };
  const citations = storedCitations.safeParse(JSON.parse(row.citations ?? '[]'));
  return {
    id: row.id,
    role: 'assistant',
    text: row.text,
    createdAt: row.created_at,
    mode: row.mode ?? 'model',
    status: row.status ?? 'complete',
    citations: citations.success ? citations.data : [],
  };
}

function toCitation(passage: Passage): Citation {
  return {
    ref: passage.ref,
    bookId: passage.bookId,
    categoryId: passage.categoryId,
    title: passage.title,
    titleAr: passage.titleAr,
    page: passage.page,
    lang: passage.lang,
  };
}

/** What a log may say about a provider failure: its kind and status, never the key or the prompt. */
export function describeFailure(error: unknown, secrets: readonly string[]): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  let message = error.message.slice(0, 300);
  for (const secret of secrets) if (secret) message = message.replaceAll(secret, '[redacted]');
  // Providers echo keys masked ("sk-…wxyz"); even a fragment stays out of the log.
  message = message.replace(/\b(sk-|AIza)\S*/g, '[redacted]');
  const status = (error as { statusCode?: unknown }).statusCode;
  return {
    error: error.name,
    ...(typeof status === 'number' ? { statusCode: status } : {}),
    message,
  };
}

export function createAssistantService(deps: AssistantServiceDependencies) {
  const { repository, config, log } = deps;
  const mode: AssistantMode = deps.model ? 'model' : 'library';

  async function ownConversation(userId: string, conversationId: string): Promise<ConversationRow> {
    const row = await repository.findConversation(userId, conversationId);
    if (!row) throw new AppError(404, 'CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND);
    return row;
  }

  async function quota(userId: string, now = new Date()) {
    const [limit, used] = await Promise.all([
      deps.billing.dailyQuestions(userId),
      repository.questionsOn(userId, quotaDay(now)),
    ]);
    return { limit, used, resetsAt: nextUtcMidnight(now).toISOString() };
  }

  function quotaExceeded(now: Date, limit: number): AppError {
    const resetsAt = nextUtcMidnight(now).toISOString();
    const error = new AppError(
      429,
      QUOTA_EXCEEDED_CODE,
      `You have asked MoejrAI ${limit} questions today. You can ask again after ${resetsAt}.`,
    );
    error.retryAfterSeconds = Math.ceil((Date.parse(resetsAt) - now.getTime()) / 1000);
    return error;
  }

  async function readingContext(userId: string, lang: Lang) {
    const library = await deps.reading.myLibrary(userId, READING_CONTEXT_BOOKS);
    return {
      inProgress: library.inProgress.map((e) => titleIn(e.book, lang)),
      finished: library.finished.map((e) => titleIn(e.book, lang)),
    };
  }

  /** The question to answer now: a new one (stored and counted first), or the last one again. */
  async function questionToAnswer(userId: string, conversationId: string, body: ChatBody) {
    const now = new Date();
    if ('text' in body) {
      const limit = await deps.billing.dailyQuestions(userId);
      const outcome = await repository.addQuestion({
        userId,
        conversationId,
        id: newId(),
        text: body.text,
        title: titleFrom(body.text),
        day: quotaDay(now),
        limit,
        now: now.toISOString(),
      });
      if (outcome === 'missing') throw new AppError(404, 'CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND);
      if (outcome === 'quota') throw quotaExceeded(now, limit);
      return (await repository.messages(conversationId)).map(toStoredMessage);
    }
    const messages = (await repository.messages(conversationId)).map(toStoredMessage);
    const last = messages.at(-1);
    if (last?.role === 'assistant' && last.status === 'incomplete') {
      await repository.deleteIncompleteAnswer(conversationId, last.id);
      return messages.slice(0, -1);
    }
    if (last?.role !== 'user') {
      throw new AppError(409, 'NOTHING_TO_RETRY', 'The last question already has its answer.');
    }
    return messages;
  }

  return {
    mode,

    async home(userId: string): Promise<AssistantHome> {
      // The suggestions look at the newest book of each tab only.
      const [usage, library] = await Promise.all([quota(userId), deps.reading.myLibrary(userId, 1)]);
      const picks: Suggestion[] = [];
      const seen = new Set<string>();
      const add = (kind: Suggestion['kind'], book: BookCard | undefined) => {
        if (!book || seen.has(book.id) || picks.length >= SUGGESTION_COUNT) return;
        seen.add(book.id);
        picks.push({
          kind,
          book: { id: book.id, categoryId: book.categoryId, title: book.title, titleAr: book.titleAr },
        });
      };
      add('ideas', library.inProgress[0]?.book);
      add('next', library.finished[0]?.book);
      add('apply', library.bookmarked[0]?.book);
      const kinds: Suggestion['kind'][] = ['ideas', 'next', 'apply'];
      if (picks.length < SUGGESTION_COUNT) {
        const { featuredBooks } = await deps.library.overview();
        for (const book of featuredBooks) add(kinds[picks.length] ?? 'ideas', book);
      }
      return { mode, quota: usage, suggestions: picks };
    },

    async listConversations(userId: string, cursor: string | undefined): Promise<ConversationPage> {
      const after = decodeKeys(cursor);
      const limit = ASSISTANT_LIMITS.conversationsPerPage;
      const rows = await repository.listConversations(userId, after, limit + 1);
      const page = toPage(rows, limit, (row) => [row.updated_at, row.id]);
      return { conversations: page.items.map(toSummary), nextCursor: page.nextCursor };
    },

    async createConversation(userId: string, bookId: string | undefined): Promise<ConversationSummary> {
      if (bookId !== undefined && !(await repository.bookExists(bookId))) {
        throw new AppError(404, 'BOOK_NOT_FOUND', 'This book is not in the library.');
      }
      const id = newId();
      await repository.createConversation({ id, userId, bookId: bookId ?? null, now: nowIso() });
      return toSummary(await ownConversation(userId, id));
    },

    async conversation(userId: string, conversationId: string): Promise<Conversation> {
      const row = await ownConversation(userId, conversationId);
      const messages = await repository.messages(conversationId);
      return { ...toSummary(row), messages: messages.map(toStoredMessage) };
    },

    async deleteConversation(userId: string, conversationId: string): Promise<void> {
      if (!(await repository.deleteConversation(userId, conversationId))) {
        throw new AppError(404, 'CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND);
      }
    },

    /**
     * Stores the question (or picks the one to retry), retrieves passages and answers as a UI
     * message stream. Throws AppError (404, 409, 429) before any streaming starts. `signal`
     * aborts when the member stops the answer or goes away; what arrived is kept.
     */
    async answer(
      userId: string,
      conversationId: string,
      body: ChatBody,
      signal: AbortSignal,
    ): Promise<ReadableStream<AnswerChunk>> {
      const conversation = await ownConversation(userId, conversationId);
      const messages = await questionToAnswer(userId, conversationId, body);
      const question = messages.at(-1)?.text ?? '';
      // An answer stopped before its first word has no text to show the model.
      const history = messages
        .slice(0, -1)
        .filter((m) => m.text.trim() !== '')
        .map((m) => ({ role: m.role, text: m.text }));
      const lang = questionLanguage(question);

      let passages = await retrievePassages(deps.passages, { question, bookId: conversation.book_id, lang });
      // A follow-up ("tell me more") may name nothing: look again with the question before it.
      const previous = history.filter((m) => m.role === 'user').at(-1)?.text;
      if (passages.length === 0 && previous) {
        passages = await retrievePassages(deps.passages, {
          question: `${previous}\n${question}`,
          bookId: conversation.book_id,
          lang,
        });
      }

      const messageId = newId();
      const store = (text: string, status: 'complete' | 'incomplete', cited: Passage[]) =>
        repository.addAnswer(
          userId,
          conversationId,
          {
            id: messageId,
            text,
            mode,
            status,
            citations: JSON.stringify(cited.map(toCitation)),
          },
          nowIso(),
        );

      if (!deps.model || (passages.length === 0 && history.length === 0)) {
        // Library mode, or nothing in the library to ground an answer on: no model is asked.
        const text = libraryAnswer(passages, lang);
        const cited = citedRefs(text, passages);
        await store(text, 'complete', cited);
        return createUIMessageStream<AnswerMessage>({
          execute({ writer }) {
            writer.write({ type: 'start', messageId, messageMetadata: { mode, status: 'complete' } });
            writer.write({ type: 'text-start', id: 'answer' });
            writer.write({ type: 'text-delta', id: 'answer', delta: text });
            writer.write({ type: 'text-end', id: 'answer' });
            if (cited.length > 0) writer.write({ type: 'data-citations', data: cited.map(toCitation) });
            writer.write({ type: 'finish', messageMetadata: { mode, status: 'complete' } });
          },
        });
      }

      const { model, provider, secrets } = deps.model;
      const reading = await readingContext(userId, lang);
      const prompt = buildPrompt({
        passages,
        history,
        question,
        lang,
        reading,
        book: conversation.book_title ? { title: conversation.book_title } : null,
        maxChars: config.promptChars,
      });
      const timeout = AbortSignal.timeout(config.timeoutMs);

      return createUIMessageStream<AnswerMessage>({
        async execute({ writer }) {
          writer.write({ type: 'start', messageId, messageMetadata: { mode, status: 'complete' } });
          writer.write({ type: 'text-start', id: 'answer' });
          let text = '';
          let failure: unknown = null;
          try {
            const result = streamText({
              model,
              system: prompt.system,
              messages: prompt.messages,
              abortSignal: AbortSignal.any([signal, timeout]),
              maxRetries: 1,
              // Failures are handled below, from the stream; the SDK would print them whole.
              onError: () => {},
            });
            for await (const part of result.fullStream) {
              if (part.type === 'text-delta') {
                text += part.text;
                writer.write({ type: 'text-delta', id: 'answer', delta: part.text });
              } else if (part.type === 'error') {
                failure = part.error;
                break;
              } else if (part.type === 'abort') {
                break;
              }
            }
          } catch (error) {
            failure = error;
          }
          writer.write({ type: 'text-end', id: 'answer' });

          const stoppedByMember = signal.aborted && !timeout.aborted;
          const broken = failure !== null || signal.aborted || timeout.aborted;
          const status = broken ? 'incomplete' : 'complete';
          const cited = citedRefs(text, prompt.passages);
          // What the member saw is kept: what arrived, or (stopped before the first word) an
          // empty answer marked incomplete. A failure before any text keeps no answer: the
          // question waits for Retry.
          if (text.trim() !== '' || stoppedByMember) await store(text, status, cited);
          if (cited.length > 0) writer.write({ type: 'data-citations', data: cited.map(toCitation) });
          if (broken && !stoppedByMember) {
            const cause = timeout.aborted
              ? { error: 'Timeout', afterMs: config.timeoutMs }
              : describeFailure(failure, secrets);
            log.error({ provider, conversationId, ...cause }, 'assistant answer failed');
            writer.write({ type: 'error', errorText: ASSISTANT_FAILURE_MESSAGE });
          }
          writer.write({ type: 'finish', messageMetadata: { mode, status } });
        },
        // Anything unexpected above: the spec's sentence to the member, the cause to the log.
        onError(error) {
          log.error(
            { provider, conversationId, ...describeFailure(error, secrets) },
            'assistant answer failed',
          );
          return ASSISTANT_FAILURE_MESSAGE;
        },
      });
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
