// What a member's screens read for that member on every request — their state in a book, their own
// review, a profile's row as they see it — remembered until one of the members it depends on
// writes anything (docs/decisions/021-member-reads.md).
//
// The rule is who wrote, not what was written: the app calls `forgetMember(id)` once any write
// request by that member has been handled, and `forgetEveryone()` once a write by an operator or
// by no signed-in member (a webhook, signing up or in) has been; so a read remembered here may
// depend only on rows that change by its own members' writes or an operator's. Another instance's
// writes, and the command line's, are seen within `ttlMs` (LIBRARY_CACHE_SECONDS).
import { keepNewest } from './keep-newest.ts';
import { createNewestEntries, type Key } from './newest-entries.ts';

export interface MemberReads {
  /**
   * The answer remembered for `key`, as it is, while none of the members `membersOf` named for it
   * has written since it was read; else a promise of `load()`'s. `membersOf` returning null: not
   * remembered.
   */
  remember<T>(
    key: Key,
    load: () => Promise<T>,
    membersOf: (answer: T) => readonly string[] | null,
  ): T | Promise<T>;
  /** Called once a write request by this member has been handled. */
  forgetMember(memberId: string): void;
  /** Called once a write by an operator, or by no signed-in member, has been handled. */
  forgetEveryone(): void;
}

export function createMemberReads({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): MemberReads {
  const answers = createNewestEntries<{
    answer: unknown;
    members: readonly string[];
    readAt: number;
    until: number;
  }>(maxEntries);
  // A counter rather than the clock: a read is valid when none of its members wrote after it began.
  let now = 0;
  const lastWrite = new Map<string, number>();
  // The latest write no longer in lastWrite (pushed out, or by everyone): every member wrote then.
  let everyoneWroteAt = 0;
  const wroteAt = (member: string) => lastWrite.get(member) ?? everyoneWroteAt;
  /** The answer remembered for `key`, while it is still good to hand back. */
  function usable(key: Key) {
    const remembered = answers.get(key);
    return remembered &&
      remembered.until > Date.now() &&
      remembered.members.every((member) => wroteAt(member) <= remembered.readAt)
      ? remembered
      : undefined;
  }

  return {
    remember<T>(
      key: Key,
      load: () => Promise<T>,
      membersOf: (answer: T) => readonly string[] | null,
    ): T | Promise<T> {
      if (ttlMs <= 0) return load();
      const remembered = usable(key);
      if (remembered) return remembered.answer as T;
      const time = Date.now();
      const readAt = now;
      return load().then((answer) => {
        const members = membersOf(answer);
        // Kept only while it is still what the members' rows say: a write since the read began voids it.
        if (members?.every((member) => wroteAt(member) <= readAt)) {
          answers.set(key, { answer, members, readAt, until: time + ttlMs });
        }
        return answer;
      });
    },
    forgetMember(memberId) {
      now++;
      const dropped = keepNewest(lastWrite, memberId, now, maxEntries);
      if (dropped) everyoneWroteAt = Math.max(everyoneWroteAt, dropped[1]);
    },
    forgetEveryone() {
      now++;
      everyoneWroteAt = now;
      lastWrite.clear();
      answers.clear();
    },
  };
}
