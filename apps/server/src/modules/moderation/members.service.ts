// The console's members: search by name, email or number (newest first), suspension and its
// undoing, and the operator role the command line grants. An operator can suspend neither
// themself nor another operator; suspending ends every session of the member at once.
import { ADMIN_PAGE_SIZE, type AdminMember, type AdminMemberPage } from '@sahifa/contracts/admin';
import { nowIso, toIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { decodeCursor, INVALID_CURSOR_MESSAGE, toPage } from '#server/kernel/cursor.ts';
import { toAuthorWith } from '#server/kernel/presenters.ts';
import type { AuditActor, AuditService } from '#server/modules/audit/audit.service.ts';
import { darkerNotFound, userNumberOf } from '#server/modules/profiles/profiles.service.ts';
import type { AdminMemberRow, MemberFilter, MembersRepository } from './members.repository.ts';

export const OPERATOR_ROLE = 'operator';

/** Whether an account is an operator (its role, or ADMIN_EMAILS): the rule of auth/operators.ts. */
export type IsOperator = (account: { email: string; role: string | null }) => boolean;

/** What the command line changed: the account, and whether the role was already so. */
export interface RoleOutcome {
  email: string;
  userNumber: number;
  changed: boolean;
  /** Still an operator after a revoke, through ADMIN_EMAILS. */
  operator: boolean;
}

const cannotSuspend = (whom: 'yourself' | 'operator') =>
  new AppError(
    400,
    'CANNOT_SUSPEND',
    whom === 'yourself' ? 'You cannot suspend yourself.' : 'Operators cannot be suspended.',
  );

/** q as typed: text to find in names and emails; a number (or #number) also finds that member. */
function filterOf(q: string): MemberFilter {
  return { text: q.toLowerCase(), number: userNumberOf(q.replace(/^#/, '')) };
}

function afterOf(cursor: string | undefined): number | undefined {
  const keys = decodeCursor(cursor, 1);
  if (!keys) return undefined;
  const number = userNumberOf(keys[0] ?? '');
  if (number === null) throw new AppError(400, 'INVALID_CURSOR', INVALID_CURSOR_MESSAGE);
  return number;
}

export function createMembersService(deps: {
  repository: MembersRepository;
  audit: AuditService;
  isOperator: IsOperator;
  /** Remembered session lookups carry the role and suspension: forgotten after either changes. */
  forgetSessions: () => void;
}) {
  const { repository, audit, isOperator, forgetSessions } = deps;

  function toAdminMember(row: AdminMemberRow): AdminMember {
    return toAuthorWith(
      { number: row.user_number, name: row.name, image: row.image },
      {
        email: row.email,
        joinedAt: toIso(row.created_at),
        plan: Number(row.plus) ? 'plus' : 'free',
        operator: isOperator(row),
        suspendedAt: row.suspended_at,
        counts: {
          thoughts: Number(row.thought_count ?? 0),
          replies: Number(row.reply_count ?? 0),
          comments: Number(row.comment_count ?? 0),
          summaries: Number(row.summary_count ?? 0),
          reportsAgainst: Number(row.reports_against ?? 0),
        },
      },
    );
  }

  async function memberByNumber(userNumber: string): Promise<AdminMemberRow> {
    const number = userNumberOf(userNumber);
    const row = number === null ? undefined : await repository.findByNumber(number);
    if (!row) throw darkerNotFound();
    return row;
  }

  /** Sets or clears the operator role of the account with that email; null when there is none. */
  async function setRole(email: string, grant: boolean): Promise<RoleOutcome | null> {
    const account = await repository.findByEmail(email.trim().toLowerCase());
    if (!account) return null;
    const role = grant ? OPERATOR_ROLE : null;
    const changed = (account.role ?? null) !== role;
    if (changed) {
      await repository.setRole(account.id, role);
      forgetSessions();
      await audit.record(null, {
        action: grant ? 'operator.grant' : 'operator.revoke',
        targetKind: 'member',
        targetId: String(account.user_number),
        summary: grant
          ? `Made #${account.user_number} an operator`
          : `Took the operator role from #${account.user_number}`,
      });
    }
    return {
      email: account.email,
      userNumber: Number(account.user_number),
      changed,
      operator: isOperator({ email: account.email, role }),
    };
  }

  return {
    async search(q: string, cursor?: string): Promise<AdminMemberPage> {
      const after = afterOf(cursor);
      const rows = await repository.page(filterOf(q), after, ADMIN_PAGE_SIZE + 1);
      const page = toPage(rows, ADMIN_PAGE_SIZE, (row) => [String(row.user_number)]);
      return { items: page.items.map(toAdminMember), nextCursor: page.nextCursor };
    },

    async setSuspension(
      operator: NonNullable<AuditActor>,
      userNumber: string,
      suspended: boolean,
    ): Promise<AdminMember> {
      const member = await memberByNumber(userNumber);
      if (member.id === operator.id) throw cannotSuspend('yourself');
      if (suspended && isOperator(member)) throw cannotSuspend('operator');
      const changed = suspended
        ? await repository.suspend(member.id, nowIso())
        : await repository.restore(member.id);
      if (changed) {
        forgetSessions();
        await audit.record(operator, {
          action: suspended ? 'member.suspend' : 'member.restore',
          targetKind: 'member',
          targetId: String(member.user_number),
          summary: `${suspended ? 'Suspended' : 'Restored'} #${member.user_number}`,
        });
      }
      return toAdminMember(await memberByNumber(userNumber));
    },

    grantOperator: (email: string) => setRole(email, true),
    revokeOperator: (email: string) => setRole(email, false),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
