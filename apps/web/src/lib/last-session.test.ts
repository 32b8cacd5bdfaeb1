import { describe, expect, it } from 'vitest';
import {
  clearLastSession,
  isUnreachable,
  type LastSession,
  readLastSession,
  resolveSession,
  saveLastSession,
  toLastSession,
} from './last-session.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const stored: LastSession = { id: 'u1', name: 'Huda', userNumber: 7, image: null };
const member = { id: 'u1', name: 'Huda', email: 'huda@example.com', userNumber: 7, image: null };
const networkDown = new TypeError('Failed to fetch');

describe('the stored copy of the last session', () => {
  it('keeps only what the shell shows, and reads it back', () => {
    const storage = memoryStorage();
    saveLastSession(storage, toLastSession({ ...member, bio: 'private enough' } as typeof member));
    expect(JSON.parse([...storage.items.values()][0] ?? '')).toEqual(stored);
    expect(readLastSession(storage)).toEqual(stored);
    clearLastSession(storage);
    expect(readLastSession(storage)).toBeNull();
  });

  it('ignores what it did not write', () => {
    const storage = memoryStorage();
    for (const raw of [
      'not json',
      '"text"',
      'null',
      '{"name":"x"}',
      '{"id":"u","name":"x","userNumber":"7","image":null}',
    ]) {
      storage.items.set('sahifa.lastSession', raw);
      expect(readLastSession(storage)).toBeNull();
    }
    expect(readLastSession(null)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveLastSession(broken, stored)).not.toThrow();
    expect(() => clearLastSession(broken)).not.toThrow();
    expect(readLastSession(broken)).toBeNull();
  });
});

describe('who the app shows', () => {
  it('is the confirmed member whenever the server confirmed one', () => {
    expect(resolveSession({ user: member, error: null, isPending: false }, true, null)).toEqual({
      kind: 'member',
      user: member,
    });
  });

  it('keeps the last member when the session cannot be checked (network down)', () => {
    expect(resolveSession({ user: null, error: networkDown, isPending: false }, true, stored)).toEqual({
      kind: 'offline',
      user: stored,
    });
    // Offline: better-fetch may report a status-less error, or still be trying.
    expect(resolveSession({ user: null, error: { status: 500 }, isPending: false }, false, stored).kind).toBe(
      'offline',
    );
    expect(resolveSession({ user: null, error: null, isPending: true }, false, stored).kind).toBe('offline');
  });

  it('signs no one in offline when no one was signed in on this device', () => {
    expect(resolveSession({ user: null, error: networkDown, isPending: false }, false, null)).toEqual({
      kind: 'none',
      noSession: false,
    });
  });

  it('believes the server when it answers that there is no session', () => {
    expect(resolveSession({ user: null, error: null, isPending: false }, true, stored)).toEqual({
      kind: 'none',
      noSession: true,
    });
    expect(resolveSession({ user: null, error: { status: 401 }, isPending: false }, true, stored)).toEqual({
      kind: 'none',
      noSession: true,
    });
    // A server error is not an answer about the session: the copy stays for the next offline start.
    expect(resolveSession({ user: null, error: { status: 500 }, isPending: false }, true, stored)).toEqual({
      kind: 'none',
      noSession: false,
    });
  });

  it('waits while the check is under way online', () => {
    expect(resolveSession({ user: null, error: null, isPending: true }, true, stored)).toEqual({
      kind: 'pending',
    });
  });

  it('tells a failed request from an HTTP answer', () => {
    expect(isUnreachable(null, false)).toBe(false);
    expect(isUnreachable(networkDown, true)).toBe(true);
    expect(isUnreachable({ status: 0 }, true)).toBe(true);
    expect(isUnreachable({ status: 503 }, true)).toBe(false);
    expect(isUnreachable({ status: 503 }, false)).toBe(true);
  });
});
