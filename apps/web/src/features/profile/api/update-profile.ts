import type { Profile, ProfilePage, ProfileUpdate } from '@sahifa/contracts/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { profileKeys } from './profile.ts';

/** PATCH /api/v1/me/profile — multipart: `data` (JSON) and an optional `avatar` file. */
export function updateProfile(data: ProfileUpdate, avatar: File | null): Promise<Profile> {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  if (avatar) form.set('avatar', avatar, avatar.name);
  return apiFetch<Profile>('/api/v1/me/profile', { method: 'PATCH', form });
}

/** Saves the profile, then refreshes the profile screen, the session (name and avatar in the layout) and thoughts. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { refetch } = useAuth();
  return useMutation({
    mutationFn: ({ data, avatar }: { data: ProfileUpdate; avatar: File | null }) =>
      updateProfile(data, avatar),
    onSuccess: async (profile) => {
      queryClient.setQueryData<ProfilePage>(profileKeys.member(profile.userNumber), (old) =>
        old ? { ...old, profile: { ...old.profile, ...profile } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.all() });
      // Thoughts carry the author's name, avatar and bio.
      void queryClient.invalidateQueries({ queryKey: ['thoughts'] });
      await refetch();
    },
  });
}
