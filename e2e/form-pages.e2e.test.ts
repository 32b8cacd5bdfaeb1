// Journey: a visitor on a slow network opens sign-up, log-in or forgot-password, which come
// rendered by the server with no script, types and sends the form before the app has come, and nothing they
// typed or sent is lost when the app takes over (src/app/takeover.ts, src/app-on-demand.js).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkEmailStatus,
  firstVisit,
  newMember,
  signUp,
  useBrowser,
  withScriptsHeld,
} from './support/browser.ts';

describe('the account forms before the app has come', () => {
  const browser = useBrowser();

  /** Every request's method and address, to show that no field went into an address. */
  function requestsOf(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => seen.push(`${request.method()} ${decodeURIComponent(request.url())}`));
    return seen;
  }

  it('shows each form at once, with no script, its fields ready and its pickers not yet offered, and does not move when the app takes over', async () => {
    for (const [path, title, heading] of [
      ['/sign-up', 'Sign up · Sahifa', 'Create your account'],
      ['/login', 'Log in · Sahifa', 'Log in to Sahifa'],
      ['/forgot-password', 'Reset your password · Sahifa', 'Reset your password'],
    ]) {
      const { page, scripts, errors } = await firstVisit(browser, path as string);
      expect(scripts, path).toEqual([]);
      expect(await page.title()).toBe(title);
      expect(await page.locator('[data-prerendered] h1').innerText()).toBe(heading);
      expect(await page.locator('[data-prerendered] input[name="email"]').isVisible()).toBe(true);
      const submit = page.locator('button[type="submit"]');
      expect(await submit.isVisible()).toBe(true);
      expect(await page.getByLabel('Language').first().isVisible()).toBe(false);
      // Styled by the screen's own style sheet before the app: nothing moves when it takes over.
      const before = await submit.boundingBox();
      await page.mouse.move(1, 1);
      await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
      expect(await submit.boundingBox(), path).toEqual(before);
      expect(await page.getByLabel('Language').first().isVisible()).toBe(true);
      expect(errors, path).toEqual([]);
    }
  });

  it('keeps what was typed and logs in with the Enter pressed before the app came', async () => {
    const member = newMember();
    await signUp(await browser.newPage(), member);

    const page = await browser.newPage({ width: 375, height: 812 });
    const requests = requestsOf(page);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/login', { waitUntil: 'networkidle' });
    const release = await withScriptsHeld(page);
    await page.locator('input[name="email"]').fill(member.email);
    await page.locator('input[name="password"]').fill(member.password);
    await page.keyboard.press('Enter');
    // Held: the browser did not send the form itself, and its button says it is under way.
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.locator('[data-prerendered]').count()).toBe(1);
    const held = page.locator('[data-prerendered] button[type="submit"]');
    expect(await held.getAttribute('aria-busy')).toBe('true');
    // The spinner the app's busy buttons show, turning.
    expect(
      await held.locator('.spinner').evaluate((spinner) => getComputedStyle(spinner).animationName),
    ).toBe('spin');

    release();
    await page.waitForURL('**/app/home');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${member.name}` }).waitFor();
    expect(
      requests.filter((r) => r.startsWith('POST ') && r.includes('/api/auth/sign-in/email')),
    ).toHaveLength(1);
    expect(requests.filter((r) => r.includes(member.password) || r.includes(member.email))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps the typing place and sends sign-up with the button pressed before the app came', async () => {
    const member = newMember();
    const page = await browser.newPage({ width: 375, height: 812 });
    await page.goto('/sign-up', { waitUntil: 'networkidle' });
    const release = await withScriptsHeld(page);
    await page.locator('input[name="name"]').fill(member.name);
    await page.locator('input[name="email"]').fill(member.email);
    await page.locator('input[name="password"]').fill(member.password);
    await page.locator('input[name="email"]').focus();

    release();
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    // The same fields, in the app, with what was typed, and the focus where it was.
    expect(await page.locator('input[name="name"]').inputValue()).toBe(member.name);
    expect(await page.locator('input[name="password"]').inputValue()).toBe(member.password);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.keyboard.type('x');
    expect(await page.locator('input[name="email"]').inputValue()).toBe(`${member.email}x`);
    await page.keyboard.press('Backspace');

    // Pressed before the next app came: a fresh visit with the scripts held again.
    const second = await browser.newPage({ width: 375, height: 812 });
    await second.goto('/sign-up', { waitUntil: 'networkidle' });
    const releaseSecond = await withScriptsHeld(second);
    const other = newMember();
    await second.locator('input[name="name"]').fill(other.name);
    await second.locator('input[name="email"]').fill(other.email);
    await second.locator('input[name="password"]').fill(other.password);
    await second.getByRole('button', { name: 'Create account' }).click();
    expect(await second.getByRole('button', { name: 'Create account' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    releaseSecond();
    await checkEmailStatus(second, other.email).waitFor();
  });

  it('checks what was typed before the app came as it checks what is typed in it', async () => {
    const page = await browser.newPage({ width: 375, height: 812 });
    const requests = requestsOf(page);
    await page.goto('/forgot-password', { waitUntil: 'networkidle' });
    const release = await withScriptsHeld(page);
    await page.locator('input[name="email"]').fill('not an address');
    await page.keyboard.press('Enter');
    release();
    await page.getByText('Enter a valid email address').waitFor();
    expect(requests.filter((r) => r.includes('request-password-reset'))).toEqual([]);
    expect(await page.locator('input[name="email"]').inputValue()).toBe('not an address');
  });
});
