/** A piece of a thought's text: plain text, or an http(s) link to render as an anchor. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/giu;
/** Punctuation that usually ends the sentence, not the address ("see https://a.b/c."). */
const TRAILING = /[.,;:!?؟،)\]}»"']+$/u;

/**
 * Splits plain text into text and http(s) links. Nothing is ever parsed as HTML: the segments are
 * rendered as React text nodes and anchors, so markup in a thought shows as typed.
 */
export function splitLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const trailing = raw.match(TRAILING)?.[0] ?? '';
    const url = raw.slice(0, raw.length - trailing.length);
    if (!isHttpUrl(url)) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
