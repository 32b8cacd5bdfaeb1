// An answer cites the library's passages in its text as `[P1]`, `[P2]` (or `[P1, P3]`); each
// Citation names the book, language and page of passage N. On screen the markers become small
// reference numbers matching the chips under the answer, which open the reader at that page.
import type { Citation } from '@sahifa/contracts/assistant';
import { bookTitle, isolate } from '#web/lib/localized.ts';

/** `[P3]`, `[P1, P3]`, `[P1،P3]` (Arabic comma). */
const MARKER = /\[(P\d{1,3}(?:\s*[,،]\s*P\d{1,3})*)\]/g;

export type TextSegment = { kind: 'text'; text: string } | { kind: 'ref'; ref: number };

/**
 * The text cut around its citation markers (the spaces before a marker dropped); each number of a
 * `[P1, P3]` is a ref of its own.
 */
export function splitCitationMarkers(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const start = match.index ?? 0;
    // "madness [P1]." reads "madness¹.": the space before a marker goes with it.
    const before = text.slice(last, start).replace(/[ \t]+$/, '');
    if (before) segments.push({ kind: 'text', text: before });
    for (const number of (match[1] ?? '').matchAll(/\d+/g)) {
      segments.push({ kind: 'ref', ref: Number(number[0]) });
    }
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The least of a Markdown syntax tree (mdast) that the plugin below reads and writes. */
export interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
  data?: { hName?: string; hProperties?: Record<string, string>; [key: string]: unknown };
}

/** The element a marker becomes: `<sup data-citation-ref="3">3</sup>`. */
export const CITATION_REF_ATTRIBUTE = 'dataCitationRef';

function refNode(ref: number): MarkdownNode {
  return {
    type: 'text',
    value: String(ref),
    data: { hName: 'sup', hProperties: { [CITATION_REF_ATTRIBUTE]: String(ref) } },
  };
}

function replaceMarkers(node: MarkdownNode): void {
  if (!node.children) return;
  const children: MarkdownNode[] = [];
  for (const child of node.children) {
    // Only prose: code (`inlineCode`, `code`) keeps its brackets as written.
    if (child.type === 'text' && child.value && !child.data?.hName) {
      for (const segment of splitCitationMarkers(child.value)) {
        children.push(segment.kind === 'text' ? { type: 'text', value: segment.text } : refNode(segment.ref));
      }
    } else {
      replaceMarkers(child);
      children.push(child);
    }
  }
  node.children = children;
}

/** A remark plugin (react-markdown's `remarkPlugins`): citation markers become reference numbers. */
export function remarkCitationMarkers() {
  return (tree: MarkdownNode) => {
    replaceMarkers(tree);
  };
}

type Translate = (key: string, options: Record<string, string | number>) => string;

/**
 * The chip of a citation: "Meditations · p. 4" ("التأملات · ص 4" in Arabic; the title isolated so
 * its direction never moves the page number), with the language of the pages when it is not the
 * interface's (the page numbers of the two languages differ).
 */
export function citationLabel(citation: Citation, language: string, t: Translate): string {
  const values = { title: isolate(bookTitle(citation, language)), page: citation.page };
  const uiLang = language === 'ar' ? 'ar' : 'en';
  if (citation.lang === uiLang) return t('assistant.citation', values);
  return t('assistant.citationIn', { ...values, language: t(`common.languages.${citation.lang}`, {}) });
}
