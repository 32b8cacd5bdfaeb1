import { describe, expect, it } from 'vitest';
import { MissingProviderError } from '#web/lib/missing-provider-error.ts';
import { resolveTheme } from './resolve.ts';
import { ThemeProviderMissingError } from './ThemeProvider.tsx';

describe('resolveTheme', () => {
  it('keeps dark, purple and red; anything else is light (spec: "any other value gives light")', () => {
    expect(resolveTheme('dark')).toBe('dark');
    expect(resolveTheme('purple')).toBe('purple');
    expect(resolveTheme('red')).toBe('red');
    for (const other of [null, undefined, '', 'light', 'Dark', 'blue', ' red']) {
      expect(resolveTheme(other)).toBe('light');
    }
  });
});

describe('ThemeProviderMissingError', () => {
  it('is its own named error', () => {
    const error = new ThemeProviderMissingError();
    expect(error).toBeInstanceOf(MissingProviderError);
    expect(error.name).toBe('ThemeProviderMissingError');
    expect(error.message).toBe('useTheme must be used inside <ThemeProvider>.');
  });
});
