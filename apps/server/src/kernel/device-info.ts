// The spec's deviceInfo of a thought, a reply or a summary: the browser's User-Agent, as sent.

export const DEVICE_INFO_MAX_LENGTH = 200;

/** The trimmed User-Agent, at most DEVICE_INFO_MAX_LENGTH characters; null when there is none. */
export function deviceInfoFrom(userAgent: string | undefined): string | null {
  return userAgent?.trim().slice(0, DEVICE_INFO_MAX_LENGTH) || null;
}
