// How a decision or a suspension shows in the report lists already on screen, before they are
// fetched again (the server is the truth; this keeps the screen from showing what was just done).
import type { QueuedReport, ReportQueuePage } from '@sahifa/contracts/admin';
import type { InfiniteData } from '@tanstack/react-query';

export type ReportPages = InfiniteData<ReportQueuePage, string | undefined>;

function mapItems(pages: ReportPages, change: (items: QueuedReport[]) => QueuedReport[]): ReportPages {
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

const sameItem = (a: QueuedReport, b: QueuedReport) => a.kind === b.kind && a.targetId === b.targetId;

/**
 * The open queue after `decided`: hide and delete close every open report on the item, and dismiss
 * closes the item's open reports as well, so none of them stays in the queue.
 */
export function withoutDecidedItem(pages: ReportPages, decided: QueuedReport): ReportPages {
  return mapItems(pages, (items) => items.filter((report) => !sameItem(report, decided)));
}

/** Every report on an item by this member shows the member's suspended state. */
export function withAuthorSuspended(pages: ReportPages, userNumber: number, suspended: boolean): ReportPages {
  return mapItems(pages, (items) =>
    items.map((report) =>
      report.target.author?.userNumber === userNumber
        ? { ...report, target: { ...report.target, authorSuspended: suspended } }
        : report,
    ),
  );
}
