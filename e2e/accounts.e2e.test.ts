// Journey: a visitor signs up, lands in /app/home, signs out, and logs back in.
import { describe, expect, it } from 'vitest';
import { logIn, newMember, signOut, signUp, useBrowser } from './support/browser.ts';

describe('accounts', () => {
  const browser = useBrowser();

  it('signs up, signs out and logs in again', async () => {
    const page = await browser.newPage();
    const member = newMember();
    await signUp(page, member);
    await expect.poll(() => page.getByRole('heading', { name: member.name }).count()).toBeGreaterThan(0);

    await signOut(page);

    await page.goto('/login');
    await logIn(page, member);
    await page.waitForURL('**/app/home');
    await expect.poll(() => page.getByRole('heading', { name: member.name }).count()).toBeGreaterThan(0);
  });

  it('shows a clear message for a taken email and keeps the visitor on the form', async () => {
    const page = await browser.newPage();
    const member = newMember();
    await signUp(page, member);
    await signOut(page);

    await page.goto('/sign-up');
    await page.locator('input[name="name"]').fill('Someone Else');
    await page.locator('input[name="email"]').fill(member.email);
    await page.locator('input[name="password"]').fill('another password');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/already/i);
    expect(new URL(page.url()).pathname).toBe('/sign-up');
  });

  it('refuses a wrong password with a message', async () => {
    const page = await browser.newPage();
    const member = newMember();
    await signUp(page, member);
    await signOut(page);

    await page.goto('/login');
    await logIn(page, { email: member.email, password: 'not the password' });
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/invalid|incorrect|wrong/i);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('does nothing when the email or the password is empty', async () => {
    const page = await browser.newPage();
    const signInCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-in')) signInCalls.push(request.url());
    });
    await page.goto('/login');
    await logIn(page, { email: 'someone@example.com', password: '' });
    await logIn(page, { email: '', password: 'a password' });
    await page.waitForTimeout(500);
    expect(signInCalls).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
