// Table types for Kysely. Column names are snake_case; the API speaks camelCase.
//
// Timestamps — one rule for both engines:
// - Our own tables store timestamps as ISO 8601 UTC text written by the app (`nowIso()`,
//   always `YYYY-MM-DDTHH:mm:ss.sssZ`). Text of one fixed format sorts in time order, so
//   keyset pagination on (date, id) behaves the same on SQLite and PostgreSQL, and rows
//   leave the API unchanged.
// - better-auth's tables (user, session, account, verification) hold what its adapter writes:
//   `timestamptz` on PostgreSQL (read back as Date) and ISO text on SQLite. Read them through
//   `toIso()` from db/time.ts.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A better-auth timestamp: Date on PostgreSQL, ISO string on SQLite. */
type AuthTimestamp = ColumnType<Date | string, Date | string, Date | string>;
/** better-auth booleans: boolean on PostgreSQL, 0/1 on SQLite. */
type AuthBoolean = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: AuthBoolean;
  image: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
  /** Public member number (profile URL /app/{userNumber}); handed out by the counter table. */
  user_number: number;
  pronouns: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  /** 'operator' (set on the command line) or null; ADMIN_EMAILS makes operators too. */
  role: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an operator suspended the member (reads, cannot write); null: not suspended. */
  suspended_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The name normalised for member search (db/search-index.ts); null until filled after migrating. */
  name_search: ColumnType<string | null, string | null | undefined, string | null>;
  /** Their visible (not hidden) thoughts; changed in the same transaction as the thought rows. */
  thought_count: Generated<number>;
  /** Their visible member summaries; changed in the same transaction as the book rows. */
  summary_count: Generated<number>;
}

export interface SessionTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: AuthTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface AccountTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTimestamp | null;
  refresh_token_expires_at: AuthTimestamp | null;
  scope: string | null;
  password: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthTimestamp;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface CounterTable {
  name: string;
  value: number;
}

export interface CategoryTable {
  id: string;
  title: string;
  title_ar: string;
  sort_order: number;
  /** Its visible (not hidden) books, official and member; changed in the same transaction as the book rows. */
  book_count: Generated<number>;
}

export type BookSource = 'official' | 'member';

export interface BookTable {
  id: string;
  category_id: string;
  source: BookSource;
  title: string;
  author: string;
  /** The title and author in Arabic (null: show the English ones). */
  title_ar: string | null;
  author_ar: string | null;
  about_book: string;
  book_reference: string;
  book_image: string | null;
  /** A smaller copy of the cover for book cards (null: the cards show book_image). */
  card_image: string | null;
  added_by: string;
  added_at: string;
  device_info: string | null;
  user_id: string | null;
  /** Kept in the same transaction as book_comment rows; average = rating_sum / rating_count. */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  /** When an operator hid it (moderation); hidden rows are left out of every list. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TagTable {
  id: string;
  name: string;
  /** The name in Arabic (null: show `name`); only the demo library's tags have one. */
  name_ar: string | null;
}

export interface BookTagTable {
  book_id: string;
  tag_id: string;
}

export type PageLang = 'en' | 'ar';

export interface PageTable {
  book_id: string;
  lang: PageLang;
  order: number;
  header: string;
  sub_header: string;
  content1: string;
  sub_header2: string;
  content2: string;
  sub_header3: string;
  content3: string;
  sub_header4: string;
  content4: string;
}

export interface BookmarkTable {
  user_id: string;
  book_id: string;
  created_at: string;
}

export interface ReadingProgressTable {
  user_id: string;
  book_id: string;
  category_id: string;
  page_number: number;
  /** The language the member reads the book in; null for progress saved before it was kept. */
  lang: ColumnType<PageLang | null, PageLang | null | undefined, PageLang | null>;
  updated_at: string;
}

export interface FinishedBookTable {
  user_id: string;
  book_id: string;
  finished_at: string;
}

