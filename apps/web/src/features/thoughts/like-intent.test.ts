import type { LikeState } from '@sahifa/contracts/community';
import { describe, expect, it } from 'vitest';
import { displayedLike, LikeIntent, type LikeView } from './like-intent.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fake server: like state per member is idempotent, as the API is. */
function harness(initial: LikeState) {
  const calls: { liked: boolean; done: ReturnType<typeof deferred<LikeState>> }[] = [];
  const views: LikeView[] = [];
  const settled: LikeState[] = [];
  const intent = new LikeIntent(
    initial,
    (liked) => {
      const done = deferred<LikeState>();
      calls.push({ liked, done });
      return done.promise;
    },
    (view) => views.push(view),
    (state) => settled.push(state),
  );
  return { intent, calls, views, settled, last: () => views.at(-1) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('displayedLike', () => {
  it('counts the wish against the confirmed state', () => {
    expect(displayedLike({ userLiked: false, likeCount: 3 }, true)).toEqual({
      userLiked: true,
      likeCount: 4,
    });
    expect(displayedLike({ userLiked: true, likeCount: 3 }, false)).toEqual({
      userLiked: false,
      likeCount: 2,
    });
    expect(displayedLike({ userLiked: true, likeCount: 3 }, true)).toEqual({ userLiked: true, likeCount: 3 });
    expect(displayedLike({ userLiked: true, likeCount: 0 }, false)).toEqual({
      userLiked: false,
      likeCount: 0,
    });
  });
});

describe('LikeIntent', () => {
  it('flips at once and sends one request', async () => {
    const h = harness({ userLiked: false, likeCount: 0 });
    h.intent.toggle();
    expect(h.last()).toMatchObject({ userLiked: true, likeCount: 1, pending: true });
    expect(h.calls.map((c) => c.liked)).toEqual([true]);
    h.calls[0]?.done.resolve({ userLiked: true, likeCount: 1 });
    await flush();
    expect(h.last()).toMatchObject({ userLiked: true, likeCount: 1, pending: false });
    expect(h.settled).toEqual([{ userLiked: true, likeCount: 1 }]);
  });

  it('rapid taps keep one request in flight and send only the latest wish', async () => {
    const h = harness({ userLiked: false, likeCount: 5 });
    h.intent.toggle(); // like
    h.intent.toggle(); // unlike
    h.intent.toggle(); // like
    h.intent.toggle(); // unlike
    h.intent.toggle(); // like
    expect(h.calls).toHaveLength(1);
    expect(h.last()).toMatchObject({ userLiked: true, likeCount: 6 });
    h.calls[0]?.done.resolve({ userLiked: true, likeCount: 6 });
    await flush();
    // The last wish (liked) is what the server has: nothing more to send.
    expect(h.calls).toHaveLength(1);
    expect(h.last()).toMatchObject({ userLiked: true, likeCount: 6, pending: false });
  });

  it('sends the final wish after the in-flight request when it differs', async () => {
    const h = harness({ userLiked: false, likeCount: 2 });
    h.intent.toggle(); // like (in flight)
    h.intent.toggle(); // unlike
    h.calls[0]?.done.resolve({ userLiked: true, likeCount: 3 });
    await flush();
    expect(h.calls.map((c) => c.liked)).toEqual([true, false]);
    expect(h.last()).toMatchObject({ userLiked: false, likeCount: 2, pending: true });
    h.calls[1]?.done.resolve({ userLiked: false, likeCount: 2 });
    await flush();
    expect(h.last()).toMatchObject({ userLiked: false, likeCount: 2, pending: false });
    expect(h.settled).toEqual([{ userLiked: false, likeCount: 2 }]);
  });

  it('goes back to the confirmed state when a request fails', async () => {
    const h = harness({ userLiked: false, likeCount: 1 });
    h.intent.toggle();
    h.calls[0]?.done.reject(new Error('offline'));
    await flush();
    expect(h.last()).toMatchObject({ userLiked: false, likeCount: 1, pending: false });
    expect(h.last()?.error).toBeInstanceOf(Error);
    expect(h.settled).toEqual([]);
  });

  it('takes fresh server data only when idle', async () => {
    const h = harness({ userLiked: false, likeCount: 1 });
    h.intent.sync({ userLiked: false, likeCount: 4 });
    expect(h.intent.view()).toMatchObject({ userLiked: false, likeCount: 4 });
    h.intent.toggle();
    h.intent.sync({ userLiked: false, likeCount: 9 });
    expect(h.intent.view()).toMatchObject({ userLiked: true, likeCount: 5 });
  });
});
