import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { MissingProviderError } from '#web/lib/missing-provider-error.ts';
import { resolveTheme, THEME_STORAGE_KEY } from './resolve.ts';
import { type ThemeName, themeColor } from './tokens.ts';

export class ThemeProviderMissingError extends MissingProviderError {
  constructor() {
    super('useTheme', 'ThemeProvider');
  }
}

interface ThemeContextValue {
  theme: ThemeName;
  setTheme: (theme: ThemeName) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function readStoredTheme(): ThemeName {
  // Prerendered at build time (src/prerender.tsx): the default theme.
  if (typeof document === 'undefined') return resolveTheme(null);
  try {
    return resolveTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return resolveTheme(document.documentElement.dataset.theme);
  }
}

function applyTheme(theme: ThemeName): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor(theme));
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeName>(readStoredTheme);

  const setTheme = useCallback((next: ThemeName) => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be blocked (private mode); the choice then lasts for this page only.
    }
    applyTheme(next);
    setThemeState(next);
  }, []);

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new ThemeProviderMissingError();
  return value;
}
