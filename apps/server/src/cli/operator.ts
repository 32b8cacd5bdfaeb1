// `npm run operator -- grant <email>` / `revoke <email>`: sets or clears the operator role of the
// account with that email (ADMIN_EMAILS makes operators too, and is not changed here). Recorded
// in the audit list as done by the command line. Exits 1 for bad arguments or an unknown email.
import { isOperator } from '#server/auth/operators.ts';
import { openDatabase } from '#server/db/kysely.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createAuditRepository } from '#server/modules/audit/audit.repository.ts';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import { createMembersRepository } from '#server/modules/moderation/members.repository.ts';
import { createMembersService, type RoleOutcome } from '#server/modules/moderation/members.service.ts';
import { exitWith, loadConfigOrExit } from './run-cli.ts';

const USAGE = 'Usage: npm run operator -- grant <email>  |  npm run operator -- revoke <email>';

function done(command: 'grant' | 'revoke', outcome: RoleOutcome): string {
  const who = `${outcome.email} (#${outcome.userNumber})`;
  if (command === 'grant')
    return outcome.changed ? `${who} is now an operator.` : `${who} was already an operator.`;
  if (outcome.operator)
    return `${who} has no operator role now, but is still an operator through ADMIN_EMAILS.`;
  return outcome.changed ? `${who} is no longer an operator.` : `${who} was not an operator.`;
}

const [command, email, ...extra] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email || extra.length > 0) {
  console.error(USAGE);
  process.exit(1);
}

const config = loadConfigOrExit();
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  const members = createMembersService({
    repository: createMembersRepository(database.db),
    audit: createAuditService(createAuditRepository(database.db)),
    isOperator: (account) => isOperator(config.adminEmails, account),
    // A running server remembers sessions for SESSION_CACHE_TTL_MS: it sees the role within that.
    forgetSessions: () => {},
  });
  const outcome =
    command === 'grant' ? await members.grantOperator(email) : await members.revokeOperator(email);
  await database.close();
  if (!outcome) {
    console.error(`No account has the email ${email}.`);
    process.exit(1);
  }
  console.log(done(command, outcome));
} catch (error) {
  await database.close();
  exitWith(error);
}
