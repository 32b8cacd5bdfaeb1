// Translation keys of the values the API sends as codes (audit actions, report kinds and reasons).
import type { AuditAction, QueuedReport } from '@sahifa/contracts/admin';

/** 'member.suspend' → admin.audit.actions.member.suspend (nested in en.json and ar.json). */
export const auditActionKey = (action: AuditAction) => `admin.audit.actions.${action}`;
export const reportKindKey = (kind: QueuedReport['kind']) => `admin.reports.kinds.${kind}`;
export const reportReasonKey = (reason: QueuedReport['reason']) => `admin.reports.reasons.${reason}`;
export const reportStatusKey = (status: QueuedReport['status']) => `admin.reports.statuses.${status}`;
