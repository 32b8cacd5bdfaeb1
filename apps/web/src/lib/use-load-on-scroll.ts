import { useEffect, useRef } from 'react';

/**
 * Infinite scroll: the returned ref's element calls `loadMore` as it comes within 600 px of the
 * viewport, while `enabled` (a next page exists, none is loading, the last one did not fail).
 * Lists keep a "Load more" button beside it for keyboard users and old browsers.
 */
export function useLoadOnScroll<E extends Element>(enabled: boolean, loadMore: () => void) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, loadMore]);
  return ref;
}
