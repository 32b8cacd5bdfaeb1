/** A website a profile may link to: empty (none), or an http:// or https:// address. */
export function isAllowedWebsite(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '') return true;
  if (!/^https?:\/\/[^\s]+$/iu.test(trimmed)) return false;
  try {
    const url = new URL(trimmed);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Only http(s) websites become links; anything else stored is shown as text. */
export function websiteHref(value: string | null | undefined): string | null {
  if (!value || value.trim() === '') return null;
  return isAllowedWebsite(value) ? value.trim() : null;
}
