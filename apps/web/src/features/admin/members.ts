// Rules of the Members screen that do not depend on React.
import type { AdminMember } from '@sahifa/contracts/admin';

export const MEMBER_QUERY_MAX = 254;

/** What the search box sends: trimmed, and "#12" searched as the member number 12. */
export function memberQuery(text: string): string {
  const query = text.trim().slice(0, MEMBER_QUERY_MAX).trim();
  return /^#\d+$/.test(query) ? query.slice(1) : query;
}

/** Operators cannot suspend themselves or another operator (the server refuses it too). */
export function canChangeSuspension(member: AdminMember, myUserNumber: number | null | undefined): boolean {
  return !member.operator && member.userNumber !== myUserNumber;
}
