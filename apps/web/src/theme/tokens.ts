// The four colour themes of the spec (light is the default), as data.
// This module is the single source of truth: the Vite plugin in vite.config.ts turns it into the
// CSS custom properties (`--color-*` on `[data-theme=…]`), and contrast.test.ts checks every
// text/background pair against WCAG AA.

export const THEME_NAMES = ['light', 'dark', 'purple', 'red'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'light';

export interface ThemeTokens {
  /** Page background. */
  background: string;
  /** Background of panels inside the page (side bar, header, bottom bar). */
  innerBackground: string;
  text: string;
  /** Secondary text (hints, meta lines). */
  textMuted: string;
  cardBackground: string;
  buttonBackground: string;
  buttonText: string;
  hover: string;
  /** Decorative borders and dividers. */
  border: string;
  /** Borders of form controls (must be visible: 3:1). */
  inputBorder: string;
  /** Accent used for links, active navigation and the logo. */
  darker: string;
  /** Soft accent background (selected items, badges, highlights). */
  darkerBG: string;
  assistantBubble: string;
  assistantText: string;
  userBubble: string;
  userText: string;
  /** Form control background. */
  input: string;
  /** Send button of the assistant and the thought composer. */
  send: string;
  sendText: string;
  focus: string;
  danger: string;
  success: string;
}

export const themes: Record<ThemeName, ThemeTokens> = {
  light: {
    background: '#f7f4ee',
    innerBackground: '#fffdf9',
    text: '#1f1d1a',
    textMuted: '#595349',
    cardBackground: '#ffffff',
    buttonBackground: '#1f4e5f',
    buttonText: '#ffffff',
    hover: '#ece6da',
    border: '#e0d8ca',
    inputBorder: '#857d70',
    darker: '#1f4e5f',
    darkerBG: '#e2edf0',
    assistantBubble: '#eef3f4',
    assistantText: '#1f1d1a',
    userBubble: '#1f4e5f',
    userText: '#ffffff',
    input: '#ffffff',
    send: '#1f4e5f',
    sendText: '#ffffff',
    focus: '#b45309',
    danger: '#b42318',
    success: '#1d6b3a',
  },
  dark: {
    background: '#14161a',
    innerBackground: '#1b1e23',
    text: '#ece8e1',
    textMuted: '#aaa49b',
    cardBackground: '#20242a',
    buttonBackground: '#9cc9d6',
    buttonText: '#10242b',
    hover: '#2a2f36',
    border: '#343a42',
    inputBorder: '#7d858f',
    darker: '#9cc9d6',
    darkerBG: '#1d3239',
    assistantBubble: '#262b32',
    assistantText: '#ece8e1',
    userBubble: '#9cc9d6',
    userText: '#10242b',
    input: '#1b1e23',
    send: '#9cc9d6',
    sendText: '#10242b',
    focus: '#f2b35b',
    danger: '#ff9b8f',
    success: '#7fd49b',
  },
  purple: {
    background: '#f5f2fa',
    innerBackground: '#fbf9fe',
    text: '#221a33',
    textMuted: '#574d6b',
    cardBackground: '#ffffff',
    buttonBackground: '#5b3a99',
    buttonText: '#ffffff',
    hover: '#ebe4f6',
    border: '#ddd3ed',
    inputBorder: '#857a9b',
    darker: '#5b3a99',
    darkerBG: '#ece4f8',
    assistantBubble: '#efe9f8',
    assistantText: '#221a33',
    userBubble: '#5b3a99',
    userText: '#ffffff',
    input: '#ffffff',
    send: '#5b3a99',
    sendText: '#ffffff',
    focus: '#c2410c',
    danger: '#b42318',
    success: '#1d6b3a',
  },
  red: {
    background: '#fbf3f1',
    innerBackground: '#fffaf9',
    text: '#2a1614',
    textMuted: '#684c48',
    cardBackground: '#ffffff',
    buttonBackground: '#9f2a22',
    buttonText: '#ffffff',
    hover: '#f5e4e0',
    border: '#eed6d1',
    inputBorder: '#967a75',
    darker: '#9f2a22',
    darkerBG: '#f8e3df',
    assistantBubble: '#f6e8e5',
    assistantText: '#2a1614',
    userBubble: '#9f2a22',
    userText: '#ffffff',
    input: '#ffffff',
    send: '#9f2a22',
    sendText: '#ffffff',
    focus: '#1d4ed8',
    danger: '#8f1d15',
    success: '#1d6b3a',
  },
};

/** Pairs of (foreground, background) tokens that carry text: each must reach 4.5:1. */
export const TEXT_PAIRS: ReadonlyArray<readonly [keyof ThemeTokens, keyof ThemeTokens]> = [
  ['text', 'background'],
  ['text', 'innerBackground'],
  ['text', 'cardBackground'],
  ['text', 'hover'],
  ['text', 'input'],
  ['text', 'darkerBG'],
  ['textMuted', 'background'],
  ['textMuted', 'innerBackground'],
  ['textMuted', 'cardBackground'],
  ['buttonText', 'buttonBackground'],
  ['darker', 'background'],
  ['darker', 'innerBackground'],
  ['darker', 'cardBackground'],
  ['darker', 'darkerBG'],
  ['darker', 'hover'],
  ['assistantText', 'assistantBubble'],
  ['userText', 'userBubble'],
  ['sendText', 'send'],
  ['danger', 'background'],
  ['danger', 'cardBackground'],
  ['success', 'background'],
  ['success', 'cardBackground'],
];

/** Non-text pairs (focus rings, form control borders): each must reach 3:1 (WCAG 1.4.11). */
export const UI_PAIRS: ReadonlyArray<readonly [keyof ThemeTokens, keyof ThemeTokens]> = [
  ['focus', 'background'],
  ['focus', 'cardBackground'],
  ['inputBorder', 'background'],
  ['inputBorder', 'input'],
];

/** The browser-chrome colour (meta theme-color) of each theme. */
export function themeColor(name: ThemeName): string {
  return themes[name].innerBackground;
}

function kebab(token: string): string {
  return token.replace(/[A-Z]+/g, (upper) => `-${upper.toLowerCase()}`);
}

/** The CSS custom property that carries a token, e.g. `darkerBG` → `--color-darker-bg`. */
export function cssVariable(token: keyof ThemeTokens): string {
  return `--color-${kebab(token)}`;
}

function declarations(tokens: ThemeTokens): string {
  return (Object.keys(tokens) as Array<keyof ThemeTokens>)
    .map((token) => `  ${cssVariable(token)}: ${tokens[token]};`)
    .join('\n');
}

/** The stylesheet of all themes. Light also applies when no (or an unknown) data-theme is set. */
export function themeStylesheet(): string {
  return THEME_NAMES.map((name) => {
    const selector = name === DEFAULT_THEME ? `:root, [data-theme='${name}']` : `[data-theme='${name}']`;
    const scheme = name === 'dark' ? 'dark' : 'light';
    return `${selector} {\n  color-scheme: ${scheme};\n${declarations(themes[name])}\n}`;
  }).join('\n\n');
}
