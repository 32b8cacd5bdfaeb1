// GET /api/v1/me/account: the app shell's three facts about the signed-in member — operator (by
// ADMIN_EMAILS), plan, suspended — each as the server decides it.
import { accountSchema } from '@sahifa/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredentials, signUp, uniqueEmail } from '#server/test/auth-helpers.ts';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';

describe.each(engines)('the account summary on %s', (engine) => {
  const operatorEmail = uniqueEmail('operator');
  let t: TestApp;
  let operator: TestMember;
  let reader: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_EMAILS: operatorEmail } });
    const { response, cookie } = await signUp(t.app, newCredentials({ name: 'Olive', email: operatorEmail }));
    const user = response.json().user as { id: string; userNumber: number };
    operator = { id: user.id, userNumber: user.userNumber, cookie };
    reader = await signUpMember(t.app, 'Rami');
  });
  afterAll(async () => {
    await t?.close();
  });

  const account = async (member: TestMember | null) => call(t.app, member, 'GET', '/api/v1/me/account');

  it('answers 401 when signed out', async () => {
    expect((await account(null)).statusCode).toBe(401);
  });

  it('tells an ordinary member they are a free, active member', async () => {
    const res = await account(reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(accountSchema.parse(res.json())).toEqual({ operator: false, plan: 'free', suspended: false });
  });

  it('tells an ADMIN_EMAILS account it is an operator', async () => {
    expect(accountSchema.parse((await account(operator)).json()).operator).toBe(true);
  });

  it('tells a suspended member so (the session they read with stays valid)', async () => {
    const member = await signUpMember(t.app, 'Sami');
    await t.db
      .updateTable('user')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', member.id)
      .execute();
    expect(accountSchema.parse((await account(member)).json())).toEqual({
      operator: false,
      plan: 'free',
      suspended: true,
    });
  });
});
