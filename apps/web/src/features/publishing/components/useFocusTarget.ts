import { useEffect, useState } from 'react';

/** Moves focus to an element by id once the render that shows it (another tab, the editor) is done. */
export function useFocusTarget(): (id: string) => void {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    const element = document.getElementById(target);
    if (element) {
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: 'center' });
    }
    setTarget(null);
  }, [target]);
  return setTarget;
}
