// A real Chromium (Debian's) driven by playwright-core, one fresh context per journey.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from '../../scripts/chromium.mjs';
import { linkFromMail } from './mail.ts';

export const baseURL = inject('baseURL');
export const dataDir = inject('dataDir');

/**
 * Launches one browser for the file; `newPage()` opens a page in a fresh context (no cookies, no
 * storage), on the shared server or, with `server`, on another one the file started.
 */
export function useBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(
      viewport = { width: 1280, height: 800 },
      server?: { baseURL: string },
      /** `locale`: the browser's language (navigator.language and Accept-Language). */
      options: { serviceWorkers?: 'allow' | 'block'; locale?: string; hasTouch?: boolean } = {},
    ): Promise<Page> {
      const context = await browser.newContext({ baseURL: server?.baseURL ?? baseURL, viewport, ...options });
      return context.newPage();
    },
  };
}

let counter = 0;
/** A new member's details, unique per call and per run. */
export function newMember() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: `Reader ${id}`, email: `reader-${id}@example.com`, password: `correct horse ${id}` };
}

/**
 * Opens a page as a visitor does and waits for the app to run on it. A prerendered public page
 * fetches the app on the visitor's first move (src/app-on-demand.js): the mouse moves here.
 */
export async function openWithApp(page: Page, path: string) {
  await page.goto(path);
  await page.mouse.move(1, 1);
  await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
}

/**
 * A visitor's first visit to `path` on a phone (or `size`), from a browser in `locale`'s language,
 * in a fresh context (the app of a page before would answer the next from its service worker),
 * with the scripts it asked for and its console errors.
 */
export async function firstVisit(
  browser: ReturnType<typeof useBrowser>,
  path: string,
  {
    size = { width: 375, height: 812 },
    locale,
  }: { size?: { width: number; height: number }; locale?: string } = {},
) {
  const page = await browser.newPage(size, undefined, locale ? { locale } : {});
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto(path, { waitUntil: 'networkidle' });
  return { page, scripts, errors };
}

/** Holds back the app's scripts until `release()`, as a slow network would. */
export async function withScriptsHeld(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Fills and sends the sign-up form (the page must be on /sign-up). */
export async function submitSignUp(page: Page, member: { name: string; email: string; password: string }) {
  await page.locator('input[name="name"]').fill(member.name);
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('button[type="submit"]').click();
}

/** The "check your email" status that follows a sign-up the server took (in either language). */
export function checkEmailStatus(page: Page, email: string) {
  return page.getByRole('status').filter({ hasText: email });
}

/**
 * Opens the newest confirmation link mailed to `email`: the member lands in the app, signed in.
 * `server.dataDir`: the mail of a server the journey started (by default the shared one's).
 */
export async function confirmEmail(page: Page, email: string, server?: { dataDir: string }) {
  await page.goto(await linkFromMail(email, '/api/auth/verify-email', { dataDir: server?.dataDir }));
  await page.waitForURL('**/app/home');
}

/**
 * Signs a new member up as they would: the form, "check your email", the link in the mail (read
 * from `server.dataDir` when the page is on a server the journey started).
 */
export async function signUp(page: Page, member: ReturnType<typeof newMember>, server?: { dataDir: string }) {
  await page.goto('/sign-up');
  await submitSignUp(page, member);
  await checkEmailStatus(page, member.email).waitFor();
  await confirmEmail(page, member.email, server);
}

export async function logIn(page: Page, member: { email: string; password: string }) {
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('button[type="submit"]').click();
}

export async function signOut(page: Page) {
  await page
    .getByRole('button', { name: /sign out|log out/i })
    .first()
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith('/app'));
}

/** Every /api/v1 request the page makes, as path and query. */
export function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/')) seen.push(url.pathname + url.search);
  });
  return seen;
}
