import type { ThoughtPage } from '@sahifa/contracts/community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { thoughtKeys } from './keys.ts';

const LATEST_THOUGHTS = 5;

/**
 * GET /api/v1/thoughts?limit=5 — the newest few thoughts, for the home screen. Its own file: the
 * router starts it early, and the feed's infinite query stays out of the app's first script.
 */
export const latestThoughtsQueryOptions = () =>
  queryOptions({
    queryKey: thoughtKeys.latest(),
    queryFn: ({ signal }) => apiFetch<ThoughtPage>(`/api/v1/thoughts?limit=${LATEST_THOUGHTS}`, { signal }),
  });

export function useLatestThoughts() {
  return useQuery(latestThoughtsQueryOptions());
}
