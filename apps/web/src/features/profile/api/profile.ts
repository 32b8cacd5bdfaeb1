import type { ProfilePage } from '@sahifa/contracts/community';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, isNotFoundError } from '#web/lib/api.ts';

export const profileKeys = {
  all: () => ['profile'] as const,
  member: (userNumber: number) => ['profile', userNumber] as const,
};

/** GET /api/v1/users/:userNumber — the profile, its first thoughts and the summaries published. */
export function fetchProfile(userNumber: number, signal?: AbortSignal) {
  return apiFetch<ProfilePage>(`/api/v1/users/${userNumber}`, { signal });
}

export function useProfile(userNumber: number) {
  return useQuery({
    queryKey: profileKeys.member(userNumber),
    queryFn: ({ signal }) => fetchProfile(userNumber, signal),
    retry: (count, error) => !isNotFoundError(error) && count < 2,
  });
}
