import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { removeThought } from './keys.ts';

/** DELETE /api/v1/thoughts/:thoughtId — the author removes it, with its replies and likes. */
export function deleteThought(thoughtId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/thoughts/${encodeURIComponent(thoughtId)}`, { method: 'DELETE' });
}

export function useDeleteThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThought,
    onSuccess: (_, thoughtId) => removeThought(queryClient, thoughtId),
  });
}
