// What a visitor did on a page rendered before the app ran (src/prerender.tsx, src/request-render.tsx)
// is kept when the app renders the same page over it (main.tsx):
// - the focus goes to the element at the same place in the new markup, not back to the start;
// - what they typed into the page's form fields is typed into the app's, as if they had typed it
//   there (React's state follows an `input` event);
// - a form they sent before the app came (src/app-on-demand.js held it) is sent by the app, unless
//   they go on (type, or move the focus) in the moment before it is: it goes as it was sent;
// - a press begun on the page's button or link and ended on the app's clicks the app's: the browser
//   sends no click when the element under the press changed (src/app-on-demand.js marked it).

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

/** Sends `form` after React has taken the typed values into its state, unless the visitor goes on first. */
function sendUnlessVisitorGoesOn(container: HTMLElement, form: HTMLFormElement | undefined): void {
  let wentOn = false;
  const goOn = () => {
    wentOn = true;
  };
  container.addEventListener('input', goOn);
  container.addEventListener('focusin', goOn);
  setTimeout(() => {
    container.removeEventListener('input', goOn);
    container.removeEventListener('focusin', goOn);
    if (!wentOn) form?.requestSubmit();
  });
}

/** Clicks `target` when a mouse press that began on the markup it replaced ends on it. */
function clickWhenReleased(target: HTMLElement | undefined): void {
  if (!target) return;
  const press = new AbortController();
  const options = { capture: true, signal: press.signal };
  // A new press means this one ended unseen (outside the window).
  addEventListener('pointerdown', () => press.abort(), options);
  addEventListener(
    'pointerup',
    (event) => {
      press.abort();
      if (event.pointerType !== 'mouse' || !target.contains(event.target as Node)) return;
      // Should the browser click it after all, once is enough.
      let clicked = false;
      target.addEventListener('click', () => (clicked = true), { once: true });
      setTimeout(() => clicked || target.click());
    },
    options,
  );
}

export function carryThroughTakeover(container: HTMLElement): void {
  // The page's focusable elements, fields and forms, read again when the app's markup replaces them.
  const focusables = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const fields = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED)];
  const forms = [...container.querySelectorAll('form')];
  // Where the focus is when the app starts (its first key may have moved it), then wherever it goes.
  let place = focusables.indexOf(document.activeElement as HTMLElement);
  const track = (event: FocusEvent) => {
    place = focusables.indexOf(event.target as HTMLElement);
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
    const newFocusables = container.querySelectorAll<HTMLElement>(FOCUSABLE);
    // Only where the focus was lost with the old markup: the visitor may have moved it since.
    if (place >= 0 && (!document.activeElement || document.activeElement === document.body))
      newFocusables[place]?.focus();
    const pressed = focusables.findIndex((element) => element.hasAttribute('data-pressed'));
    if (pressed >= 0) clickWhenReleased(newFocusables[pressed]);
    const sent = forms.findIndex((form) => form.hasAttribute('data-held'));
    if (sent >= 0) sendUnlessVisitorGoesOn(container, container.querySelectorAll('form')[sent]);
  });
  observer.observe(container, { childList: true });
}
