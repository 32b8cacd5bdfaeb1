import type { QueuedReport } from '@sahifa/contracts/admin';
import { describe, expect, it } from 'vitest';
import { type ReportPages, withAuthorSuspended, withoutDecidedItem } from './report-cache.ts';

const member = (userNumber: number) => ({ userNumber, displayName: `M${userNumber}`, photoURL: null });

function report(id: string, kind: QueuedReport['kind'], targetId: string, author = 7): QueuedReport {
  return {
    id,
    kind,
    targetId,
    reason: 'spam',
    details: '',
    date: '2025-03-01T10:00:00.000Z',
    status: 'open',
    reporter: member(2),
    reportCount: 1,
    target: {
      author: member(author),
      authorSuspended: false,
      text: 'x',
      hidden: false,
      path: '/app/thoughts',
    },
    resolvedAt: null,
  };
}

const pages = (...lists: QueuedReport[][]): ReportPages => ({
  pages: lists.map((items) => ({ items, nextCursor: null })),
  pageParams: lists.map(() => undefined),
});

const ids = (data: ReportPages) => data.pages.map((page) => page.items.map((item) => item.id));

describe('withoutDecidedItem', () => {
  it('takes every report on the decided item out of the queue, on every page', () => {
    const a = report('a', 'thought', 't1');
    const data = pages(
      [a, report('b', 'thought', 't2')],
      [report('c', 'thought', 't1'), report('d', 'reply', 't1')],
    );
    expect(ids(withoutDecidedItem(data, a))).toEqual([['b'], ['d']]);
  });
});

describe('withAuthorSuspended', () => {
  it('marks the reports on the member’s items, and only those', () => {
    const data = pages([report('a', 'thought', 't1', 7), report('b', 'comment', 'c1', 8)]);
    const after = withAuthorSuspended(data, 7, true).pages[0]?.items.map((r) => r.target.authorSuspended);
    expect(after).toEqual([true, false]);
  });

  it('leaves reports whose author’s account is gone alone', () => {
    const gone = report('a', 'thought', 't1');
    gone.target.author = null;
    expect(withAuthorSuspended(pages([gone]), 7, true).pages[0]?.items[0]?.target.authorSuspended).toBe(
      false,
    );
  });
});
