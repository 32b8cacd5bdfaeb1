/** React Aria's usePress adds this <style> element unless an element with the id already exists. */
const REACT_ARIA_PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

/**
 * The server's Content-Security-Policy allows no inline styles. React Aria's usePress would inject
 * a <style> with a touch-action rule on first use (refused by the CSP, and logged): the same rule
 * ships in global.css, and an element with its id tells React Aria it is already there.
 * (React Aria's usePreventScroll still injects a style on iOS while a menu is open; the CSP drops it,
 * which only loses an overscroll nicety.) The zod side of the CSP story is in src/boot.js.
 */
function prepareForStrictCsp(): void {
  if (!document.getElementById(REACT_ARIA_PRESSABLE_STYLE_ID)) {
    const marker = document.createElement('meta');
    marker.id = REACT_ARIA_PRESSABLE_STYLE_ID;
    marker.name = 'react-aria-pressable-style';
    marker.content = 'provided by the app stylesheet';
    document.head.append(marker);
  }
}

prepareForStrictCsp();
