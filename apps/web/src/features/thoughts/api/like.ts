import type { LikeState } from '@sahifa/contracts/community';
import { apiFetch } from '#web/lib/api.ts';

/** PUT|DELETE /api/v1/thoughts/:thoughtId/like — idempotent; answers the state after the change. */
export function setLike(thoughtId: string, liked: boolean): Promise<LikeState> {
  return apiFetch<LikeState>(`/api/v1/thoughts/${encodeURIComponent(thoughtId)}/like`, {
    method: liked ? 'PUT' : 'DELETE',
  });
}
