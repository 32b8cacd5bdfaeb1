import { describe, expect, it } from 'vitest';
import { whenAllReady, whenReady } from './when-ready.ts';

describe('whenReady', () => {
  it('goes on at once with a value that is here, handing back what comes next as it is', () => {
    expect(whenReady(2, (n) => n * 3)).toBe(6);
  });

  it('goes on once a promise settles, and passes its failure on', async () => {
    const later = whenReady(Promise.resolve(2), (n) => n * 3);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(6);
    await expect(whenReady(Promise.reject(new Error('gone')), (n: number) => n)).rejects.toThrow('gone');
  });

  it('goes on at once with several values only when none is a promise', async () => {
    expect(whenAllReady([1, 'a'], ([n, a]) => `${n}${a}`)).toBe('1a');
    const later = whenAllReady([1, Promise.resolve('a')], ([n, a]) => `${n}${a}`);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe('1a');
  });
});
