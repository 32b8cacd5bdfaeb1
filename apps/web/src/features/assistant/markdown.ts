// The rules of an answer's Markdown: no raw HTML (`skipHtml`), no images, links only to http(s)
// addresses (they open in a new tab, without a referrer: AnswerMarkdown), and the `[P3]` citation
// markers as small reference numbers.
import type { Options } from 'react-markdown';
import { remarkCitationMarkers } from './citations.ts';

/** The address when it is an absolute http(s) URL, else '' (the link is then shown as plain text). */
export function safeLinkUrl(url: string): string {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : '';
  } catch {
    return '';
  }
}

/** react-markdown's options for an answer (AnswerMarkdown adds the components). */
export const answerMarkdownOptions = {
  skipHtml: true,
  disallowedElements: ['img'],
  urlTransform: (url: string, key: string) => (key === 'href' ? safeLinkUrl(url) : ''),
  remarkPlugins: [remarkCitationMarkers],
} satisfies Options;
