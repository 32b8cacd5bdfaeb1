// A tag's id (and its URL, /app/tag/{id}) derived from its name, the same way for the demo library
// and for member summaries, so "Stoicism" typed by a member joins the demo library's tag.
import { createHash } from 'node:crypto';

export const TAG_SLUG_MAX_LENGTH = 60;

const LATIN_ACCENTS = /[\u0300-\u036f]/g;
// Arabic harakat, superscript alef and tatweel (hamza and madda stay: إ أ آ ؤ ئ are letters).
const ARABIC_MARKS = /[\u064b-\u0652\u0656-\u065f\u0670\u0640]/g;

/**
 * "Self-discipline" → "self-discipline", "Café" → "cafe", "الفَلسفة الإسلامية" → "الفلسفة-الإسلامية":
 * letters and digits of any script kept, lower case, everything else → '-'. A name with no
 * letters or digits at all gets a stable hash id.
 */
export function tagSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(LATIN_ACCENTS, '')
    .normalize('NFC')
    .replace(ARABIC_MARKS, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const bounded = [...slug].slice(0, TAG_SLUG_MAX_LENGTH).join('').replace(/-+$/, '');
  return bounded || `tag-${createHash('sha256').update(name.trim()).digest('hex').slice(0, 10)}`;
}
