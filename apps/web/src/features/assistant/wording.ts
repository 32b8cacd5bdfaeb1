// Words the assistant screen builds from data: suggested questions in the member's language,
// when the daily quota starts again, and which way a message's text runs.
import { ASSISTANT_LIMITS, type Suggestion } from '@sahifa/contracts/assistant';
import { bookTitle } from '#web/lib/localized.ts';

type Translate = (key: string, options: Record<string, string | number>) => string;

/** "Three ideas from Meditations", "What should I read after Meditations?", … (the question sent). */
export function suggestionText(suggestion: Suggestion, language: string, t: Translate): string {
  return t(`assistant.suggestions.${suggestion.kind}`, { title: bookTitle(suggestion.book, language) });
}

function locale(language: string): string {
  return `${language === 'ar' ? 'ar' : 'en'}-u-nu-latn`;
}

/**
 * When the member can ask again, in local time and the interface language ("3:00 AM"). The quota
 * resets at the next midnight UTC, always within a day, so the time alone says when.
 */
export function formatResetTime(resetsAt: Date, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(language), { hour: 'numeric', minute: '2-digit', timeZone }).format(
    resetsAt,
  );
}

const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/g;
const STRONG_LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/g;

/**
 * The direction of a message: right to left when most of its letters are Arabic (or Hebrew),
 * so an Arabic answer that opens with an English title still reads right to left; null while it
 * has no letters yet (the interface's direction then applies).
 */
export function textDirection(text: string): 'rtl' | 'ltr' | null {
  const rtl = text.match(STRONG_RTL)?.length ?? 0;
  const ltr = text.match(STRONG_LTR)?.length ?? 0;
  if (rtl === 0 && ltr === 0) return null;
  return rtl > ltr ? 'rtl' : 'ltr';
}

/**
 * A new conversation's title in the history until the server's arrives: its first question on
 * one line, cut at a word before ASSISTANT_LIMITS.title characters (as the server cuts it).
 */
export function conversationTitle(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= ASSISTANT_LIMITS.title) return line;
  const cut = line.slice(0, ASSISTANT_LIMITS.title - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > ASSISTANT_LIMITS.title / 2 ? cut.slice(0, space) : cut}…`;
}
