import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FONT_SIZE_STEP,
  FONT_SIZE_STEP_COUNT,
  FONT_SIZE_STORAGE_KEY,
  MAX_FONT_SIZE_STEP,
  nextFontSizeStep,
  parseFontSizeStep,
  readFontSizeStep,
  writeFontSizeStep,
} from './font-size.ts';

describe('reading size', () => {
  it('has between four and five steps', () => {
    expect(FONT_SIZE_STEP_COUNT).toBeGreaterThanOrEqual(4);
    expect(FONT_SIZE_STEP_COUNT).toBeLessThanOrEqual(5);
  });

  it('steps up and down and stops at both ends', () => {
    expect(nextFontSizeStep(DEFAULT_FONT_SIZE_STEP, 1)).toBe(DEFAULT_FONT_SIZE_STEP + 1);
    expect(nextFontSizeStep(0, -1)).toBe(0);
    expect(nextFontSizeStep(MAX_FONT_SIZE_STEP, 1)).toBe(MAX_FONT_SIZE_STEP);
  });

  it('reads back a stored step and falls back to the default for anything else', () => {
    expect(parseFontSizeStep('3')).toBe(3);
    expect(parseFontSizeStep(null)).toBe(DEFAULT_FONT_SIZE_STEP);
    expect(parseFontSizeStep('9')).toBe(DEFAULT_FONT_SIZE_STEP);
    expect(parseFontSizeStep('large')).toBe(DEFAULT_FONT_SIZE_STEP);
    expect(parseFontSizeStep('-1')).toBe(DEFAULT_FONT_SIZE_STEP);
  });

  it('is remembered under readerFontSize', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(readFontSizeStep(storage)).toBe(DEFAULT_FONT_SIZE_STEP);
    writeFontSizeStep(storage, 4);
    expect(store.get(FONT_SIZE_STORAGE_KEY)).toBe('4');
    expect(readFontSizeStep(storage)).toBe(4);
  });

  it('survives a storage that throws (private mode)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readFontSizeStep(broken)).toBe(DEFAULT_FONT_SIZE_STEP);
    expect(() => writeFontSizeStep(broken, 2)).not.toThrow();
  });
});
