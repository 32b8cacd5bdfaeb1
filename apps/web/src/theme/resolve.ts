import { DEFAULT_THEME, THEME_NAMES, type ThemeName } from './tokens.ts';

/** localStorage key of the chosen theme (spec: "stored locally under the key theme"). */
export const THEME_STORAGE_KEY = 'theme';

/** dark, purple or red select those themes; any other stored value (or none) gives light. */
export function resolveTheme(stored: string | null | undefined): ThemeName {
  return (THEME_NAMES as readonly string[]).includes(stored ?? '') ? (stored as ThemeName) : DEFAULT_THEME;
}
