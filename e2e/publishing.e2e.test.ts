// Journey: a member publishes a summary with a cover and two pages in each language; it shows in its
// category and on the author's profile; the author edits it, then deletes it: its cover file is gone
// from storage, and the profile the app had shown no longer lists it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dataDir, newMember, signUp, useBrowser } from './support/browser.ts';

/** A real PNG (decodable by the server), 600 × 900. */
function coverPng(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 31, g: 78, b: 95 } } })
    .png()
    .toBuffer();
}

/** Fills page `index` (0-based) of the open language tab. */
async function fillPage(page: Page, index: number, header: string, text: string) {
  await page
    .getByRole('textbox', { name: /^(Page title|عنوان الصفحة)/ })
    .nth(index)
    .fill(header);
  await page
    .getByRole('textbox', { name: /^(Text 1|النص 1)/ })
    .nth(index)
    .fill(text);
}

describe('publishing a summary', () => {
  const browser = useBrowser();

  it('publishes with a cover and pages in both languages; the author edits and deletes it, cover included', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    await page.goto('/app/add-book');

    const title = `The Journey Book ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: /^Title(?! in Arabic)/ }).fill(title);
    await page.getByRole('textbox', { name: /^Author(?! in Arabic)/ }).fill('A. Traveller');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('philosophy');
    const tags = page.getByRole('textbox', { name: /^Tags/ });
    await tags.fill('journeys');
    await tags.press('Enter');
    await tags.fill('testing,');
    await page.getByRole('button', { name: 'Remove the tag testing' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await coverPng(),
    });
    await page.getByRole('img', { name: 'The cover' }).waitFor();

    // English pages (the first tab), then Arabic pages, right-to-left.
    await fillPage(page, 0, 'Setting out', 'Every journey starts with a first page.');
    await page.getByRole('button', { name: 'Add an English page' }).click();
    await fillPage(page, 1, 'Arriving', 'And ends with a last one.');
    await page.getByRole('tab', { name: /Arabic/ }).click();
    await fillPage(page, 0, 'الانطلاق', 'تبدأ كل رحلة بصفحة أولى.');
    await page.getByRole('button', { name: 'Add an Arabic page' }).click();
    await fillPage(page, 1, 'الوصول', 'وتنتهي بصفحة أخيرة.');
    const arabicHeader = page.getByRole('textbox', { name: /^Page title/ }).first();
    expect(await arabicHeader.getAttribute('dir')).toBe('rtl');
    expect(await arabicHeader.getAttribute('lang')).toBe('ar');

    // The preview shows the Arabic page as the reader will: right-to-left.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.locator('article[lang="ar"][dir="rtl"]');
    await preview.getByRole('heading', { name: 'الانطلاق' }).waitFor();
    await page.getByRole('button', { name: 'Back to editing' }).click();

    await page.getByRole('button', { name: 'Publish the summary' }).click();
    await page.waitForURL('**/app/philosophy/preview/**');
    const bookId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    expect(bookId).not.toBe('');

    // The cover was stored: the file behind the book's bookImage exists.
    const preview1 = await page.request.get(`/api/v1/books/${encodeURIComponent(bookId)}`);
    expect(preview1.status()).toBe(200);
    const bookImage: string | null = (await preview1.json()).book.bookImage;
    expect(bookImage).toMatch(/^\/uploads\/darker_summaries_images\//);
    const coverFile = join(
      dataDir,
      'uploads',
      decodeURIComponent((bookImage ?? '').replace(/^\/uploads\//, '')),
    );
    expect(coverFile.startsWith(join(dataDir, 'uploads', 'darker_summaries_images'))).toBe(true);
    expect(existsSync(coverFile)).toBe(true);

    // It is in its category; the author opens it from there.
    await page.goto('/app/category/philosophy');
    await page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await page.waitForURL(`**/app/philosophy/preview/${encodeURIComponent(bookId)}`);

    // The author edits it: the form opens with the summary in it.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/app/edit-book/${encodeURIComponent(bookId)}`);
    const titleBox = page.getByRole('textbox', { name: /^Title(?! in Arabic)/ });
    await expect.poll(() => titleBox.inputValue()).toBe(title);
    await page.getByRole('tab', { name: /Arabic/ }).click();
    await expect
      .poll(() =>
        page
          .getByRole('textbox', { name: /^Page title/ })
          .nth(1)
          .inputValue(),
      )
      .toBe('الوصول');
    await titleBox.fill(`${title} (revised)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/app/philosophy/preview/${encodeURIComponent(bookId)}`);
    await page.getByRole('heading', { name: `${title} (revised)` }).waitFor();
    const edited = await (await page.request.get(`/api/v1/books/${encodeURIComponent(bookId)}`)).json();
    expect(edited.book.bookImage).toBe(bookImage);

    // Their profile lists it; they go back to it from there (in the app: nothing reloads).
    const summariesTab = async () => {
      await page.getByRole('link', { name: 'Profile' }).first().click();
      await page.getByRole('tab', { name: 'Summaries' }).click();
      return page.getByRole('tabpanel');
    };
    await (await summariesTab()).getByRole('link', { name: new RegExp(`${title} \\(revised\\)`) }).click();
    await page.waitForURL(`**/app/philosophy/preview/${encodeURIComponent(bookId)}`);

    // …then deletes it from its preview: the book and its cover file are gone.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL('**/app/category/philosophy');
    expect((await page.request.get(`/api/v1/books/${encodeURIComponent(bookId)}`)).status()).toBe(404);
    await expect.poll(() => existsSync(coverFile)).toBe(false);
    // …and from the profile the app had already shown.
    await (await summariesTab()).getByText('You haven’t published a summary yet.').waitFor();
  });

  it('lets only the author edit a summary; the author can delete it from the edit screen', async () => {
    const author = await browser.newPage();
    await signUp(author, newMember());
    await author.goto('/app/add-book');
    const title = `Short Book ${Date.now().toString(36)}`;
    await author.getByRole('textbox', { name: /^Title(?! in Arabic)/ }).fill(title);
    await author.getByRole('textbox', { name: /^Author(?! in Arabic)/ }).fill('Someone');
    await author.getByRole('combobox', { name: /^Category/ }).selectOption('literature');
    // Arabic pages only: that is enough.
    await author.getByRole('tab', { name: /Arabic/ }).click();
    await fillPage(author, 0, 'صفحة وحيدة', 'نص قصير.');
    await author.getByRole('button', { name: 'Publish the summary' }).click();
    await author.waitForURL('**/app/literature/preview/**');
    const bookId = decodeURIComponent(new URL(author.url()).pathname.split('/').at(-1) ?? '');

    // Another member is told plainly that it is not theirs.
    const other = await browser.newPage();
    await signUp(other, newMember());
    await other.goto(`/app/edit-book/${encodeURIComponent(bookId)}`);
    await other.getByRole('heading', { name: 'You cannot edit this summary' }).waitFor();
    await other.goto('/app/edit-book/no-such-book');
    await other.getByRole('heading', { name: 'Summary not found' }).waitFor();

    await author.goto(`/app/edit-book/${encodeURIComponent(bookId)}`);
    await author.getByRole('button', { name: 'Delete the summary' }).click();
    await author.getByRole('button', { name: 'Yes, delete it' }).click();
    await author.waitForURL('**/app/category/literature');
    expect((await author.request.get(`/api/v1/books/${encodeURIComponent(bookId)}`)).status()).toBe(404);
  });

  it('shows what is missing, moves to the first problem, and keeps a draft across a reload', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    await page.goto('/app/add-book');

    await page.getByRole('button', { name: 'Publish the summary' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please fix these' });
    await summary.waitFor();
    expect(await summary.getByRole('link').allInnerTexts()).toEqual([
      'Fill in “Title”.',
      'Fill in “Author”.',
      'Fill in “Category”.',
      'Write at least one page, in English or in Arabic.',
    ]);
    const titleBox = page.getByRole('textbox', { name: /^Title(?! in Arabic)/ });
    await expect.poll(() => titleBox.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await titleBox.getAttribute('aria-invalid')).toBe('true');

    // A page without its first text: the error names the page, and the field gets the focus.
    await titleBox.fill('A draft that survives');
    await page
      .getByRole('textbox', { name: /^Page title/ })
      .first()
      .fill('Only a title');
    await page.getByRole('button', { name: 'Publish the summary' }).click();
    await summary.getByRole('link', { name: 'English page 1: Fill in “Text 1”.' }).waitFor();

    // The draft (text, pages and the chosen cover) is back after a reload.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await coverPng(),
    });
    await page.getByRole('img', { name: 'The cover' }).waitFor();
    await page.waitForTimeout(600);
    await page.reload();
    await page.getByText('Your unpublished draft was restored.').waitFor();
    expect(await page.getByRole('textbox', { name: /^Title(?! in Arabic)/ }).inputValue()).toBe(
      'A draft that survives',
    );
    expect(
      await page
        .getByRole('textbox', { name: /^Page title/ })
        .first()
        .inputValue(),
    ).toBe('Only a title');
  });
});
