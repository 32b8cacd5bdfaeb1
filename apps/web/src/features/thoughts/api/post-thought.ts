import type { Thought } from '@sahifa/contracts/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { type ThoughtPages, thoughtKeys } from './keys.ts';

/** POST /api/v1/thoughts — a new thought (≤ 2,000 characters, not blank). */
export function postThought(content: string): Promise<Thought> {
  return apiFetch<Thought>('/api/v1/thoughts', { method: 'POST', json: { content } });
}

/** Puts the new thought at the top of the feed as soon as the server has stored it. */
export function usePostThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postThought,
    onSuccess: (thought) => {
      queryClient.setQueryData<ThoughtPages>(thoughtKeys.feed(), (old) => {
        const [first, ...rest] = old?.pages ?? [];
        if (!old || !first) return old;
        return {
          ...old,
          pages: [{ ...first, items: [thought, ...first.items.filter((t) => t.id !== thought.id)] }, ...rest],
        };
      });
      void queryClient.invalidateQueries({ queryKey: thoughtKeys.latest() });
      void queryClient.invalidateQueries({ queryKey: thoughtKeys.member(thought.author.userNumber) });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
