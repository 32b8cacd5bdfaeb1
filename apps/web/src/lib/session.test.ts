// The session store: a check that finds the member it already holds changes nothing, so nothing
// that reads the session renders again (such a change during the app's first render made React
// render the whole page a second time).
import { afterEach, describe, expect, it, vi } from 'vitest';

const member = {
  id: 'u1',
  name: 'Huda',
  email: 'huda@example.com',
  emailVerified: true,
  image: null,
  userNumber: 7,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};
const session = { id: 's1', expiresAt: '2026-12-07T10:00:00.000Z' };

/** The module with its state as a page load starts it. */
async function freshStore() {
  vi.resetModules();
  return import('./session.ts');
}

/** get-session answers `body` from now on. */
function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the session store', () => {
  it('keeps the state the page came with when the check names the same member, and tells no one', async () => {
    const store = await freshStore();
    answer({ session, user: member });
    store.primeSession({ user: member });
    const primed = store.currentSession();
    expect(primed.user?.name).toBe('Huda');
    const told = vi.fn();
    store.subscribeToSession(told);
    await store.refetchSession();
    expect(store.currentSession()).toBe(primed);
    expect(told).not.toHaveBeenCalled();
  });

  it('keeps the same state when a later check answers the same again', async () => {
    const store = await freshStore();
    answer({ session, user: member });
    await store.refetchSession();
    const first = store.currentSession();
    expect(first).toMatchObject({ isPending: false, error: null });
    expect(first.user?.createdAt).toEqual(new Date(member.createdAt));
    await store.refetchSession();
    expect(store.currentSession()).toBe(first);
  });

  it('tells its readers when the member changed, or is gone', async () => {
    const store = await freshStore();
    answer({ session, user: member });
    store.primeSession({ user: member });
    const told = vi.fn();
    store.subscribeToSession(told);
    answer({ session, user: { ...member, name: 'Huda A.' } });
    await store.refetchSession();
    expect(store.currentSession().user?.name).toBe('Huda A.');
    const renamed = told.mock.calls.length;
    expect(renamed).toBeGreaterThan(0);

    answer(null);
    await store.refetchSession();
    expect(store.currentSession()).toMatchObject({ user: null, isPending: false, error: null });
    expect(told.mock.calls.length).toBeGreaterThan(renamed);
  });
});
