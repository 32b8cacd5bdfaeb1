// The operator console (issue 11): /api/v1/admin/* answers 404 to everyone but operators.
import { z } from 'zod';
import { planSchema } from './billing.ts';
import { authorSchema } from './members.ts';
import { reportKindSchema, reportReasonSchema } from './moderation.ts';

export const ADMIN_PAGE_SIZE = 20;

export const reportStatusSchema = z.enum(['open', 'hidden', 'deleted', 'dismissed']);

/** One report in the queue, with what was reported as it is now. */
export const queuedReportSchema = z.object({
  id: z.string(),
  kind: reportKindSchema,
  targetId: z.string(),
  reason: reportReasonSchema,
  details: z.string(),
  date: z.string(),
  status: reportStatusSchema,
  reporter: authorSchema,
  /** Open reports on the same item, this one included. */
  reportCount: z.number().int(),
  target: z.object({
    /** null when the author's account is gone. */
    author: authorSchema.nullable(),
    authorSuspended: z.boolean(),
    /** The reported text (a summary: its title); null when the item was deleted. */
    text: z.string().nullable(),
    hidden: z.boolean(),
    /** Where the item is shown in the app (for an operator to look), null when deleted. */
    path: z.string().nullable(),
  }),
  resolvedAt: z.string().nullable(),
});
export type QueuedReport = z.infer<typeof queuedReportSchema>;

export const reportQueueQuerySchema = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  cursor: z.string().max(200).optional(),
});
export const reportQueuePageSchema = z.object({
  items: z.array(queuedReportSchema),
  nextCursor: z.string().nullable(),
});
export type ReportQueuePage = z.infer<typeof reportQueuePageSchema>;

/**
 * POST /api/v1/admin/reports/:reportId/decision → 200 queuedReport. Hide and delete act on the item
 * and close every open report on it; dismiss closes this item's open reports and leaves the item.
 */
export const reportDecisionBodySchema = z.object({ action: z.enum(['hide', 'delete', 'dismiss']) });

/** A member as operators see them (GET /api/v1/admin/members?q&cursor). */
export const adminMemberSchema = authorSchema.extend({
  email: z.string(),
  joinedAt: z.string(),
  plan: planSchema,
  operator: z.boolean(),
  suspendedAt: z.string().nullable(),
  counts: z.object({
    thoughts: z.number().int(),
    replies: z.number().int(),
    comments: z.number().int(),
    summaries: z.number().int(),
    /** Reports made against this member's items, all statuses. */
    reportsAgainst: z.number().int(),
  }),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/** q matches the name or email (contains, any case) or is a member number. */
export const memberSearchQuerySchema = z.object({
  q: z.string().trim().max(254).default(''),
  cursor: z.string().max(200).optional(),
});
export const adminMemberPageSchema = z.object({
  items: z.array(adminMemberSchema),
  nextCursor: z.string().nullable(),
});
export type AdminMemberPage = z.infer<typeof adminMemberPageSchema>;

/**
 * PUT /api/v1/admin/members/:userNumber/suspension → 200 adminMember. Suspending revokes every
 * session of the member; 400 for oneself or another operator.
 */
export const suspensionBodySchema = z.object({ suspended: z.boolean() });

export const AUDIT_ACTIONS = [
  'support.reply',
  'support.status',
  'report.hide',
  'report.delete',
  'report.dismiss',
  'member.suspend',
  'member.restore',
  'operator.grant',
  'operator.revoke',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** GET /api/v1/admin/audit?cursor: every operator action, newest first. */
export const auditEventSchema = z.object({
  id: z.string(),
  /** Email of the operator, or 'command line'. */
  actor: z.string(),
  action: auditActionSchema,
  targetKind: z.string(),
  targetId: z.string(),
  /** One line a person can read, e.g. 'Hid a thought by #12 (spam)'. */
  summary: z.string(),
  date: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditPageSchema = z.object({
  items: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/v1/me/account: what the app shell needs to know about the signed-in member. */
export const accountSchema = z.object({
  operator: z.boolean(),
  plan: planSchema,
  suspended: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;
