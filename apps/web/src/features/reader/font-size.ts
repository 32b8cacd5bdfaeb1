// The reading size: a few steps, remembered on this device (localStorage key `readerFontSize`).

export const FONT_SIZE_STORAGE_KEY = 'readerFontSize';
/**
 * How many steps there are. Their sizes are in Reader.module.css (`.page[data-size]`): a style
 * sheet's rules, where an inline style would be refused by the CSP on a page the server rendered.
 */
export const FONT_SIZE_STEP_COUNT = 5;
export const DEFAULT_FONT_SIZE_STEP = 1;
export const MAX_FONT_SIZE_STEP = FONT_SIZE_STEP_COUNT - 1;

/** A stored value back to a step; anything unexpected gives the default. */
export function parseFontSizeStep(stored: string | null | undefined): number {
  if (stored === null || stored === undefined || !/^\d$/.test(stored)) return DEFAULT_FONT_SIZE_STEP;
  const step = Number(stored);
  return step <= MAX_FONT_SIZE_STEP ? step : DEFAULT_FONT_SIZE_STEP;
}

/** One step smaller (-1) or larger (+1), never beyond the ends. */
export function nextFontSizeStep(step: number, change: -1 | 1): number {
  return Math.min(MAX_FONT_SIZE_STEP, Math.max(0, step + change));
}

export function readFontSizeStep(storage: Pick<Storage, 'getItem'> | undefined): number {
  try {
    return parseFontSizeStep(storage?.getItem(FONT_SIZE_STORAGE_KEY));
  } catch {
    return DEFAULT_FONT_SIZE_STEP;
  }
}

export function writeFontSizeStep(storage: Pick<Storage, 'setItem'> | undefined, step: number): void {
  try {
    storage?.setItem(FONT_SIZE_STORAGE_KEY, String(step));
  } catch {
    // Private mode or a full storage: the size still applies for this visit.
  }
}
