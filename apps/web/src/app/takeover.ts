// What a visitor did on a page rendered before the app ran (src/prerender.tsx, src/request-render.tsx)
// is kept when the app renders the same page over it (main.tsx):
// - the focus goes to the element at the same place in the new markup, not back to the start;
// - what they typed into the page's form fields is typed into the app's, as if they had typed it
//   there (React's state follows an `input` event);
// - a form they sent before the app came (src/app-on-demand.js held it) is sent by the app.

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
const TYPED = 'input:not([type="checkbox"], [type="radio"], [type="hidden"]), textarea';

const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
const setTextareaValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;

/** Types `value` into a field the app renders, so that its onChange sees it. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setValue = field instanceof HTMLTextAreaElement ? setTextareaValue : setInputValue;
  setValue?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function carryThroughTakeover(container: HTMLElement): void {
  const placeOf = (element: EventTarget | null) =>
    Array.prototype.indexOf.call(container.querySelectorAll(FOCUSABLE), element);
  // The page's fields and forms, read again when the app's markup replaces them.
  const fields = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED)];
  const forms = [...container.querySelectorAll('form')];
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

    const newFields = container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED);
    fields.forEach((field, i) => {
      const target = newFields[i];
      if (target && field.value !== field.defaultValue && target.value === target.defaultValue)
        typeInto(target, field.value);
    });
    const newForms = container.querySelectorAll('form');
    const sent = forms.findIndex((form) => form.hasAttribute('data-held'));
    // After React has taken the typed values into its state (their events' updates are done by then).
    if (sent >= 0) setTimeout(() => newForms[sent]?.requestSubmit());

    // Only where the focus was lost with the old markup: the visitor may have moved it since.
    if (place < 0 || (document.activeElement && document.activeElement !== document.body)) return;
    container.querySelectorAll<HTMLElement>(FOCUSABLE)[place]?.focus();
  });
  observer.observe(container, { childList: true });
}
