// Journey: /app is for members (back to the asked-for page after login); public pages are for visitors.
import { describe, expect, it } from 'vitest';
import { logIn, newMember, signUp, useBrowser } from './support/browser.ts';

describe('route guards', () => {
  const browser = useBrowser();

  it('sends a signed-out visitor to /login and back to the page they asked for', async () => {
    const member = newMember();
    const setup = await browser.newPage();
    await signUp(setup, member);

    const page = await browser.newPage();
    await page.goto('/app/my-library');
    await page.waitForURL('**/login**');
    // "Sign up" and back to "Log in" keep where the visitor was going.
    await page.getByText('New to Sahifa?').getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/sign-up?redirectTo=%2Fapp%2Fmy-library');
    await page.getByText('Already have an account?').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login?redirectTo=%2Fapp%2Fmy-library');
    await logIn(page, member);
    await page.waitForURL('**/app/my-library');
  });

  it('sends a signed-in member away from the public pages to /app/home', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    for (const path of ['/login', '/sign-up', '/']) {
      await page.goto(path);
      await page.waitForURL('**/app/home');
    }
  });

  it('shows a not-found screen for an unknown page, sent with a 404', async () => {
    // The server's status, as a crawler gets it: once the app's service worker has installed
    // (after the sign-up below, if it is quick enough), it answers every page from its shell, with a 200.
    const page = await browser.newPage(undefined, undefined, { serviceWorkers: 'block' });
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    await expect.poll(() => page.title()).toBe('Page not found · Sahifa');
    // In the app too: a member's address that no screen answers.
    await signUp(page, newMember());
    expect((await page.goto('/app/no/such/page'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // On the public 404 page, the header offers a member the app, not a log in.
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await page.getByRole('link', { name: 'Open Sahifa' }).click();
    await page.waitForURL('**/app/home');
    await page.goBack();
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    // The app's pages are not: those the server sends as they are, renders, or leaves to the app.
    for (const path of ['/about', '/app/home', '/app/settings', '/app/philosophy/meditations'])
      expect((await page.goto(path))?.status(), path).toBe(200);
  });
});
