import type { Comment, CommentPage } from '@sahifa/contracts/comments';
import { describe, expect, it } from 'vitest';
import type { CommentPages } from './api/comments.ts';
import { withoutComment, withSavedReview } from './review-cache.ts';

const comment = (id: string, rating: number, text: string, isMine = false): Comment => ({
  id,
  bookId: 'b',
  rating,
  comment: text,
  date: '2024-01-01T00:00:00.000Z',
  author: { userNumber: 1001, displayName: 'Reader', photoURL: null },
  isMine,
});

function pages(...lists: { items: Comment[]; myReview: Comment | null }[]): CommentPages {
  const rating = { averageRating: 3, ratingCount: 3 };
  return {
    pages: lists.map(
      (list, i): CommentPage => ({ ...list, nextCursor: i < lists.length - 1 ? `c${i}` : null, rating }),
    ),
    pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
  };
}

describe('the comment cache when a member saves their review', () => {
  it('puts a new review first and makes it theirs', () => {
    const old = pages({ items: [comment('x', 2, 'other')], myReview: null });
    const mine = comment('m', 5, 'Loved it', true);
    const next = withSavedReview(old, { comment: mine, rating: { averageRating: 3.5, ratingCount: 2 } });
    expect(next?.pages[0]?.items.map((c) => c.id)).toEqual(['m', 'x']);
    expect(next?.pages[0]?.myReview).toEqual(mine);
    expect(next?.pages[0]?.rating).toEqual({ averageRating: 3.5, ratingCount: 2 });
  });

  it('shows an edited review once, at the top, even when it was on an older page', () => {
    const before = comment('m', 2, 'Meh', true);
    const old = pages(
      { items: [comment('x', 4, 'a'), comment('y', 3, 'b')], myReview: before },
      { items: [comment('z', 1, 'c'), before], myReview: before },
    );
    const edited = { ...before, rating: 5, comment: 'Better the second time' };
    const next = withSavedReview(old, { comment: edited, rating: { averageRating: 3.25, ratingCount: 4 } });
    const all = next?.pages.flatMap((page) => page.items) ?? [];
    expect(all.map((c) => [c.id, c.rating])).toEqual([
      ['m', 5],
      ['x', 4],
      ['y', 3],
      ['z', 1],
    ]);
    expect(next?.pages.map((page) => page.myReview?.comment)).toEqual([
      'Better the second time',
      'Better the second time',
    ]);
    expect(next?.pages.map((page) => page.nextCursor)).toEqual(['c0', null]);
  });

  it('forgets the review once it is deleted, and leaves the cache alone when nothing is loaded', () => {
    const mine = comment('m', 4, 'Good', true);
    const old = pages({ items: [mine, comment('x', 2, 'other')], myReview: mine });
    const next = withoutComment(old, 'm', { averageRating: 2, ratingCount: 1 });
    expect(next?.pages[0]?.items.map((c) => c.id)).toEqual(['x']);
    expect(next?.pages[0]?.myReview).toBeNull();
    expect(next?.pages[0]?.rating).toEqual({ averageRating: 2, ratingCount: 1 });
    // Deleting someone else's comment (not possible in the UI) keeps my review.
    expect(withoutComment(old, 'x', { averageRating: 4, ratingCount: 1 })?.pages[0]?.myReview).toEqual(mine);
    expect(
      withSavedReview(undefined, { comment: mine, rating: { averageRating: 4, ratingCount: 1 } }),
    ).toBeUndefined();
  });
});
