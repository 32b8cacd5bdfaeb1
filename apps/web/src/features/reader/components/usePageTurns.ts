import { type PointerEvent, type RefObject, useEffect, useRef } from 'react';
import { type Direction, isPageTurnTarget, keyToStep, swipeToStep } from '#web/features/reader/navigation.ts';

/**
 * Arrow keys turn pages (mirrored in Arabic), unless a control uses them; so do swipes on touch
 * screens (a finger moving against the reading direction turns forward). Returns the page's
 * pointer handlers.
 */
export function usePageTurns(direction: Direction, go: (step: -1 | 1) => void) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (event.defaultPrevented || !isPageTurnTarget({ ...modifiers(event), target })) return;
      const step = keyToStep(event.key, direction);
      if (step === 0) return;
      event.preventDefault();
      go(step);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [direction, go]);

  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  function onPointerDown(event: PointerEvent) {
    if (event.pointerType === 'mouse') return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }
  function onPointerUp(event: PointerEvent) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const step = swipeToStep(event.clientX - start.x, event.clientY - start.y, direction);
    if (step !== 0) go(step);
  }
  function onPointerCancel() {
    swipeStart.current = null;
  }
  return { onPointerDown, onPointerUp, onPointerCancel };
}

/** A new page is shown from its top: scrolls back up when the page changes below the fold. */
export function useShowNewPageFromTop(pageRef: RefObject<HTMLElement | null>, shownPage: string) {
  const lastShown = useRef(shownPage);
  useEffect(() => {
    if (lastShown.current === shownPage) return;
    lastShown.current = shownPage;
    const page = pageRef.current;
    if (page && page.getBoundingClientRect().top < 0) page.scrollIntoView({ block: 'start' });
  }, [shownPage, pageRef]);
}

function modifiers(event: KeyboardEvent) {
  return { altKey: event.altKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey, shiftKey: event.shiftKey };
}
