// Passwords must be hard to guess, not only long enough: zxcvbn-ts scores each one against
// common passwords, English words and names, keyboard walks, repeats and dates, and the
// member's own name and email. Its dictionaries ship with the package (no network call).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/** zxcvbn's scale runs 0–4; 2 and up means more than about 10^8 guesses. */
export const MIN_PASSWORD_SCORE = 2;

export const PASSWORD_TOO_WEAK = 'PASSWORD_TOO_WEAK';

// Built on first use: the dictionaries take a moment and some memory to load.
let zxcvbn: ZxcvbnFactory | null = null;

/** Why the password is refused, or null when it is strong enough. */
export function passwordWeakness(password: string, userInputs: string[] = []): string | null {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  const result = zxcvbn.check(password, ['sahifa', 'صحيفة', ...userInputs]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const hint = result.feedback.warning ?? result.feedback.suggestions[0];
  return `This password is too easy to guess.${hint ? ` ${hint}` : ''} Try a few unrelated words.`;
}
