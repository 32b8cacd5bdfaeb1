import { deviceInfoSchema } from '@sahifa/contracts/support';
import { describe, expect, it } from 'vitest';
import { describeScreen, deviceInfoOf, initialInstallMode, isAppleMobile, isStandalone } from './device.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

const browser = { displayModeStandalone: false };

describe('isAppleMobile', () => {
  it.each([
    ['iphone', 5, true],
    ['ipad', 5, true],
    ['ipod', 5, true],
    ['mac', 5, true], // iPadOS in desktop mode
    ['mac', 0, false], // a real Mac
    ['mac', 1, false],
    ['android', 5, false],
    ['windows', 10, false],
  ] as const)('%s with %d touch points → %s', (device, maxTouchPoints, expected) => {
    expect(isAppleMobile({ userAgent: UA[device], maxTouchPoints })).toBe(expected);
  });
});

describe('isStandalone', () => {
  it('is true for Safari home-screen apps and for display-mode standalone', () => {
    expect(isStandalone({ navigatorStandalone: true, displayModeStandalone: false })).toBe(true);
    expect(isStandalone({ displayModeStandalone: true })).toBe(true);
    expect(isStandalone({ navigatorStandalone: false, displayModeStandalone: false })).toBe(false);
  });
});

describe('initialInstallMode', () => {
  it('shows instructions on iOS in the browser', () => {
    expect(initialInstallMode({ userAgent: UA.iphone, maxTouchPoints: 5 }, browser)).toBe('ios');
  });
  it('shows nothing once installed', () => {
    expect(
      initialInstallMode(
        { userAgent: UA.iphone, maxTouchPoints: 5 },
        { navigatorStandalone: true, displayModeStandalone: false },
      ),
    ).toBe('none');
    expect(
      initialInstallMode({ userAgent: UA.android, maxTouchPoints: 5 }, { displayModeStandalone: true }),
    ).toBe('none');
  });
  it('waits for beforeinstallprompt elsewhere', () => {
    expect(initialInstallMode({ userAgent: UA.android, maxTouchPoints: 5 }, browser)).toBe('wait');
    expect(initialInstallMode({ userAgent: UA.mac, maxTouchPoints: 0 }, browser)).toBe('wait');
  });
});

describe('describeScreen', () => {
  it('writes CSS pixels and the pixel ratio', () => {
    expect(describeScreen(390, 844, 3)).toBe('390×844 @3x');
    expect(describeScreen(1280, 800, 1)).toBe('1280×800 @1x');
  });
  it('keeps at most two decimals of a fractional ratio', () => {
    expect(describeScreen(412, 915, 2.625)).toBe('412×915 @2.63x');
    expect(describeScreen(1536, 864, 1.25)).toBe('1536×864 @1.25x');
  });
  it('says 1x when the browser reports no usable ratio', () => {
    expect(describeScreen(800, 600, 0)).toBe('800×600 @1x');
    expect(describeScreen(800, 600, Number.NaN)).toBe('800×600 @1x');
  });
});

describe('deviceInfoOf', () => {
  it('describes the browser as the support form sends it', () => {
    const device = {
      userAgent: UA.iphone,
      screenWidth: 390,
      screenHeight: 844,
      pixelRatio: 3,
      language: 'ar-SA',
    };
    expect(deviceInfoOf(device, '4f1b873')).toEqual({
      userAgent: UA.iphone,
      screen: '390×844 @3x',
      language: 'ar-SA',
      appVersion: '4f1b873',
    });
  });
  it('cuts each part to what the API accepts', () => {
    const info = deviceInfoOf(
      {
        userAgent: 'x'.repeat(900),
        screenWidth: 1,
        screenHeight: 1,
        pixelRatio: 1,
        language: 'l'.repeat(80),
      },
      'v'.repeat(60),
    );
    expect(info.userAgent).toHaveLength(500);
    expect(info.language).toHaveLength(35);
    expect(info.appVersion).toHaveLength(40);
    expect(deviceInfoSchema.safeParse(info).success).toBe(true);
  });
});
