// Journey: a member who forgot their password resets it through the link in the mail file, and
// every device that was signed in is signed out.
import { describe, expect, it } from 'vitest';
import { logIn, newMember, signUp, useBrowser } from './support/browser.ts';
import { linkFromMail } from './support/mail.ts';

describe('password reset', () => {
  const browser = useBrowser();

  it('resets a forgotten password through the emailed link and signs out every device', async () => {
    const member = newMember();
    // Another device, signed in before the reset.
    const otherDevice = await browser.newPage();
    await signUp(otherDevice, member);

    const page = await browser.newPage();
    await page.goto('/forgot-password');
    const since = Date.now();
    await page.locator('input[name="email"]').fill(member.email);
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByRole('status').count()).toBeGreaterThan(0);

    const link = await linkFromMail(member.email, '/reset-password', { since });

    const newPassword = 'a brand new password';
    await page.goto(link);
    await page.locator('input[name="newPassword"]').fill(newPassword);
    await page.locator('button[type="submit"]').click();
    const done = page.getByRole('status').filter({ hasText: 'Your password has been changed.' });
    await expect.poll(() => done.count()).toBe(1);
    expect(await done.innerText()).toContain('You’re signed out everywhere; log in with your new password.');

    await otherDevice.reload();
    await otherDevice.waitForURL('**/login**');

    await page.goto('/login');
    await logIn(page, { email: member.email, password: member.password });
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    await logIn(page, { email: member.email, password: newPassword });
    await page.waitForURL('**/app/home');
  });

  it('refuses a new password that is easy to guess, under the field', async () => {
    const member = newMember();
    await signUp(await browser.newPage(), member);

    const page = await browser.newPage();
    await page.goto('/forgot-password');
    const since = Date.now();
    await page.locator('input[name="email"]').fill(member.email);
    await page.locator('button[type="submit"]').click();
    await page.goto(await linkFromMail(member.email, '/reset-password', { since }));

    const field = page.locator('input[name="newPassword"]');
    await field.fill('password123');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').innerText()).toMatch(/This password is too easy to guess\./);
    // Still the form: the old password still works.
    expect(new URL(page.url()).pathname).toBe('/reset-password');
  });
});
