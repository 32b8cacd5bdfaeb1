// Text that members write (thoughts, replies, comments, profiles, summaries): one rule for every
// field. It must show something — a text made only of spaces, zero-width or format characters or
// Hangul fillers looks empty on screen yet would be stored and listed — and it carries no control
// characters (NUL, escape sequences, C1 controls) other than line breaks and tabs. Joiners inside
// words (ZWJ/ZWNJ in Arabic, Persian or emoji sequences) are text and stay as they are.
import { z } from 'zod';

export const NOTHING_VISIBLE_MESSAGE = 'Write something first.';
export const CONTROL_CHARACTER_MESSAGE = 'The text contains a control character that cannot be stored.';

/** C0 and C1 control characters (and DEL), except tab and line feed. */
const CONTROL_CHARACTER = /(?![\t\n])\p{Cc}/u;

/**
 * What draws nothing: white space, separators (\p{Z}), format characters (\p{Cf}: zero-width
 * space and joiners, word joiner, BOM, direction marks) and the other default-ignorable code
 * points (U+3164, U+115F, U+1160 and U+FFA0 Hangul fillers, variation selectors, soft hyphen…).
 */
const INVISIBLE = /[\s\p{Z}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** True when the text has at least one character that is drawn. */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}

/**
 * A member-written text field: line breaks normalised to \n, trimmed, at most `max` characters
 * (UTF-16 units, as the forms count them), no control characters but \n and \t, and something
 * visible in it. `required: false` accepts the empty string (an optional comment, a cleared bio),
 * but still not a text that only looks empty.
 */
export function memberText({ max, required = true }: { max: number; required?: boolean }) {
  return z
    .string()
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .trim()
    .max(max)
    .refine((text) => !CONTROL_CHARACTER.test(text), { message: CONTROL_CHARACTER_MESSAGE })
    .refine((text) => (text === '' ? !required : hasVisibleCharacter(text)), {
      message: NOTHING_VISIBLE_MESSAGE,
    });
}
