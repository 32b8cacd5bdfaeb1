// How a member appears beside what they wrote (comments, thoughts, replies, summaries, search):
// their public number, their display name (or the fallback name) and their photo.
import { type Author, displayNameOf } from '@sahifa/contracts/members';

type Count = number | string | bigint;

/** Columns as the repositories select them (PostgreSQL returns bigint columns as strings). */
export function toAuthor(row: { number: Count; name: string | null; image: string | null }): Author {
  return { userNumber: Number(row.number), displayName: displayNameOf(row.name), photoURL: row.image };
}
