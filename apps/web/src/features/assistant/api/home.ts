import type { AssistantHome } from '@sahifa/contracts/assistant';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assistantKeys } from './keys.ts';

/** GET /api/v1/assistant — model or library answers, today's quota, suggested first questions. */
export function fetchAssistantHome(signal?: AbortSignal): Promise<AssistantHome> {
  return apiFetch<AssistantHome>('/api/v1/assistant', { signal });
}

export function useAssistantHome() {
  return useQuery({
    queryKey: assistantKeys.home(),
    queryFn: ({ signal }) => fetchAssistantHome(signal),
    // The quota changes with every question: asked again whenever the screen opens.
    staleTime: 0,
  });
}
