// A page rendered into the app's shell (index.html): the build fills it for the public pages it
// prerenders (apps/web/scripts/prerender.mjs, through the SSR bundle) and the server for the pages
// it renders when asked (apps/server/src/http/rendered-pages.ts). What the filled shell says is read
// by the app: global.css hides a rendered page whose `lang` is not the app's, and
// src/app-on-demand.js looks for `data-prerendered` and its `lang`. One fill, so both agree.
import { directionOf, type Language } from './languages.ts';

/** The shell's opening tag as the build writes it (apps/web/index.html). */
export const SHELL_HTML_TAG = '<html lang="en" dir="ltr"';
/** The shell's empty root, where a rendered page goes. */
export const SHELL_ROOT = '<div id="root"></div>';

export interface ShellPage {
  title: string;
  /** The meta description, in the page's language. */
  description: string;
  /** The page's markup, put inside the root as it is. */
  html: string;
  language: Language;
  /** Style sheets to link, as paths under the site's root (`assets/…css`). */
  styles: readonly string[];
  /** Web font files its text is set in (URLs): asked for with the style sheets. */
  fonts: readonly string[];
  /** A member's page is taken over by the app at once; a visitor's on their first move. */
  kind: 'member' | 'public';
  /** Markup put right after the root (the server's page state). */
  afterRoot?: string;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * `template` with the page in its root, in its language and direction, with its title,
 * description and links.
 */
export function fillShell(template: string, page: ShellPage): string {
  const links = [
    ...page.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...page.fonts.map(
      (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`,
    ),
  ];
  const marker = page.kind === 'member' ? 'data-prerendered="member"' : 'data-prerendered';
  // Replaced by functions: a `$&` in a member's text is text, not a replacement pattern.
  return template
    .replace(SHELL_HTML_TAG, () => `<html lang="${page.language}" dir="${directionOf(page.language)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttribute(page.description)}" />`,
    )
    .replace('</head>', () => `${links.join('')}</head>`)
    .replace(
      SHELL_ROOT,
      () =>
        `<div id="root"><div ${marker} lang="${page.language}">${page.html}</div></div>${page.afterRoot ?? ''}`,
    );
}
