import type { ThoughtWithReplies } from '@sahifa/contracts/community';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { withQuery } from '#web/lib/api-paths.ts';
import { type ThoughtScreenPage, thoughtKeys } from './keys.ts';

/** GET /api/v1/users/:userNumber/thoughts/:thoughtId — the thought with its newest replies. */
export function fetchThought(userNumber: number, thoughtId: string, signal?: AbortSignal) {
  return apiFetch<ThoughtWithReplies>(
    `/api/v1/users/${userNumber}/thoughts/${encodeURIComponent(thoughtId)}`,
    { signal },
  );
}

/** GET /api/v1/thoughts/:thoughtId/replies?cursor — older replies. */
export function fetchReplies(thoughtId: string, cursor: string, signal?: AbortSignal) {
  return apiFetch<ThoughtWithReplies['replies']>(
    withQuery(`/api/v1/thoughts/${encodeURIComponent(thoughtId)}/replies`, { cursor }),
    { signal },
  );
}

/** The thought screen: the first page brings the thought and replies, "Load more" older replies. */
export function useThought(userNumber: number, thoughtId: string) {
  return useInfiniteQuery({
    queryKey: thoughtKeys.thought(thoughtId),
    queryFn: async ({ pageParam, signal }): Promise<ThoughtScreenPage> => {
      if (pageParam === undefined) {
        const { thought, replies } = await fetchThought(userNumber, thoughtId, signal);
        return { thought, replies };
      }
      return { thought: null, replies: await fetchReplies(thoughtId, pageParam, signal) };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.replies.nextCursor ?? undefined,
    retry: (count, error) => !(error && 'status' in error && error.status === 404) && count < 2,
  });
}
