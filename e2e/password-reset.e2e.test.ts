// Journey: a member who forgot their password resets it through the link in the mail file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDir, logIn, newMember, signUp, useBrowser } from './support/browser.ts';

/** The reset link in the newest mail to `email` (the server writes mails as JSON files). */
function resetLinkFor(email: string): string | undefined {
  const mailDir = join(dataDir, 'mail');
  for (const file of readdirSync(mailDir).sort().reverse()) {
    const mail = JSON.parse(readFileSync(join(mailDir, file), 'utf8'));
    if (mail.to !== email) continue;
    return mail.text.match(/https?:\/\/\S*\/reset-password\S*/)?.[0];
  }
}

describe('password reset', () => {
  const browser = useBrowser();

  it('resets a forgotten password through the emailed link', async () => {
    const member = newMember();
    const setup = await browser.newPage();
    await signUp(setup, member);

    const page = await browser.newPage();
    await page.goto('/forgot-password');
    await page.locator('input[name="email"]').fill(member.email);
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByRole('status').count()).toBeGreaterThan(0);

    let link: string | undefined;
    await expect.poll(() => (link = resetLinkFor(member.email)), { timeout: 10_000 }).toBeTruthy();

    const newPassword = 'a brand new password';
    await page.goto(link as string);
    await page.locator('input[name="newPassword"]').fill(newPassword);
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByRole('status').count()).toBeGreaterThan(0);

    await page.goto('/login');
    await logIn(page, { email: member.email, password: member.password });
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    await logIn(page, { email: member.email, password: newPassword });
    await page.waitForURL('**/app/home');
  });
});
