// Where the console can show what an audited action was about (the audit module's target kinds).

/** The screen of an action's target, or null when it has none (a thought's page needs its author too). */
export function auditTargetPath(kind: string, id: string): string | null {
  if (kind === 'member' && /^\d+$/.test(id)) return `/app/${id}`;
  if (kind === 'support_message') return `/app/admin/support/${encodeURIComponent(id)}`;
  return null;
}
