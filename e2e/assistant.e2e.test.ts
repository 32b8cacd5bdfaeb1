// Journey: MoejrAI in library mode (the shared server has no AI_PROVIDER): a new member opens it
// from the app's navigation, sees suggested questions, types a question, and gets the library's
// passages quoted, labelled "From the library", with citation chips that open the reader at the
// cited book and page; the conversation is kept (history, reload) until deleted. In English and in
// Arabic (right to left); asked from a book (scoped to it); and on a phone.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newMember, signUp, useBrowser } from './support/browser.ts';

const indicator = (page: Page) => page.getByTestId('page-indicator').innerText();

/** The conversation on screen (the messages' live region). */
const conversationLog = (page: Page, name = 'Conversation with MoejrAI') => page.getByRole('log', { name });

/** `text` as a regular expression matching itself. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A chip reads its reference number, then "Title · p. 4" (the title isolated by invisible marks). */
const chipName = (title: string, page: 'p\\.' | 'ص') =>
  new RegExp(`^\\d+\\s*[\\u2066-\\u2069]?${title}[\\u2066-\\u2069]?\\s*·\\s*${page}\\s*(\\d+)$`);

/** The page a chip names ("… · p. 3" → 3). */
async function chipPage(chip: Locator, pattern: RegExp): Promise<number> {
  const name = (await chip.textContent()) ?? '';
  const match = pattern.exec(name.trim());
  if (!match) throw new Error(`Not a citation chip: ${JSON.stringify(name)}`);
  return Number(match[1]);
}

/**
 * Clicks the answer's first Art of War chip: the reader opens at the cited page, in `lang`.
 * Answers the page cited and the answer's text as it was before leaving.
 */
async function openArtOfWarChip(page: Page, answer: Locator, pattern: RegExp, lang: 'en' | 'ar') {
  const chip = answer.getByRole('link', { name: pattern }).first();
  await chip.waitFor();
  const cited = await chipPage(chip, pattern);
  const answerText = await answer.innerText();
  await chip.click();
  await page.waitForURL('**/app/strategy-leadership/art-of-war?**');
  const params = new URL(page.url()).searchParams;
  expect(params.get('page')).toBe(String(cited));
  expect(params.get('lang')).toBe(lang);
  return { cited, answerText };
}

/** Types a question into the question box and sends it with Enter. */
async function ask(page: Page, box: string, question: string) {
  const textbox = page.getByRole('textbox', { name: box });
  await textbox.click();
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
}

