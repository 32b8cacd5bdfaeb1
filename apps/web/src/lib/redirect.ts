/** Where a signed-in member lands when nothing else was asked for. */
export const APP_HOME = '/app/home';

/**
 * The `redirectTo` of /login, made safe: only a same-site relative path is honoured (it starts with
 * one "/", not "//" or "/\", and has no scheme or control characters); anything else gives null.
 */
export function sanitizeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and whitespace (browsers strip tabs/newlines, turning "/\t/evil" into "//evil").
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) return null;
  }
  try {
    const base = 'https://sahifa.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The /login address that brings the member back to `location` after they sign in. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  return `/login?${new URLSearchParams({ redirectTo: target }).toString()}`;
}

/**
 * `path` (/login or /sign-up) carrying on the `redirectTo` the page was given, so that moving
 * between the two keeps where the member was going; an unsafe or missing one is dropped.
 */
export function keepRedirect(path: string, redirectTo: string | null | undefined): string {
  const target = sanitizeRedirect(redirectTo);
  return target ? `${path}?${new URLSearchParams({ redirectTo: target }).toString()}` : path;
}
