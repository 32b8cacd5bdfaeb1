import { useState } from 'react';
import { nextFontSizeStep, readFontSizeStep, writeFontSizeStep } from '#web/features/reader/font-size.ts';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The reader's text size step, remembered in this browser. */
export function useFontSizeStep() {
  const [step, setStep] = useState(() => readFontSizeStep(storage()));
  function change(by: -1 | 1) {
    const next = nextFontSizeStep(step, by);
    setStep(next);
    writeFontSizeStep(storage(), next);
  }
  return { step, change };
}
