// MoejrAI, the reading assistant: conversations, their messages, citations into the library,
// suggested questions and the daily quota. The answer itself streams as the AI SDK's UI message
// stream (text parts, one `data-citations` part, metadata below); stored messages come back in
// the shape below, so a reload shows what the stream showed.
import { z } from 'zod';
import { langSchema } from './library.ts';
import { memberText } from './text.ts';

export const ASSISTANT_LIMITS = {
  /** Characters in one question (the form counts them the same way). */
  message: 2_000,
  /** A conversation's title: its first question, cut to this many characters. */
  title: 80,
  /** Conversations per page of the history list. */
  conversationsPerPage: 30,
} as const;

/** The spec's text for any failure of the assistant (error catalogue). */
export const ASSISTANT_FAILURE_MESSAGE = 'Sorry, something went wrong. Try again in a minute.';

/** Where an answer came from: a language model, or the library's own passages (no model set). */
export const assistantModeSchema = z.enum(['model', 'library']);
export type AssistantMode = z.infer<typeof assistantModeSchema>;

/**
 * A passage an answer cites: the answer's text refers to it as `[P<ref>]`; the chip opens the
 * reader at that book, language and page.
 */
export const citationSchema = z.object({
  ref: z.number().int().min(1),
  bookId: z.string(),
  categoryId: z.string(),
  title: z.string(),
  titleAr: z.string().nullable(),
  page: z.number().int().min(1),
  lang: langSchema,
});
export type Citation = z.infer<typeof citationSchema>;

/**
 * - complete: the answer as the model (or the library) finished it;
 * - incomplete: the stream stopped midway (the member pressed Stop, the connection or the
 *   provider broke): the text is what arrived, and the UI says so.
 * A question whose answer failed before any text has no assistant message after it.
 */
export const answerStatusSchema = z.enum(['complete', 'incomplete']);
export type AnswerStatus = z.infer<typeof answerStatusSchema>;

/** The metadata of an assistant message, in the stream (`messageMetadata`) and when stored. */
export const answerMetadataSchema = z.object({
  mode: assistantModeSchema,
  status: answerStatusSchema,
});
export type AnswerMetadata = z.infer<typeof answerMetadataSchema>;

export const storedMessageSchema = z.discriminatedUnion('role', [
  z.object({ id: z.string(), role: z.literal('user'), text: z.string(), createdAt: z.string() }),
  z.object({
    id: z.string(),
    role: z.literal('assistant'),
    text: z.string(),
    createdAt: z.string(),
    mode: assistantModeSchema,
    status: answerStatusSchema,
    citations: z.array(citationSchema),
  }),
]);
export type StoredMessage = z.infer<typeof storedMessageSchema>;

/** The book a conversation is about ("Ask MoejrAI about this book"), or null for the whole library. */
export const scopedBookSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: z.string(),
  titleAr: z.string().nullable(),
});
export type ScopedBook = z.infer<typeof scopedBookSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  /** The first question, shortened; '' until one is asked. */
  title: z.string(),
  book: scopedBookSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationPageSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const conversationSchema = conversationSummarySchema.extend({
  messages: z.array(storedMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const newConversationBodySchema = z.object({
  /** Ask about one book: retrieval stays inside it. */
  bookId: z.string().min(1).max(200).optional(),
});
export type NewConversationBody = z.infer<typeof newConversationBodySchema>;

/** Ask a question, or (`retry`) answer again the last question whose answer failed or broke. */
export const chatBodySchema = z.union([
  z.object({ text: memberText({ max: ASSISTANT_LIMITS.message }) }).strict(),
  z.object({ retry: z.literal(true) }).strict(),
]);
export type ChatBody = z.infer<typeof chatBodySchema>;

export const quotaSchema = z.object({
  /** Questions a member may ask per day (UTC). */
  limit: z.number().int(),
  used: z.number().int(),
  /** When the count starts again (ISO 8601, the next UTC midnight). */
  resetsAt: z.string(),
});
export type Quota = z.infer<typeof quotaSchema>;

/** A suggested first question, worded by the web app in the member's language. */
export const suggestionSchema = z.object({
  /** ideas: "Three ideas from {book}"; next: "What should I read after {book}?"; apply: "How can I use {book} today?" */
  kind: z.enum(['ideas', 'next', 'apply']),
  book: scopedBookSchema,
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** What the empty screen needs in one request. */
export const assistantHomeSchema = z.object({
  mode: assistantModeSchema,
  quota: quotaSchema,
  suggestions: z.array(suggestionSchema),
});
export type AssistantHome = z.infer<typeof assistantHomeSchema>;

/** The day a question counts against: its UTC date, YYYY-MM-DD. */
export function quotaDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** When the daily quota starts again: the next midnight in UTC. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The 429 code when the daily quota is used up (with Retry-After). */
export const QUOTA_EXCEEDED_CODE = 'ASSISTANT_QUOTA_EXCEEDED';
