// Contact support (issue 11): a member's message to the operators, and the operators' inbox.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './index.ts';
import { authorSchema } from './members.ts';
import { memberText } from './text.ts';

export const SUPPORT_LIMITS = {
  message: 5_000,
  reply: 5_000,
  /** Messages a member may send per rolling hour. */
  perHour: 5,
} as const;

export const SUPPORT_PAGE_SIZE = 20;

/** What the browser tells about itself; shown to the member before sending, kept with the message. */
export const deviceInfoSchema = z.strictObject({
  userAgent: z.string().trim().max(500),
  /** e.g. "390×844 @3x" */
  screen: z.string().trim().max(40),
  /** BCP 47, e.g. "ar-SA" */
  language: z.string().trim().max(35),
  appVersion: z.string().trim().max(40),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

/** POST /api/v1/support → 201 supportMessage. `email` is the reply-to address (prefilled, editable). */
export const newSupportMessageBodySchema = z.object({
  message: memberText({ max: SUPPORT_LIMITS.message }),
  email: z.email('Enter a valid email address.').max(EMAIL_MAX_LENGTH),
  deviceInfo: deviceInfoSchema,
});
export type NewSupportMessage = z.infer<typeof newSupportMessageBodySchema>;

export const supportStatusSchema = z.enum(['open', 'answered']);
export type SupportStatus = z.infer<typeof supportStatusSchema>;

/** A message as its sender sees it (GET /api/v1/support: their own, newest first). */
export const supportMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** Reply-to address. */
  email: z.string(),
  date: z.string(),
  deviceInfo: deviceInfoSchema.nullable(),
  status: supportStatusSchema,
  answeredAt: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportMessagePageSchema = z.object({
  items: z.array(supportMessageSchema),
  nextCursor: z.string().nullable(),
});
export type SupportMessagePage = z.infer<typeof supportMessagePageSchema>;

/** Operators' view of the mail that went out: 'unsent' means it failed and will be tried again. */
export const mailStatusSchema = z.enum(['pending', 'sent', 'unsent']);

export const supportReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  date: z.string(),
  /** The operator who answered; null if that account is gone. */
  operator: authorSchema.nullable(),
  mailStatus: mailStatusSchema,
});
export type SupportReply = z.infer<typeof supportReplySchema>;

/** The inbox row and the opened message (GET /api/v1/admin/support[/:id]). */
export const inboxMessageSchema = supportMessageSchema.extend({
  /** The account's email when it was sent (spec: senderEmail). */
  senderEmail: z.string().nullable(),
  /** null when the member deleted their account. */
  sender: authorSchema.nullable(),
  mailStatus: mailStatusSchema,
  replies: z.array(supportReplySchema),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxQuerySchema = z.object({
  status: z.enum(['open', 'answered', 'all']).default('open'),
  cursor: z.string().max(200).optional(),
});

export const inboxPageSchema = z.object({
  items: z.array(inboxMessageSchema),
  nextCursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** POST /api/v1/admin/support/:id/replies → 201 inboxMessage (mailed to `email`, marked answered). */
export const supportReplyBodySchema = z.object({ body: memberText({ max: SUPPORT_LIMITS.reply }) });

/** PUT /api/v1/admin/support/:id/status → 200 inboxMessage. */
export const supportStatusBodySchema = z.object({ status: supportStatusSchema });
