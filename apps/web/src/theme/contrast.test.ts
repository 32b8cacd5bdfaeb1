import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { cssVariable, TEXT_PAIRS, THEME_NAMES, themeStylesheet, themes, UI_PAIRS } from './tokens.ts';

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe.each(THEME_NAMES)('the %s theme', (name) => {
  const tokens = themes[name];

  it.each(TEXT_PAIRS.map(([fg, bg]) => [fg, bg] as const))('%s on %s reaches 4.5:1 (AA text)', (fg, bg) => {
    expect(contrastRatio(tokens[fg], tokens[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(UI_PAIRS.map(([fg, bg]) => [fg, bg] as const))('%s on %s reaches 3:1 (AA non-text)', (fg, bg) => {
    expect(contrastRatio(tokens[fg], tokens[bg])).toBeGreaterThanOrEqual(3);
  });

  it('defines every token of the light theme', () => {
    expect(Object.keys(tokens).sort()).toEqual(Object.keys(themes.light).sort());
  });
});

describe('themeStylesheet', () => {
  it('emits one rule per theme, with light as the :root default', () => {
    const css = themeStylesheet();
    expect(css).toContain(":root, [data-theme='light']");
    for (const name of THEME_NAMES) expect(css).toContain(`[data-theme='${name}']`);
    expect(css).toContain(`${cssVariable('darkerBG')}: ${themes.dark.darkerBG};`);
    expect(cssVariable('innerBackground')).toBe('--color-inner-background');
  });
});
