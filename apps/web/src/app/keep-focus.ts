// A visitor moving through a prerendered page with the keyboard (their first key brought the app,
// src/app-on-demand.js) keeps their place when the app renders the same page over it: the focus
// goes to the element at the same place in the new markup instead of back to the document's start.

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

export function keepFocusThroughTakeover(container: HTMLElement): void {
  const placeOf = (element: EventTarget | null) =>
    Array.prototype.indexOf.call(container.querySelectorAll(FOCUSABLE), element);
  // Where the focus is when the app starts (its first key may have moved it), then wherever it goes.
  let place = placeOf(document.activeElement);
  const track = (event: FocusEvent) => {
    place = placeOf(event.target);
  };
  container.addEventListener('focusin', track);
  const observer = new MutationObserver(() => {
    if (container.querySelector('[data-prerendered]')) return;
    observer.disconnect();
    container.removeEventListener('focusin', track);
    // Only where the focus was lost with the old markup: the visitor may have moved it since.
    if (place < 0 || (document.activeElement && document.activeElement !== document.body)) return;
    container.querySelectorAll<HTMLElement>(FOCUSABLE)[place]?.focus();
  });
  observer.observe(container, { childList: true });
}
