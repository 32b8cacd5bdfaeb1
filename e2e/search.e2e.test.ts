// Journey: search the whole library in Arabic without diacritics; the matching words are highlighted,
// and the query lives in the address (reload and back keep it).
import { normalizeSearchText } from '@sahifa/contracts/search-text';
import { describe, expect, it } from 'vitest';
import { newMember, signUp, useBrowser } from './support/browser.ts';

describe('search', () => {
  const browser = useBrowser();

  it('finds a book by an Arabic word typed without its diacritics, and highlights it', async () => {
    const page = await browser.newPage({ width: 375, height: 812 }); // a phone
    await signUp(page, newMember());
    await page.goto('/app/search');

    const box = page.getByRole('searchbox', { name: 'Search books and members' });
    // The box has the focus as the screen opens: typing searches at once.
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('الحكمة');

    // Meditations' Arabic pages write الحِكْمَةُ with its diacritics.
    const meditations = page.locator('a[href="/app/philosophy/preview/meditations"]');
    await meditations.waitFor();
    const marks = await meditations.locator('mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(0);
    // Each highlight is the word as written (with whatever marks it carries), and it is the word searched.
    for (const mark of marks) expect(normalizeSearchText(mark)).toContain('الحكمه');
    expect(new URL(page.url()).searchParams.get('q')).toBe('الحكمة');

    // Reload: the same query, the same results.
    await page.reload();
    await expect.poll(() => box.inputValue()).toBe('الحكمة');
    await meditations.waitFor();

    // Open the result, then come back: the results are still there.
    await meditations.click();
    await page.waitForURL('**/app/philosophy/preview/meditations');
    await page.goBack();
    await meditations.waitFor();
    expect(await box.inputValue()).toBe('الحكمة');
  });

  it('says so when nothing matches, and offers the categories before anything is typed', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());
    await page.goto('/app/search');
    await page.getByRole('link', { name: 'Philosophy' }).waitFor();

    await page.getByRole('searchbox').fill('zzqxvwk');
    // Shown, and announced to screen readers.
    await page.getByRole('paragraph').filter({ hasText: 'Nothing found for “zzqxvwk”.' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'Nothing found for “zzqxvwk”.' })
      .waitFor({ state: 'attached' });
  });
});
