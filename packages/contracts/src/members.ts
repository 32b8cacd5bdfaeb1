// How a member is named, numbered and shown beside what they wrote, the same on the server and
// in the browser.
import { z } from 'zod';

/** Members without a display name are shown under this name (spec: members are "Darkers"). */
export const FALLBACK_DISPLAY_NAME = 'Darker';

/** The name to show for a member: their trimmed name, or the fallback when it is empty. */
export function displayNameOf(name: string | null | undefined): string {
  return name?.trim() || FALLBACK_DISPLAY_NAME;
}

/**
 * A member number from a URL segment, or null when it cannot name a member. Numbers are handed
 * out from 1 upwards, so 0, signs, decimals and anything beyond a safe integer are refused.
 */
export function parseUserNumber(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A member beside what they wrote (comments, thoughts, replies, summaries, search results). */
export const authorSchema = z.object({
  userNumber: z.number().int(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
});
export type Author = z.infer<typeof authorSchema>;
