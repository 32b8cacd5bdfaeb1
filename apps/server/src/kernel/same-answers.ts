// A member's screen (a profile, a book's preview, the reader) is made from what the server
// remembers for everyone and what it reads for the member on every request. Made again from the
// same inputs, it is the same answer: this keeps the last answer per key with its inputs and hands
// back that very object when the inputs are equal, so the route sends the bytes it made for it
// before (sendAnswer in http/remembered-bytes.ts) instead of serialising it again — which cost more
// than reading the member's part (docs/performance.md, 2026-11-27, ninth session).
//
// Nothing needs forgetting: the inputs are read as before, and an answer is reused only when they
// are equal by value (dequal), so a change in any of them makes a new answer at once.
import { dequal } from 'dequal';
import { createNewestEntries, type Key } from './newest-entries.ts';

export interface SameAnswers<I extends unknown[], A extends object> {
  /**
   * `make(...inputs)`, or the answer last made for `key` when its inputs equal these. At most
   * `maxEntries` keys are kept; the one whose answer was made longest ago goes first.
   */
  answer(key: Key, ...inputs: I): A;
}

export function createSameAnswers<I extends unknown[], A extends object>(
  make: (...inputs: I) => A,
  { maxEntries }: { maxEntries: number },
): SameAnswers<I, A> {
  const last = createNewestEntries<{ inputs: I; answer: A }>(maxEntries);
  return {
    answer(key, ...inputs) {
      const seen = last.get(key);
      if (seen && dequal(seen.inputs, inputs)) {
        // The newest inputs from now on: a remembered input read again (its TTL ran out) is a new
        // object, equal by value, and the next requests bring that one. Kept, they are the same
        // objects and compare at once; the old ones would be compared field by field each time.
        seen.inputs = inputs;
        return seen.answer;
      }
      const answer = make(...inputs);
      last.set(key, { inputs, answer });
      return answer;
    },
  };
}
