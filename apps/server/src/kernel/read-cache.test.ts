import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';

describe('the read cache', () => {
  it('shares one load between the requests that ask at once, and remembers it until cleared', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const load = async () => ++calls;
    const [first, second] = await Promise.all([cache.get(['k'], load), cache.get(['k'], load)]);
    expect([first, second, calls]).toEqual([1, 1, 1]);
    expect(await cache.get(['k'], load)).toBe(1);
    cache.clear();
    expect(await cache.get(['k'], load)).toBe(2);
  });

  it('hands back a loaded answer at once, and a promise while it loads or when it must load', async () => {
    const cache = createReadCache({ ttlMs: 40, maxEntries: 10 });
    let finish: (value: string) => void = () => {};
    const loading = cache.get(['k'], () => new Promise<string>((resolve) => (finish = resolve)));
    // Still loading: the same promise for everyone who asks.
    expect(cache.get(['k'], async () => 'second load')).toBe(loading);
    finish('answer');
    await loading;
    expect(cache.get(['k'], async () => 'second load')).toBe('answer');
    // An answer that is undefined is still an answer.
    await cache.get(['none'], async () => undefined);
    expect(cache.get(['none'], async () => 'loaded again')).toBeUndefined();

    cache.clear();
    const cleared = cache.get(['k'], async () => 'after the clear');
    expect(cleared).toBeInstanceOf(Promise);
    expect(await cleared).toBe('after the clear');

    await new Promise((resolve) => setTimeout(resolve, 50));
    const expired = cache.get(['k'], async () => 'after it expired');
    expect(expired).toBeInstanceOf(Promise);
    expect(await expired).toBe('after it expired');

    await expect(cache.get(['failed'], () => Promise.reject(new Error('no such book')))).rejects.toThrow();
    const retried = cache.get(['failed'], async () => 'found');
    expect(retried).toBeInstanceOf(Promise);
    expect(await retried).toBe('found');
  });
});
