import { describe, expect, it } from 'vitest';
import { createMemberReads } from './member-reads.ts';

/** A load that answers with its call count, so a test sees whether it ran again. */
function counter() {
  let calls = 0;
  return async () => ++calls;
}

describe('member reads', () => {
  it('are remembered until one of their members writes, and only theirs', async () => {
    const reads = createMemberReads({ ttlMs: 60_000, maxEntries: 10 });
    const load = counter();
    const read = () => reads.remember(['k'], load, () => ['ann', 'bob']);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    reads.forgetMember('cid');
    expect(await read()).toBe(1);
    reads.forgetMember('bob');
    expect(await read()).toBe(2);
    reads.forgetEveryone();
    expect(await read()).toBe(3);
  });

  it('do not keep an answer read while one of its members wrote', async () => {
    const reads = createMemberReads({ ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const load = async () => {
      calls++;
      // The write lands while this read is under way: what it read may be from before it.
      if (calls === 1) reads.forgetMember('ann');
      return calls;
    };
    expect(await reads.remember(['k'], load, () => ['ann'])).toBe(1);
    expect(await reads.remember(['k'], load, () => ['ann'])).toBe(2);
    expect(await reads.remember(['k'], load, () => ['ann'])).toBe(2);
  });

  it('keep nothing when members are not named, when the load fails, or with no time to keep it', async () => {
    const reads = createMemberReads({ ttlMs: 60_000, maxEntries: 10 });
    const load = counter();
    expect(await reads.remember(['k'], load, () => null)).toBe(1);
    expect(await reads.remember(['k'], load, () => null)).toBe(2);
    await expect(
      reads.remember(
        ['f'],
        () => Promise.reject(new Error('no such book')),
        () => ['ann'],
      ),
    ).rejects.toThrow();
    expect(await reads.remember(['f'], load, () => ['ann'])).toBe(3);

    const off = createMemberReads({ ttlMs: 0, maxEntries: 10 });
    const again = counter();
    await off.remember(['k'], again, () => ['ann']);
    expect(await off.remember(['k'], again, () => ['ann'])).toBe(2);
  });

  it('are read again once their time is up', async () => {
    const reads = createMemberReads({ ttlMs: 20, maxEntries: 10 });
    const load = counter();
    expect(await reads.remember(['k'], load, () => ['ann'])).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await reads.remember(['k'], load, () => ['ann'])).toBe(2);
  });

  it('count a member whose last write was pushed out of memory as having written then', async () => {
    const reads = createMemberReads({ ttlMs: 60_000, maxEntries: 2 });
    const load = counter();
    expect(await reads.remember(['k'], load, () => ['ann'])).toBe(1);
    reads.forgetMember('ann');
    reads.forgetMember('bob');
    reads.forgetMember('cid'); // pushes out ann's write, which was after the read
    expect(await reads.remember(['k'], load, () => ['ann'])).toBe(2);
    expect(await reads.remember(['k'], load, () => ['ann'])).toBe(2);
  });

  it('are handed back at once while remembered, and as a promise when they must be read', async () => {
    const reads = createMemberReads({ ttlMs: 40, maxEntries: 10 });
    const load = counter();
    const read = () => reads.remember(['k'], load, () => ['ann']);
    const first = read();
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(1);
    expect(read()).toBe(1);
    // A read that found nothing is remembered as nothing: handed back at once, not read again.
    await reads.remember(
      ['none'],
      async () => undefined,
      () => ['ann'],
    );
    expect(
      reads.remember(
        ['none'],
        async () => 'read again',
        () => ['ann'],
      ),
    ).toBeUndefined();

    reads.forgetMember('bob');
    expect(read()).toBe(1);
    reads.forgetMember('ann');
    const afterWrite = read();
    expect(afterWrite).toBeInstanceOf(Promise);
    expect(await afterWrite).toBe(2);
    expect(read()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const expired = read();
    expect(expired).toBeInstanceOf(Promise);
    expect(await expired).toBe(3);

    const off = createMemberReads({ ttlMs: 0, maxEntries: 10 });
    const offLoad = counter();
    await off.remember(['k'], offLoad, () => ['ann']);
    const unremembered = off.remember(['k'], offLoad, () => ['ann']);
    expect(unremembered).toBeInstanceOf(Promise);
    expect(await unremembered).toBe(2);
  });
});
