import { displayNameOf as nameOrFallback } from '@sahifa/contracts/members';

/**
 * The name to show for a member (spec: an empty name falls back to "Darker"). Apart from
 * lib/auth.tsx, so that the public pages' first load does not carry the contracts (and zod).
 */
export function displayNameOf(user: { name?: string | null }): string {
  return nameOrFallback(user.name);
}
