// `npm run operator -- grant|revoke <email>` as a person runs it: a child process on the same
// database as a running app (the test app's SQLite file, or its PostgreSQL schema).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { auditPageSchema } from '@sahifa/contracts/admin';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredentials, signUp } from '#server/test/auth-helpers.ts';
import { call, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);

describe.each(engines)('npm run operator on %s', (engine) => {
  let t: TestApp;
  let member: TestMember;
  let email: string;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_EMAILS: 'listed@sahifa.test' } });
    const credentials = newCredentials({ name: 'Nadia Next' });
    email = credentials.email;
    const { response, cookie } = await signUp(t.app, credentials);
    const user = response.json().user as { id: string; userNumber: number };
    member = { id: user.id, userNumber: user.userNumber, cookie };
    if (engine === 'postgres') {
      // The test app's own schema, first on the command's search_path.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.searchParams.set('options', `-c search_path=${rows[0]?.schema}`);
      databaseUrl = url.toString();
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The command's exit code and what it printed. */
  async function operator(...args: string[]) {
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: undefined,
      DATA_DIR: t.dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAILS: 'listed@sahifa.test',
      LOG_LEVEL: 'silent',
    };
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', path.join(SERVER_DIR, 'src/cli/operator.ts'), ...args],
        {
          cwd: SERVER_DIR,
          env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
        },
      );
      return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout.trim(), stderr: failed.stderr.trim() };
    }
  }
  const consoleStatus = async () => (await call(t.app, member, 'GET', '/api/v1/admin/reports')).statusCode;

  it('grants and revokes the operator role by email, each change in the audit list', async () => {
    expect(await consoleStatus()).toBe(404);

    expect(await operator('grant', email.toUpperCase())).toEqual({
      code: 0,
      stdout: `${email} (#${member.userNumber}) is now an operator.`,
      stderr: '',
    });
    expect(await consoleStatus()).toBe(200);
    expect((await operator('grant', email)).stdout).toBe(
      `${email} (#${member.userNumber}) was already an operator.`,
    );

    const audit = auditPageSchema.parse((await call(t.app, member, 'GET', '/api/v1/admin/audit')).json());
    expect(audit.items).toEqual([
      {
        id: expect.any(String),
        actor: 'command line',
        action: 'operator.grant',
        targetKind: 'member',
        targetId: String(member.userNumber),
        summary: `Made #${member.userNumber} an operator`,
        date: expect.any(String),
      },
    ]);

    expect(await operator('revoke', email)).toMatchObject({
      code: 0,
      stdout: `${email} (#${member.userNumber}) is no longer an operator.`,
    });
    expect(await consoleStatus()).toBe(404);
    expect((await operator('revoke', email)).stdout).toBe(
      `${email} (#${member.userNumber}) was not an operator.`,
    );
    const entries = await t.db.selectFrom('audit_event').selectAll().orderBy('date', 'desc').execute();
    expect(entries.map((e) => [e.action, e.actor_id, e.actor_email])).toEqual([
      ['operator.revoke', null, 'command line'],
      ['operator.grant', null, 'command line'],
    ]);
  });

  it('says so when ADMIN_EMAILS still makes the account an operator', async () => {
    const { response } = await signUp(t.app, newCredentials({ name: 'Listed', email: 'listed@sahifa.test' }));
    const number = (response.json().user as { userNumber: number }).userNumber;
    await operator('grant', 'listed@sahifa.test');
    expect((await operator('revoke', 'listed@sahifa.test')).stdout).toBe(
      `listed@sahifa.test (#${number}) has no operator role now, but is still an operator through ADMIN_EMAILS.`,
    );
  });

  it('exits 1 with a message for an unknown email or bad arguments, changing nothing', async () => {
    const before = await t.db.selectFrom('audit_event').select('id').execute();
    expect(await operator('grant', 'nobody@sahifa.test')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No account has the email nobody@sahifa.test.',
    });
    for (const args of [[], ['grant'], ['promote', email], ['grant', email, 'extra']]) {
      const result = await operator(...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toMatch(/^Usage: npm run operator -- grant <email>/);
    }
    expect(await t.db.selectFrom('audit_event').select('id').execute()).toEqual(before);
    expect(await consoleStatus()).toBe(404);
  });
});
