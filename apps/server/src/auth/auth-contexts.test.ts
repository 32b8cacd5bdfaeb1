// better-auth's async context stores switched off between its calls (auth/auth-contexts.ts,
// decision 022): members signing in at the same time still each get their own session, and once
// the calls have ended no store is left on to slow every other request down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, getSession, newCredentials, postAuth, signUp } from '#server/test/auth-helpers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/test-app.ts';
import { authStorages, usesAsyncHooks } from './auth-contexts.ts';

const MEMBERS = 8;

/** Node before 24 builds AsyncLocalStorage on async_hooks; 24 on context frames, which cost nothing idle. */
const HOOKS_KIND = Number(process.versions.node.split('.')[0]) < 24;

describe.each(engines)("better-auth's contexts on %s", (engine) => {
  let t: TestApp;
  const first = newCredentials();
  const credentials = [first, ...Array.from({ length: MEMBERS - 1 }, () => newCredentials())];

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const member of credentials) expect((await signUp(t.app, member)).cookie).not.toBe('');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('members signing in at the same time each get their own session', async () => {
    const signIns = await Promise.all(
      credentials.map(({ email, password }) => postAuth(t.app, '/sign-in/email', { email, password })),
    );
    expect(signIns.map((response) => response.statusCode)).toEqual(credentials.map(() => 200));
    const sessions = await Promise.all(signIns.map((response) => getSession(t.app, cookieHeader(response))));
    expect(sessions.map((response) => response.json().user.email)).toEqual(credentials.map((c) => c.email));
  });

  it('no store is left on once the calls have ended, and the next call switches it on again', async () => {
    const { email, password } = first;
    expect((await postAuth(t.app, '/sign-in/email', { email, password })).statusCode).toBe(200);
    const costly = (await authStorages()).filter(usesAsyncHooks);
    expect(costly).toHaveLength(HOOKS_KIND ? 3 : 0);
    expect(costly.map((storage) => (storage as unknown as { enabled: boolean }).enabled)).toEqual(
      costly.map(() => false),
    );

    for (const storage of costly) {
      const store = { call: 'mine' };
      const seen = await storage.run(store, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return storage.getStore();
      });
      expect(seen).toBe(store);
      expect(storage.getStore()).toBeUndefined();
    }
  });
});
