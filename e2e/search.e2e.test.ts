// Journey: search the whole library in Arabic without diacritics; the matching words are highlighted,
// and the query lives in the address (reload and back keep it). In the Arabic interface the library
// shows Arabic titles and authors, and a word typed without its article (تأملات) finds the book.
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
    // The placeholder fits the box on a phone.
    const fits = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return false;
      context.font = style.font;
      const room =
        input.clientWidth -
        Number.parseFloat(style.paddingInlineStart) -
        Number.parseFloat(style.paddingInlineEnd);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
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

  it('shows Arabic titles in the Arabic interface, and finds تأملات without its article', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
    const member = { ...newMember(), name: 'Amira T.' };
    await signUp(page, member);

    // The greeting isolates the Latin name, so its full stop stays at its end in Arabic.
    await page.locator('h1 bdi').filter({ hasText: 'Amira T.' }).waitFor();
    expect(await page.locator('h1').first().innerText()).toBe('أهلًا بك يا Amira T.');
    // The profile's join date is Arabic, like the app's other dates.
    const userNumber = await page.evaluate(
      async () => (await (await fetch('/api/auth/get-session')).json()).user.userNumber,
    );
    await page.goto(`/app/${userNumber}`);
    await page.getByText(/^انضم في \d{1,2} \S+ \d{4}$/).waitFor();

    // The library: the Arabic title and author, not the English ones.
    await page.goto('/app/category/philosophy');
    const card = page.locator('a[href="/app/philosophy/preview/meditations"]');
    await card.getByRole('heading', { name: 'التأملات' }).waitFor();
    expect(await card.innerText()).toContain('ماركوس أوريليوس');
    expect(await card.innerText()).not.toContain('Marcus Aurelius');

    // The preview: Arabic tags, and the official summaries are added by صحيفة.
    await card.click();
    await page.getByRole('heading', { level: 1, name: 'التأملات' }).waitFor();
    await page.getByRole('link', { name: '#الرواقية' }).waitFor();
    expect(await page.locator('article').innerText()).toContain('أضافه صحيفة');

    // Search without the article: the book is found, its title marked as a whole word.
    await page.goto('/app/search');
    await page.getByRole('searchbox').fill('تأملات');
    const result = page.locator('a[href="/app/philosophy/preview/meditations"]');
    await result.waitFor();
    expect(await result.locator('mark').first().innerText()).toBe('التأملات');
  });
});
