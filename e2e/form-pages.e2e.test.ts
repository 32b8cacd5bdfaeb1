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

  /** Every sign-in request's body, as sent. */
  function signInsOf(page: Page): string[] {
    const sent: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('/api/auth/sign-in') && sent.push(request.postData() ?? ''),
    );
    return sent;
  }
  const stranger = { email: 'nobody-here@example.com', password: 'not a password' };
  const incorrect = 'The email or password is incorrect.';

  /** The log-in page with the scripts held, the stranger's details typed, and where its button is. */
  async function loginTyped(page: Page, password = stranger.password) {
    await page.goto('/login', { waitUntil: 'networkidle' });
    const release = await withScriptsHeld(page);
    await page.locator('input[name="email"]').fill(stranger.email);
    await page.locator('input[name="password"]').fill(password);
    const box = await page.locator('button[type="submit"]').boundingBox();
    return { release, point: { x: (box?.x ?? 0) + 20, y: (box?.y ?? 0) + 10 } };
  }

  it('sends a press or a tap on the button that the app came in the middle of', async () => {
    const page = await browser.newPage({ width: 375, height: 812 });
    const signIns = signInsOf(page);
    const { release, point } = await loginTyped(page);
    await page.mouse.move(point.x, point.y);
    await page.mouse.down();
    release();
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    // Let go on the app's button: the browser clicks nothing, as its press began on another element.
    await page.mouse.up();
    await page.getByText(incorrect).waitFor();
    expect(signIns).toHaveLength(1);
    expect(JSON.parse(signIns[0] ?? '{}')).toMatchObject(stranger);

    // A tap: the browser clicks where it ends, so the app leaves it to the browser.
    const phone = await browser.newPage({ width: 375, height: 812 }, undefined, { hasTouch: true });
    const tapped = signInsOf(phone);
    const touch = await phone.context().newCDPSession(phone);
    const tap = await loginTyped(phone);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [tap.point] });
    tap.release();
    await phone.locator('[data-prerendered]').waitFor({ state: 'detached' });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await phone.getByText(incorrect).waitFor();
    expect(tapped).toHaveLength(1);
  });

  it('lets a form sent before the app came go when the visitor types in it again', async () => {
    const page = await browser.newPage({ width: 375, height: 812 });
    const signIns = signInsOf(page);
    const { release } = await loginTyped(page, 'a first try');
    await page.keyboard.press('Enter');
    const held = page.locator('[data-prerendered] button[type="submit"]');
    expect(await held.getAttribute('aria-busy')).toBe('true');
    await page.locator('input[name="password"]').fill(stranger.password);
    // Not on its way any more: the button is free again, its spinner gone.
    expect(await held.getAttribute('aria-busy')).toBeNull();
    expect(await held.locator('.spinner').count()).toBe(0);

    release();
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    expect(await page.locator('input[name="password"]').inputValue()).toBe(stranger.password);
    await page.keyboard.press('Enter');
    await page.getByText(incorrect).waitFor();
    // Only the send made in the app went out: the first try was never sent.
    expect(signIns.map((body) => JSON.parse(body).password)).toEqual([stranger.password]);
  });

  it('does not send a form sent before the app came when the visitor moves on as the app comes', async () => {
    const page = await browser.newPage({ width: 375, height: 812 });
    const signIns = signInsOf(page);
    const { release } = await loginTyped(page);
    await page.keyboard.press('Enter');
    // The visitor clicks into the email field in the moment between the app's markup and its send.
    await page.evaluate(() => {
      const root = document.getElementById('root') as HTMLElement;
      const observer = new MutationObserver(() => {
        if (root.querySelector('[data-prerendered]')) return;
        observer.disconnect();
        queueMicrotask(() => root.querySelector<HTMLElement>('input[name="email"]')?.focus());
      });
      observer.observe(root, { childList: true });
    });
    release();
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await page.locator('button[type="submit"]').getAttribute('aria-busy')).toBeNull();
    await page.keyboard.press('Enter');
    await page.getByText(incorrect).waitFor();
    expect(signIns).toHaveLength(1);
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
