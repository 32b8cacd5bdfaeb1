import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { syncOnlineManager } from './online.ts';

/** Client errors (4xx) will not change on a retry; network and server errors may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // A page loaded offline: pause its queries (a "paused" fetch) instead of failing them.
  syncOnlineManager();
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
