// Operators in the API tests: made straight in the database (no screen makes one), and their
// decisions taken as the console takes them: a member reports the content, the operator decides.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '#server/db/schema.ts';
import { call, signUpMember, type TestMember } from './library-helpers.ts';

export async function signUpOperator(
  t: { app: FastifyInstance; db: Kysely<Database> },
  name = 'Olga Operator',
): Promise<TestMember> {
  const operator = await signUpMember(t.app, name);
  await t.db.updateTable('user').set({ role: 'operator' }).where('id', '=', operator.id).execute();
  return operator;
}

/** `reporter` reports the content and `operator` takes `action` on the report; both must succeed. */
export async function decideOnReport(
  app: FastifyInstance,
  { reporter, operator }: { reporter: TestMember; operator: TestMember },
  target: { kind: 'summary' | 'thought' | 'reply'; targetId: string },
  action: 'hide' | 'delete',
): Promise<void> {
  const reported = await call(app, reporter, 'POST', '/api/v1/reports', { ...target, reason: 'spam' });
  expect(reported.statusCode, reported.body).toBe(201);
  const decision = await call(app, operator, 'POST', `/api/v1/admin/reports/${reported.json().id}/decision`, {
    action,
  });
  expect(decision.statusCode, decision.body).toBe(200);
}
