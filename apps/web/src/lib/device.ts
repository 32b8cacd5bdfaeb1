// What the browser reports about itself: platform checks for the install prompt, and the device
// description sent with a support message (pure functions, and one reader of the browser's values).

import type { DeviceInfo } from '@sahifa/contracts/support';
import { APP_VERSION } from './app-version.ts';

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

/** What the browser reports about itself, read once when a support message is written. */
export interface BrowserDevice {
  userAgent: string;
  screenWidth: number;
  screenHeight: number;
  pixelRatio: number;
  language: string;
}

/** "390×844 @3x" (CSS pixels and device pixel ratio, at most two decimals: "@2.63x"). */
export function describeScreen(width: number, height: number, pixelRatio: number): string {
  const ratio = Number.isFinite(pixelRatio) && pixelRatio > 0 ? Number(pixelRatio.toFixed(2)) : 1;
  return `${Math.round(width)}×${Math.round(height)} @${ratio}x`;
}

/** The support message's deviceInfo, each part cut to what the API accepts (contracts' deviceInfoSchema). */
export function deviceInfoOf(device: BrowserDevice, appVersion: string): DeviceInfo {
  return {
    userAgent: device.userAgent.trim().slice(0, 500),
    screen: describeScreen(device.screenWidth, device.screenHeight, device.pixelRatio).slice(0, 40),
    language: device.language.trim().slice(0, 35),
    appVersion: appVersion.trim().slice(0, 40),
  };
}

/** This browser's description, with the version the app was built as. */
export function currentDeviceInfo(): DeviceInfo {
  return deviceInfoOf(
    {
      userAgent: navigator.userAgent,
      screenWidth: window.screen.width,
      screenHeight: window.screen.height,
      pixelRatio: window.devicePixelRatio,
      language: navigator.language,
    },
    APP_VERSION,
  );
}
