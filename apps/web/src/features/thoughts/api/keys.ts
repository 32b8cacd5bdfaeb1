import type { Thought, ThoughtPage, ThoughtWithReplies } from '@sahifa/contracts/community';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** Everything that lists or shows thoughts starts with ['thoughts'] so one change can reach it all. */
export const thoughtKeys = {
  all: () => ['thoughts'] as const,
  feed: () => ['thoughts', 'feed'] as const,
  latest: () => ['thoughts', 'latest'] as const,
  member: (userNumber: number) => ['thoughts', 'member', userNumber] as const,
  thought: (thoughtId: string) => ['thoughts', 'thought', thoughtId] as const,
};

export type ThoughtPages = InfiniteData<ThoughtPage, string | undefined>;

/** A page of the thought screen: the first carries the thought, the next ones only replies. */
export interface ThoughtScreenPage {
  thought: Thought | null;
  replies: ThoughtWithReplies['replies'];
}
export type ThoughtScreenPages = InfiniteData<ThoughtScreenPage, string | undefined>;

function isThoughtPages(data: unknown): data is ThoughtPages {
  return !!data && typeof data === 'object' && 'pages' in data && Array.isArray((data as ThoughtPages).pages);
}

function isThoughtPage(data: unknown): data is ThoughtPage {
  return !!data && typeof data === 'object' && 'items' in data && Array.isArray((data as ThoughtPage).items);
}

/** Applies a change to one thought wherever it is cached (feed, member lists, its own screen). */
export function patchThought(queryClient: QueryClient, thoughtId: string, patch: (t: Thought) => Thought) {
  const apply = (t: Thought) => (t.id === thoughtId ? patch(t) : t);
  queryClient.setQueriesData({ queryKey: thoughtKeys.all() }, (data: unknown) => {
    if (isThoughtPages(data)) {
      return {
        ...data,
        pages: data.pages.map((page: ThoughtPage | ThoughtScreenPage) =>
          'thought' in page
            ? { ...page, thought: page.thought ? apply(page.thought) : null }
            : { ...page, items: page.items.map(apply) },
        ),
      };
    }
    if (isThoughtPage(data)) return { ...data, items: data.items.map(apply) };
    return data;
  });
}

/** Takes a deleted thought out of every cached list. */
export function removeThought(queryClient: QueryClient, thoughtId: string) {
  queryClient.setQueriesData({ queryKey: thoughtKeys.all() }, (data: unknown) => {
    if (isThoughtPages(data)) {
      if (data.pages.some((page: ThoughtPage | ThoughtScreenPage) => 'thought' in page)) return data;
      return {
        ...data,
        pages: data.pages.map((p) => ({ ...p, items: p.items.filter((t) => t.id !== thoughtId) })),
      };
    }
    if (isThoughtPage(data)) return { ...data, items: data.items.filter((t) => t.id !== thoughtId) };
    return data;
  });
  queryClient.removeQueries({ queryKey: thoughtKeys.thought(thoughtId) });
  // A member's counts on their profile changed.
  void queryClient.invalidateQueries({ queryKey: ['profile'] });
}
