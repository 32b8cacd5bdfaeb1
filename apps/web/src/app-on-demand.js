// The app's loader on a page rendered before the app runs (scripts/prerender.mjs inlines it at the
// end of <body>, in place of the app's script tags, with their addresses for APP_SCRIPTS).
//
// A member's page the server rendered (data-prerendered="member", src/request-render.tsx) gets the
// app at once, but after its first paint: before, the app's script would share a slow network with
// the page's style sheets and hold that paint. The server lists the screen's own scripts in
// #screen-scripts (decision 017).
//
// A public page is whole without the app: its text is there and its links are links. So the
// app's ~140 KB of script is fetched only once it is wanted (decision 011):
// - at once where this page is not what will be shown (boot.js chose another language than the
//   page's, or marked the root for a member kept on this device, who is sent on into the app);
// - else on the visitor's first touch, press, key, mouse move or wheel, which is when the pickers
//   and the install offer can be reached for;
// - or when content waiting for the app's data (`aria-busy`: the build's landing, whose library the
//   server did not render) comes within a screen of the view.
// A form sent before the app has come (Enter in a field, or its button) is held, not sent by the
// browser (which would put its fields in the address), and marked: the app sends it once it has
// taken over, with what was typed (src/app/takeover.ts). Meanwhile its button shows it busy, with
// the app's spinner (theme/global.css). A form goes as it was sent or not at all: should the
// visitor go on (type, or move the focus) before the app comes, it is let go, its button free again.
// A press on a button or link is marked while it lasts: should the app take over between its down
// and its up, the browser sends no click, and the app sends it (src/app/takeover.ts).
((appScripts) => {
  const root = document.documentElement;
  const screenScripts = document.getElementById('screen-scripts');
  const scripts = [
    ...(screenScripts ? JSON.parse(screenScripts.textContent) : []).map((src) => ({ src, preload: true })),
    ...appScripts,
  ];
  const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mousemove', 'wheel'];
  let observer = null;
  let started = false;

  const start = () => {
    // Once: an observer's notice may already be on its way when an event starts the app.
    if (started) return;
    started = true;
    for (const type of EVENTS) removeEventListener(type, start, true);
    observer?.disconnect();
    for (const { src, preload } of scripts) {
      const element = document.createElement(preload ? 'link' : 'script');
      if (preload) Object.assign(element, { rel: 'modulepreload', href: src });
      else Object.assign(element, { type: 'module', src });
      element.crossOrigin = '';
      document.head.append(element);
    }
  };

  // What is held or pressed now, so that the listeners below, which stay for the page's life, do
  // nothing more than look at a variable once the app has taken over.
  let held = null;
  let pressed = null;
  addEventListener(
    'submit',
    (event) => {
      if (!event.target.closest('[data-prerendered]')) return;
      event.preventDefault();
      // One form at a time: another one sent lets the first go.
      if (held?.form !== event.target) {
        letGo();
        held = { form: event.target, busy: null };
      }
      event.target.setAttribute('data-held', '');
      const button = event.submitter ?? event.target.querySelector('[type="submit"]');
      if (button && !button.hasAttribute('aria-busy')) {
        // As the app's busy button: its spinner before its label (components/ui/Button.tsx).
        button.setAttribute('aria-busy', 'true');
        button.insertAdjacentHTML(
          'afterbegin',
          '<span class="spinner spinner-small" aria-hidden="true"></span>',
        );
        held.busy = button;
      }
      start();
    },
    true,
  );
  const letGo = () => {
    if (!held) return;
    const { form, busy } = held;
    held = null;
    // Gone with the page's markup: the app has taken over and reads the mark (the focus it puts
    // back is no move of the visitor's).
    if (!form.isConnected) return;
    form.removeAttribute('data-held');
    busy?.removeAttribute('aria-busy');
    busy?.querySelector('.spinner')?.remove();
  };
  addEventListener('input', letGo, true);
  addEventListener('focusin', letGo, true);
  addEventListener(
    'pointerdown',
    (event) => {
      pressed = event.target.closest?.('[data-prerendered] :is(a[href], button)') ?? null;
      pressed?.setAttribute('data-pressed', '');
    },
    true,
  );
  const released = () => {
    pressed?.removeAttribute('data-pressed');
    pressed = null;
  };
  addEventListener('pointerup', released, true);
  addEventListener('pointercancel', released, true);
  if (document.querySelector('[data-prerendered="member"]')) {
    return requestAnimationFrame(() => setTimeout(start));
  }
  const page = document.querySelector('[data-prerendered]');
  if (root.lang !== page?.lang || root.hasAttribute('data-member')) return start();
  for (const type of EVENTS) addEventListener(type, start, { capture: true, once: true, passive: true });
  const waiting = document.querySelectorAll('[data-prerendered] [aria-busy="true"]');
  if (waiting.length === 0) return;
  if (!('IntersectionObserver' in window)) return start();
  observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
    rootMargin: '100% 0px',
  });
  for (const element of waiting) observer.observe(element);
})(APP_SCRIPTS);
