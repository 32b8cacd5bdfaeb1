import { describe, expect, it } from 'vitest';
import { createNewestEntries } from './newest-entries.ts';

describe('newest entries', () => {
  it('name an entry by all its parts, in order, whatever their kind', () => {
    const entries = createNewestEntries<string>(10);
    entries.set(['preview', 'b1'], 'preview of b1');
    entries.set(['comments', 'b1', 20], 'comments of b1, 20 a page');
    entries.set(['category', 'c1', undefined, 20], 'first page of c1');
    entries.set(['overview'], 'overview');
    entries.set(['m1', 'b1'], 'm1 reads b1');

    expect(entries.get(['preview', 'b1'])).toBe('preview of b1');
    expect(entries.get(['comments', 'b1', 20])).toBe('comments of b1, 20 a page');
    expect(entries.get(['category', 'c1', undefined, 20])).toBe('first page of c1');
    expect(entries.get(['overview'])).toBe('overview');
    // Made anew, as a request's parts are: equal parts find the entry.
    expect(entries.get([`m${1}`, ['b', '1'].join('')])).toBe('m1 reads b1');

    expect(entries.get(['b1', 'm1'])).toBeUndefined();
    expect(entries.get(['comments', 'b1', '20'])).toBeUndefined();
    expect(entries.get(['comments', 'b1'])).toBeUndefined();
    expect(entries.get(['comments', 'b1', 20, undefined])).toBeUndefined();
    expect(entries.get(['category', 'c1', '', 20])).toBeUndefined();
    expect(entries.get(['preview'])).toBeUndefined();
    expect(entries.size).toBe(5);
  });

  it('keep a key shorter than another apart from the start of it', () => {
    const entries = createNewestEntries<string>(10);
    entries.set(['feed'], 'the feed');
    entries.set(['feed', 'm1'], 'the feed as m1 sees it');
    expect(entries.get(['feed'])).toBe('the feed');
    expect(entries.get(['feed', 'm1'])).toBe('the feed as m1 sees it');
    entries.delete(['feed']);
    expect(entries.get(['feed'])).toBeUndefined();
    expect(entries.get(['feed', 'm1'])).toBe('the feed as m1 sees it');
  });

  it('keep at most maxEntries, the one set longest ago out first, a key set again counting as new', () => {
    const entries = createNewestEntries<number>(3);
    entries.set(['a', 'x'], 1);
    entries.set(['a', 'y'], 1);
    entries.set(['b'], 1);
    entries.set(['a', 'x'], 2);
    entries.set(['c', 'z'], 1);
    expect(entries.size).toBe(3);
    expect(entries.get(['a', 'y'])).toBeUndefined();
    expect([entries.get(['a', 'x']), entries.get(['b']), entries.get(['c', 'z'])]).toEqual([2, 1, 1]);
    entries.set(['d'], 1);
    expect(entries.get(['b'])).toBeUndefined();
    expect(entries.size).toBe(3);
  });

  it('forget an entry deleted, and every entry once cleared', () => {
    const entries = createNewestEntries<number>(10);
    entries.set(['a', 'x'], 1);
    entries.set(['a', 'y'], 2);
    entries.delete(['a', 'x']);
    entries.delete(['a', 'never set']);
    expect([entries.get(['a', 'x']), entries.get(['a', 'y']), entries.size]).toEqual([undefined, 2, 1]);
    entries.clear();
    expect([entries.get(['a', 'y']), entries.size]).toEqual([undefined, 0]);
    entries.set(['a', 'y'], 3);
    expect(entries.get(['a', 'y'])).toBe(3);
  });
});
