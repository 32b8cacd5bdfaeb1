import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: the compact layouts (home's Continue reading as rows). */
export const PHONE = '(max-width: 600px)';

/** A hardware keyboard is likely (a mouse or trackpad that hovers): keyboard shortcuts are worth naming. */
export const FINE_POINTER = '(hover: hover) and (pointer: fine)';
