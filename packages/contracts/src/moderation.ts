// Reports and blocks (issue 11): a member reports what breaks the rules; operators decide. A member
// blocks another, whose thoughts and replies they then no longer see.
import { z } from 'zod';
import { authorSchema } from './members.ts';
import { memberText } from './text.ts';

export const reportKindSchema = z.enum(['thought', 'reply', 'comment', 'summary']);
export type ReportKind = z.infer<typeof reportKindSchema>;

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'sexual', 'violence', 'other'] as const;
export const reportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const REPORT_DETAILS_MAX = 500;

/**
 * POST /api/v1/reports → 201 { id } (200 with the same id when this member already reported it);
 * 404 when the item does not exist (or is hidden); 400 for one's own item.
 */
export const newReportBodySchema = z.object({
  kind: reportKindSchema,
  targetId: z.string().min(1).max(64),
  reason: reportReasonSchema,
  details: memberText({ max: REPORT_DETAILS_MAX, required: false }).default(''),
});
export type NewReport = z.infer<typeof newReportBodySchema>;
export const reportCreatedSchema = z.object({ id: z.string() });

/** A blocked member (GET /api/v1/blocks). PUT/DELETE /api/v1/blocks/:userNumber → 204. */
export const blockedMemberSchema = authorSchema.extend({ blockedAt: z.string() });
export const blockListSchema = z.object({ items: z.array(blockedMemberSchema) });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/** 403 for any write by a suspended member (support messages excepted). */
export const ACCOUNT_SUSPENDED_CODE = 'ACCOUNT_SUSPENDED';
export const ACCOUNT_SUSPENDED_MESSAGE =
  'Your account is suspended: you can still read, but not post or change anything. Contact support if you think this is a mistake.';