export interface BookCommentTable {
  id: string;
  book_id: string;
  user_id: string;
  rating: number;
  comment: string;
  date: string;
  /** When an operator hid it (moderation); hidden rows are left out of every list. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ThoughtTable {
  id: string;
  user_id: string;
  added_by: string;
  content: string;
  date: string;
  device_info: string | null;
  like_count: Generated<number>;
  reply_count: Generated<number>;
  /** When an operator hid it (moderation); hidden rows are left out of every list. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ThoughtReplyTable {
  id: string;
  thought_id: string;
  user_id: string;
  added_by: string;
  reply: string;
  date: string;
  device_info: string | null;
  /** When an operator hid it (moderation); hidden rows are left out of every list. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ThoughtLikeTable {
  thought_id: string;
  user_id: string;
  created_at: string;
}

export interface SupportMessageTable {
  id: string;
  user_id: string | null;
  message: string;
  email: string;
  sender_email: string | null;
  date: string;
  /** The browser's description (contracts' deviceInfo), as JSON. */
  device_info: string | null;
  status: ColumnType<'open' | 'answered', 'open' | 'answered' | undefined, 'open' | 'answered'>;
  answered_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The mail to the operators: 'pending' (not tried yet), 'sent', or 'unsent' (failed; retried). */
  mail_status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  mail_attempts: Generated<number>;
}

export type MailStatus = 'pending' | 'sent' | 'unsent';

export interface SupportReplyTable {
  id: string;
  message_id: string;
  operator_id: string | null;
  body: string;
  date: string;
  mail_status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
}

/** A member's Stripe customer and the state of their subscription, as the webhooks last told it. */
export interface SubscriptionTable {
  user_id: string;
  stripe_customer_id: string;
  stripe_subscription_id: string | null;
  price_id: string | null;
  /** Stripe's subscription status ('active', 'trialing', 'past_due', 'canceled', …) or 'none'. */
  status: Generated<string>;
  current_period_end: string | null;
  /** 0 or 1 on both engines. */
  cancel_at_period_end: Generated<number>;
  /** Stripe's `created` (Unix seconds) of the last event applied. */
  event_created: Generated<number>;
  updated_at: string;
}

export interface StripeEventTable {
  id: string;
  type: string;
  received_at: string;
}

export type ReportTargetKind = 'thought' | 'reply' | 'comment' | 'summary';
export type ReportStatus = 'open' | 'hidden' | 'deleted' | 'dismissed';

export interface ReportTable {
  id: string;
  reporter_id: string;
  target_kind: ReportTargetKind;
  target_id: string;
  /** The author of the reported item. */
  target_user_id: string | null;
  reason: string;
  details: Generated<string>;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
}

export interface MemberBlockTable {
  user_id: string;
  blocked_user_id: string;
  created_at: string;
}

export interface AuditEventTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_kind: string;
  target_id: string;
  summary: Generated<string>;
  date: string;
}

export interface AssistantConversationTable {
  id: string;
  user_id: string;
  book_id: string | null;
  title: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface AssistantMessageTable {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  text: string;
  /** Assistant messages: 'model' | 'library'; null for questions. */
  mode: 'model' | 'library' | null;
  /** Assistant messages: 'complete' | 'incomplete'; null for questions. */
  status: 'complete' | 'incomplete' | null;
  /** Assistant messages: the cited passages, as JSON (contracts' citation[]). */
  citations: string | null;
  created_at: string;
  /** Position in the conversation (1, 2, …). */
  seq: number;
}

export interface AssistantUsageTable {
  user_id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  questions: Generated<number>;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  counter: CounterTable;
  category: CategoryTable;
  book: BookTable;
  tag: TagTable;
  book_tag: BookTagTable;
  page: PageTable;
  bookmark: BookmarkTable;
  reading_progress: ReadingProgressTable;
  finished_book: FinishedBookTable;
  book_comment: BookCommentTable;
  thought: ThoughtTable;
  thought_reply: ThoughtReplyTable;
  thought_like: ThoughtLikeTable;
  support_message: SupportMessageTable;
  support_reply: SupportReplyTable;
  subscription: SubscriptionTable;
  stripe_event: StripeEventTable;
  report: ReportTable;
  member_block: MemberBlockTable;
  audit_event: AuditEventTable;
  assistant_conversation: AssistantConversationTable;
  assistant_message: AssistantMessageTable;
  assistant_usage: AssistantUsageTable;
}

export type UserRow = Selectable<UserTable>;
export type BookRow = Selectable<BookTable>;
export type NewBook = Insertable<BookTable>;
export type NewPage = Insertable<PageTable>;