describe('MoejrAI, the reading assistant (library mode)', () => {
  const browser = useBrowser();

  it('answers from the library with chips that open the cited page; keeps the conversation until deleted', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());

    // From the app's navigation, as a member finds it.
    await page.getByRole('link', { name: 'MoejrAI', exact: true }).click();
    await page.waitForURL('**/app/moejrAI');
    await page.getByRole('heading', { level: 2, name: 'What would you like to know?' }).waitFor();
    await page.getByText('No AI model is connected to this site', { exact: false }).waitFor();
    // Suggested first questions, about books of the library.
    const suggestions = page.getByRole('list', { name: 'Try asking' }).getByRole('button');
    await expect.poll(() => suggestions.count()).toBe(3);
    for (const text of await suggestions.allInnerTexts()) {
      expect(text).toMatch(/^(Three ideas from .+|What should I read after .+\?|How can I use .+ today\?)$/);
    }
    // Nothing in the history yet.
    const history = page.getByRole('complementary', { name: 'Conversations' });
    await history.getByText('No conversations yet.', { exact: false }).waitFor();

    // Typed, and sent with Enter: the conversation gets its own address.
    const question = 'Three ideas from The Art of War';
    await ask(page, 'Your question', question);
    await page.waitForURL(/\/app\/moejrAI\/[\w-]+$/);
    const conversationUrl = page.url();
    const log = conversationLog(page);
    await log.getByText(question, { exact: true }).waitFor();
    const answer = log.getByRole('article');
    await answer.getByText('From the library', { exact: true }).waitFor();
    expect(await answer.locator('blockquote').count()).toBeGreaterThan(0);
    // The question box is empty again, ready for a follow-up.
    expect(await page.getByRole('textbox', { name: 'Your question' }).inputValue()).toBe('');

    // A chip names The Art of War and a page; it opens the reader there.
    const { cited, answerText } = await openArtOfWarChip(
      page,
      answer,
      chipName('The Art of War', 'p\\.'),
      'en',
    );
    await expect.poll(() => indicator(page)).toMatch(new RegExp(`^Page ${cited} of \\d+$`));
    expect(await page.locator('article[lang]').getAttribute('lang')).toBe('en');

    // Back: the conversation is in the history, titled with the question, and open.
    await page.goBack();
    await page.waitForURL(conversationUrl);
    const item = history.getByRole('link', { name: new RegExp(`^${literally(question)}`) });
    await item.waitFor();
    expect(await item.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => answer.innerText()).toBe(answerText);

    // Reload: the same conversation, as the server kept it.
    await page.reload();
    await log.getByText(question, { exact: true }).waitFor();
    await expect.poll(() => answer.innerText()).toBe(answerText);
    expect(await log.getByText(question, { exact: true }).count()).toBe(1);
    expect(await answer.count()).toBe(1);
    await item.waitFor();

    // Delete it (after confirming): gone from the history and from its address.
    await history.getByRole('button', { name: /^Delete the conversation/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this conversation?' });
    expect(await dialog.innerText()).toContain(question);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL('**/app/moejrAI');
    await history.getByText('No conversations yet.', { exact: false }).waitFor();
    expect(await item.count()).toBe(0);
    await page.getByRole('heading', { level: 2, name: 'What would you like to know?' }).waitFor();
    await page.goto(conversationUrl);
    await page.getByRole('heading', { name: 'Conversation not found' }).waitFor();
  });

  it('answers an Arabic question in Arabic, right to left, with Arabic chips to the Arabic page', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
    await signUp(page, newMember());

    await page.getByRole('link', { name: 'MoejrAI', exact: true }).click();
    await page.waitForURL('**/app/moejrAI');
    await page.getByRole('heading', { level: 2, name: 'ماذا تودّ أن تعرف؟' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const suggestions = page.getByRole('list', { name: 'جرّب أن تسأل' }).getByRole('button');
    await expect.poll(() => suggestions.count()).toBe(3);
    for (const text of await suggestions.allInnerTexts()) expect(text).toMatch(/[\u0600-\u06FF]/);

    const question = 'ثلاث أفكار من كتاب فن الحرب';
    await ask(page, 'سؤالك', question);
    await page.waitForURL(/\/app\/moejrAI\/[\w-]+$/);
    const conversationUrl = page.url();
    const log = conversationLog(page, 'المحادثة مع MoejrAI');
    await log.getByText(question, { exact: true }).waitFor();
    const answer = log.getByRole('article');
    await answer.getByText('من المكتبة', { exact: true }).waitFor();

    // The quotes are Arabic and run right to left.
    const quote = answer.locator('blockquote p').first();
    expect(await quote.innerText()).toMatch(/[\u0600-\u06FF]/);
    expect(await quote.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // The quote's bar stands on the right, where Arabic starts.
    expect(
      await answer
        .locator('blockquote')
        .first()
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('rtl');
    expect(await answer.innerText()).not.toMatch(/\bp\. \d/);

    // The chip is in Arabic ("فن الحرب · ص 3") and opens the Arabic page.
    const { cited, answerText } = await openArtOfWarChip(page, answer, chipName('فن الحرب', 'ص'), 'ar');
    await expect.poll(() => indicator(page)).toMatch(new RegExp(`^الصفحة ${cited} من \\d+$`));
    const article = page.locator('article[lang]');
    expect(await article.getAttribute('lang')).toBe('ar');
    expect(await article.getAttribute('dir')).toBe('rtl');

    // Back, reload: the conversation is kept, titled with the Arabic question.
    await page.goBack();
    await page.waitForURL(conversationUrl);
    const history = page.getByRole('complementary', { name: 'المحادثات' });
    await history.getByRole('link', { name: new RegExp(`^${literally(question)}`) }).waitFor();
    await page.reload();
    await expect.poll(() => answer.innerText()).toBe(answerText);

    // Deleted, after confirming in Arabic.
    await history.getByRole('button', { name: /^احذف المحادثة/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'أتحذف هذه المحادثة؟' });
    await dialog.getByRole('button', { name: 'حذف', exact: true }).click();
    await page.waitForURL('**/app/moejrAI');
    await history.getByText('لا محادثات بعد.', { exact: false }).waitFor();
  });

  it('asks about one book from its preview and its reader, and cites only that book', async () => {
    const page = await browser.newPage();
    await signUp(page, newMember());

    await page.goto('/app/philosophy/preview/meditations');
    await page.getByRole('heading', { level: 1, name: 'Meditations' }).waitFor();
    await page.getByRole('link', { name: 'Ask MoejrAI about this book' }).click();
    await page.waitForURL('**/app/moejrAI?book=meditations');
    const scope = page.getByText('Asking about:', { exact: false });
    await expect.poll(() => scope.innerText()).toBe('Asking about: Meditations');
    // The suggestions are about this book.
    const suggestions = page.getByRole('list', { name: 'Try asking' }).getByRole('button');
    await expect
      .poll(() => suggestions.allInnerTexts())
      .toEqual([
        'Three ideas from Meditations',
        'What should I read after Meditations?',
        'How can I use Meditations today?',
      ]);

    // A question the whole library answers from other books (Walden, As a Man Thinketh).
    const question = 'How should I face what is not in my control?';
    await ask(page, 'Your question', question);
    await page.waitForURL(/\/app\/moejrAI\/[\w-]+$/);
    const answer = conversationLog(page).getByRole('article');
    await answer.getByText('From the library', { exact: true }).waitFor();
    const chips = answer.getByRole('link');
    await chips.first().waitFor();
    for (const name of await chips.evaluateAll((links) => links.map((a) => a.textContent))) {
      expect(name).toMatch(chipName('Meditations', 'p\\.'));
    }
    for (const href of await chips.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/app\/philosophy\/meditations\?/);
    }
    // Still about the book once it has its address, and so listed in the history.
    await expect.poll(() => scope.innerText()).toBe('Asking about: Meditations');
    const history = page.getByRole('complementary', { name: 'Conversations' });
    await history.getByRole('link', { name: new RegExp(`^${literally(question)}\\s*Meditations`) }).waitFor();

    // The reader's toolbar asks about the book being read.
    await page.goto('/app/philosophy/enchiridion?page=2&lang=en');
    await expect.poll(() => indicator(page)).toBe('Page 2 of 4');
    await page.getByRole('link', { name: 'Ask MoejrAI about this book' }).click();
    await page.waitForURL('**/app/moejrAI?book=enchiridion');
    await expect.poll(() => scope.innerText()).toBe('Asking about: The Enchiridion');
  });

  it('works on a phone: the list of conversations opens above the chat, and the question box is usable', async () => {
    const page = await browser.newPage({ width: 375, height: 740 });
    await signUp(page, newMember());

    // On a phone MoejrAI is under "More" in the bottom bar.
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: 'MoejrAI' }).click();
    await page.waitForURL('**/app/moejrAI');
    await page.getByRole('heading', { level: 2, name: 'What would you like to know?' }).waitFor();

    // The conversations are behind a button, closed at first.
    const toggle = page.getByRole('button', { name: 'Conversations' });
    const history = page.getByRole('complementary', { name: 'Conversations' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await history.isVisible()).toBe(false);

    // The box and its Send button fit the screen; Send is not covered by the bottom bar.
    const box = page.getByRole('textbox', { name: 'Your question' });
    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    const question = 'What does Marcus Aurelius say about anger?';
    await box.fill(question);
    const boxArea = await box.boundingBox();
    expect(boxArea && boxArea.x >= 0 && boxArea.x + boxArea.width <= 375).toBe(true);
    await send.click(); // playwright clicks only what is on top at that point
    await page.waitForURL(/\/app\/moejrAI\/[\w-]+$/);
    const conversationUrl = page.url();
    const answer = conversationLog(page).getByRole('article');
    await answer
      .getByRole('link', { name: /· p\. \d+$/ })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect.poll(() => box.inputValue()).toBe('');

    // Start a new conversation, then come back to this one through the list.
    await page.getByRole('link', { name: 'New conversation' }).click();
    await page.waitForURL('**/app/moejrAI');
    await page.getByRole('heading', { level: 2, name: 'What would you like to know?' }).waitFor();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const item = history.getByRole('link', { name: new RegExp(`^${literally(question)}`) });
    await item.click();
    await page.waitForURL(conversationUrl);
    await answer.waitFor();
    // Choosing a conversation closes the list.
    await expect.poll(() => history.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
