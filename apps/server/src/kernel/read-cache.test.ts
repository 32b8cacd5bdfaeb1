import { describe, expect, it } from 'vitest';
import { NOT_REMEMBERED } from './not-remembered.ts';
import { createReadCache } from './read-cache.ts';

describe('the read cache', () => {
  it('shares one load between the requests that ask at once, and remembers it until cleared', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const load = async () => ++calls;
    const [first, second] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([first, second, calls]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    cache.clear();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('is peeked at once only for a loaded answer it would hand back', async () => {
    const cache = createReadCache({ ttlMs: 40, maxEntries: 10 });
    let finish: (value: string) => void = () => {};
    const loading = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    // Still loading: nothing to hand back at once.
    expect(cache.peek('k')).toBe(NOT_REMEMBERED);
    finish('answer');
    await loading;
    expect(cache.peek('k')).toBe('answer');
    // An answer that is undefined is still an answer.
    await cache.get('none', async () => undefined);
    expect(cache.peek('none')).toBeUndefined();

    cache.clear();
    expect(cache.peek('k')).toBe(NOT_REMEMBERED);
    expect(cache.peek('none')).toBe(NOT_REMEMBERED);

    await cache.get('k', async () => 'again');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.peek('k')).toBe(NOT_REMEMBERED);

    await expect(cache.get('failed', () => Promise.reject(new Error('no such book')))).rejects.toThrow();
    expect(cache.peek('failed')).toBe(NOT_REMEMBERED);
  });
});
