// Journey: member A posts a thought; B (on a phone) sees it, likes it and replies; A sees one like
// and one reply; B unlikes → zero; A deletes the thought → its reply goes with it. A gives
// themselves an avatar, then replaces it → the first file is gone from storage. An unknown member
// number shows "Darker not found".
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseURL, dataDir, newMember, signUp, useBrowser } from './support/browser.ts';

/** A real PNG the server can decode. */
function avatarPng(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

const likeButton = (page: Page) => page.getByRole('button', { name: /^Like \(/ }).first();

/** The profile's large avatar picture (the layout has a small one too). */
async function profileAvatarSrc(page: Page, name: string): Promise<string | null> {
  const img = page.getByRole('img', { name: `${name}’s avatar` });
  await img.waitFor();
  return img.getAttribute('src');
}

function fileOf(src: string | null): string {
  expect(src).toMatch(/^\/uploads\/user_avatars\//);
  return join(
    dataDir,
    'uploads',
    decodeURIComponent((src ?? '').replace(/^\/uploads\//, '').split('?')[0] ?? ''),
  );
}

async function uploadAvatar(page: Page, png: Buffer) {
  await page.goto('/app/settings/profile');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/me/profile') && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save profile' }).click();
  expect((await saved).status()).toBe(200);
  await page.getByText('Your profile has been saved.').waitFor();
}

describe('community: thoughts, likes, replies and profiles', () => {
  const browser = useBrowser();

  it('two members talk about a thought, and a member edits their profile', async () => {
    const a = await browser.newPage();
    const memberA = newMember();
    await signUp(a, memberA);
    const b = await browser.newPage({ width: 375, height: 812 });
    const memberB = newMember();
    await signUp(b, memberB);

    // A posts a thought; blank text cannot be sent.
    await a.goto('/app/thoughts');
    const post = a.getByRole('button', { name: 'Post thought' });
    await a.getByLabel('Your thought').fill('   ');
    expect(await post.isDisabled()).toBe(true);
    const text = `Reading Ibn Khaldun ${memberA.name}\n<b>not bold</b> https://example.com/muqaddimah.`;
    await a.getByLabel('Your thought').fill(text);
    const posted = a.waitForResponse(
      (r) => r.url().endsWith('/api/v1/thoughts') && r.request().method() === 'POST',
    );
    await post.click();
    expect((await posted).status()).toBe(201);
    const aFeed = a.getByRole('list', { name: 'Thoughts, newest first' });
    const aCard = aFeed.getByRole('article').filter({ hasText: memberA.name }).first();
    await aCard.waitFor();
    // Plain text with its line break; the address is a safe link; markup stays text.
    expect(await aCard.locator('p', { hasText: 'not bold' }).innerText()).toContain('<b>not bold</b>');
    expect(await aCard.locator('b').count()).toBe(0);
    const link = aCard.getByRole('link', { name: 'https://example.com/muqaddimah' });
    expect(await link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(await link.getAttribute('target')).toBe('_blank');
    const thoughtHref = await aCard.getByRole('link', { name: /repl/ }).getAttribute('href');
    const match = thoughtHref?.match(/^\/app\/thoughts\/(\d+)\/(.+)$/);
    expect(match).not.toBeNull();
    const userNumberA = match?.[1] ?? '';
    const thoughtPath = thoughtHref ?? '';

    // B (phone) sees it in the feed and likes it.
    await b.goto('/app/thoughts');
    const bCard = b.getByRole('article').filter({ hasText: memberA.name }).first();
    await bCard.waitFor();
    const bLike = bCard.getByRole('button', { name: /^Like \(/ });
    expect(await bLike.getAttribute('aria-pressed')).toBe('false');
    // Rapid taps (like, unlike, like) settle on the last one, counted once.
    const liked = b.waitForResponse((r) => r.url().endsWith('/like') && r.request().method() === 'PUT');
    for (let i = 0; i < 3; i += 1) await bLike.click();
    expect((await liked).status()).toBe(200);
    expect(await bLike.getAttribute('aria-pressed')).toBe('true');
    expect(await bLike.getAttribute('aria-label')).toBe('Like (1 like)');
    await b.waitForLoadState('networkidle');
    await b.reload();
    await expect
      .poll(() => bCard.getByRole('button', { name: /^Like \(/ }).getAttribute('aria-label'))
      .toBe('Like (1 like)');
    expect(await bLike.getAttribute('aria-pressed')).toBe('true');

    // B replies on the thought's page.
    await bCard.getByRole('link', { name: /repl/ }).click();
    await b.waitForURL(`**${thoughtPath}`);
    await b.getByLabel('Your reply').fill('A classic worth rereading.');
    const replied = b.waitForResponse((r) => r.url().endsWith('/replies') && r.request().method() === 'POST');
    // Ctrl+Enter sends, as the button does.
    await b.getByLabel('Your reply').press('Control+Enter');
    expect((await replied).status()).toBe(201);
    const bReplies = b.getByRole('list', { name: 'Replies, newest first' });
    await bReplies.getByText('A classic worth rereading.').waitFor();

    // A sees one like and one reply.
    await a.reload();
    await expect.poll(() => likeButton(a).getAttribute('aria-label')).toBe('Like (1 like)');
    expect(await likeButton(a).getAttribute('aria-pressed')).toBe('false');
    expect(await a.getByRole('link', { name: '1 reply' }).count()).toBe(1);
    await a.goto(thoughtPath);
    await a
      .getByRole('list', { name: 'Replies, newest first' })
      .getByText('A classic worth rereading.')
      .waitFor();

    // B unlikes → A sees zero likes.
    const unliked = b.waitForResponse((r) => r.url().endsWith('/like') && r.request().method() === 'DELETE');
    await likeButton(b).click();
    expect((await unliked).status()).toBe(200);
    expect(await likeButton(b).getAttribute('aria-pressed')).toBe('false');
    await a.reload();
    await expect.poll(() => likeButton(a).getAttribute('aria-label')).toBe('Like (0 likes)');

    // A deletes the thought (B cannot): back to the feed; the thought page is not found any more.
    expect(await b.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await a.getByRole('button', { name: 'Delete', exact: true }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await a.waitForURL('**/app/thoughts');
    await b.reload();
    await b.getByRole('heading', { name: 'Thought not found' }).waitFor();
    // The way out leads back to the thoughts, not to the books.
    expect(await b.getByRole('link', { name: 'Back to thoughts' }).getAttribute('href')).toBe(
      '/app/thoughts',
    );
    const replies = await b.evaluate(
      async (id) => (await fetch(`/api/v1/thoughts/${id}/replies`)).status,
      match?.[2],
    );
    expect(replies).toBe(404);

    // A gives themselves an avatar; the profile shows it.
    await uploadAvatar(a, await avatarPng(200, 40, 40));
    await a.goto(`/app/${userNumberA}`);
    await a.getByRole('heading', { level: 1, name: memberA.name }).waitFor();
    expect(await a.getByText(/^Joined [A-Z][a-z]+ \d{1,2}, \d{4}$/).count()).toBe(1);
    const first = await profileAvatarSrc(a, memberA.name);
    const firstFile = fileOf(first);
    expect(existsSync(firstFile)).toBe(true);

    // … replaces it: the previous file is gone from storage.
    await uploadAvatar(a, await avatarPng(40, 40, 200));
    await a.goto(`/app/${userNumberA}`);
    const second = await profileAvatarSrc(a, memberA.name);
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(second))).toBe(true);
    await expect.poll(() => existsSync(firstFile)).toBe(false);
    // The session was refreshed: the layout shows the new avatar too.
    expect(await a.locator(`img[src="${second}"]`).count()).toBeGreaterThanOrEqual(2);

    // B sees A's profile (no edit button); an unknown number is "Darker not found".
    await b.goto(`/app/${userNumberA}`);
    await b.getByRole('heading', { level: 1, name: memberA.name }).waitFor();
    expect(await b.getByRole('link', { name: 'Edit profile' }).count()).toBe(0);
    await b.goto('/app/999999999');
    await b.getByRole('heading', { name: 'Darker not found' }).waitFor();
    await b.goto('/app/not-a-number');
    await b.getByRole('heading', { name: 'Darker not found' }).waitFor();
  });

  it('shows the bio on the profile, not on every thought, and names the send shortcut only with a keyboard', async () => {
    const page = await browser.newPage();
    const member = newMember();
    await signUp(page, member);
    const bio = `Reads history at night ${member.name}`;
    await page.goto('/app/settings/profile');
    await page.getByLabel('Bio').fill(bio);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been saved.').waitFor();

    await page.goto('/app/thoughts');
    // A mouse and a keyboard: the shortcut is named.
    await page.getByText('Ctrl+Enter or ⌘+Enter to send').waitFor();
    await page.getByLabel('Your thought').fill(`On Walden ${member.name}`);
    await page.getByRole('button', { name: 'Post thought' }).click();
    const card = page.getByRole('article').filter({ hasText: `On Walden ${member.name}` });
    await card.waitFor();
    expect(await card.getByText(bio).count()).toBe(0);
    await card.getByRole('link', { name: member.name }).click();
    await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
    expect(await page.getByText(bio).count()).toBe(1);

    // A touch screen without a mouse: no keyboard shortcut to name.
    const phone = await page
      .context()
      .browser()
      ?.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const touch = await phone?.newPage();
    if (!touch) throw new Error('No browser to open a touch page in.');
    await signUp(touch, newMember());
    await touch.goto('/app/thoughts');
    await touch.getByLabel('Your thought').waitFor();
    expect(await touch.getByText('Ctrl+Enter or ⌘+Enter to send').count()).toBe(0);
    await phone?.close();
  });
});

describe("a member's published summaries on their profile", () => {
  const browser = useBrowser();

  it('shows the newest twelve, then the rest on "Show more summaries", in English and Arabic', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    // Fourteen summaries, published through the API the form uses.
    const titles = await page.evaluate(async () => {
      const made: string[] = [];
      for (let i = 1; i <= 14; i++) {
        const title = `Paged summary ${String(i).padStart(2, '0')}`;
        const form = new FormData();
        form.set(
          'data',
          JSON.stringify({
            title,
            author: 'P. Ager',
            categoryId: 'philosophy',
            enPages: [{ order: 1, header: 'One', content1: 'A page.' }],
          }),
        );
        const response = await fetch('/api/v1/books', { method: 'POST', body: form });
        if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
        made.push(title);
      }
      return made;
    });
    const newestFirst = titles.toReversed();
    const profileHref = await page.getByRole('link', { name: 'Profile' }).first().getAttribute('href');
    expect(profileHref).toMatch(/^\/app\/\d+$/);

    const shownTitles = (tabPanel: ReturnType<Page['getByRole']>) =>
      tabPanel.getByRole('heading').allTextContents();
    await page.goto(profileHref ?? '');
    await page.getByText('14 summaries').waitFor();
    await page.getByRole('tab', { name: 'Summaries' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { name: newestFirst[0] }).waitFor();
    expect(await shownTitles(panel)).toEqual(newestFirst.slice(0, 12));
    await panel.getByRole('button', { name: 'Show more summaries' }).click();
    await panel.getByRole('heading', { name: newestFirst[13] }).waitFor();
    expect(await shownTitles(panel)).toEqual(newestFirst);
    expect(await panel.getByRole('button', { name: 'Show more summaries' }).count()).toBe(0);

    // In Arabic, right to left.
    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await page.reload();
    await page.getByRole('tab', { name: 'الملخصات' }).click();
    const arabicPanel = page.getByRole('tabpanel');
    await arabicPanel.getByRole('heading', { name: newestFirst[0] }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await shownTitles(arabicPanel)).toHaveLength(12);
    await arabicPanel.getByRole('button', { name: 'عرض مزيد من الملخصات' }).click();
    await arabicPanel.getByRole('heading', { name: newestFirst[13] }).waitFor();
    expect(await shownTitles(arabicPanel)).toEqual(newestFirst);
  });
});
