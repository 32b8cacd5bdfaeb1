// Journey: a reload without a network keeps the member in the app (the service worker serves the
// shell, the last confirmed session stands in), says it is offline, and offers a retry.
import { describe, expect, it } from 'vitest';
import { newMember, openWithApp, signUp, useBrowser } from './support/browser.ts';

const OFFLINE = 'You’re offline. Some things may not load until you reconnect.';

describe('offline', () => {
  const browser = useBrowser();

  it('keeps the member in the app on an offline reload, and loads the screen again on Retry', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    await page.goto('/app/thoughts');
    await page.getByRole('heading', { name: 'Thoughts', level: 1 }).waitFor();
    // The service worker has precached the shell (it controls the next navigation).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await page.context().setOffline(true);
    await page.reload();

    const banner = page.getByRole('status').filter({ hasText: OFFLINE });
    await banner.waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/app/thoughts');
    expect(await page.getByText('Please log in to continue').count()).toBe(0);
    // Not an endless "Loading…": the feed says it needs the network, with a retry.
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 5_000 });
    expect(await page.getByText('Loading…').count()).toBe(0);

    // Retry without a network: still the offline state, not a spinner.
    await retry.click();
    expect(await page.getByText('Loading…').count()).toBe(0);
    expect(await retry.count()).toBe(1);

    // Home, never opened before: its strips say they need the network too.
    await page.goto('/app/home');
    await expect.poll(() => retry.count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByText('Loading…').count()).toBe(0);
    await page.goto('/app/thoughts');
    await retry.waitFor({ timeout: 5_000 });

    // Back online: the paused feed resumes on its own; Retry, if it is still there, loads it too.
    await page.context().setOffline(false);
    await retry.click({ timeout: 1_000 }).catch(() => undefined);
    // The feed (or its empty state: other journeys may have posted on this server).
    await page
      .getByRole('list', { name: 'Thoughts, newest first' })
      .or(page.getByText('No thoughts yet. Write the first one!'))
      .waitFor();
    expect(await retry.count()).toBe(0);
    await expect.poll(() => banner.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/app/thoughts');
  });

  it('still sends a visitor without a session to the login page when offline', async () => {
    const page = await browser.newPage();
    await openWithApp(page, '/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.context().setOffline(true);
    await page.goto('/app/thoughts');
    await page.waitForURL('**/login**');
  });
});
