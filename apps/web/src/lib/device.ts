// Platform checks for the install prompt (pure functions of what the browser reports).

export interface PlatformInfo {
  userAgent: string;
  maxTouchPoints: number;
}

/**
 * iPhone, iPad and iPod, including iPadOS in its default "desktop" mode, where Safari reports a
 * Macintosh user agent: a Mac with a multi-touch screen is an iPad.
 */
export function isAppleMobile({ userAgent, maxTouchPoints }: PlatformInfo): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

export interface DisplayInfo {
  /** Safari's non-standard navigator.standalone. */
  navigatorStandalone?: boolean;
  /** Whether `(display-mode: standalone)` matches. */
  displayModeStandalone: boolean;
}

export function isStandalone({ navigatorStandalone, displayModeStandalone }: DisplayInfo): boolean {
  return navigatorStandalone === true || displayModeStandalone;
}

export type InstallMode = 'ios' | 'native';

/** iOS outside standalone gets instructions; every other browser waits for `beforeinstallprompt`. */
export function initialInstallMode(platform: PlatformInfo, display: DisplayInfo): 'ios' | 'wait' | 'none' {
  if (isStandalone(display)) return 'none';
  return isAppleMobile(platform) ? 'ios' : 'wait';
}
