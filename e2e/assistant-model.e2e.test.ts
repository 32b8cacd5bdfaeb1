// Journey: MoejrAI with a language model — a fake one speaking OpenAI's streaming API
// (apps/server/src/test/fake-ai-server.ts), behind the app's own server started for this file.
// The answer streams in word by word and cites the passage it was given; Stop keeps what arrived
// (marked as stopped, kept after a reload) and "Answer again" answers it; a provider that is down
// gives the spec's sentence and a Retry that works once it is back; the daily quota is shown and
// closes the question box.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeAiRequest,
  type FakeAiScript,
  type FakeAiServer,
  fakeAiEnv,
  startFakeAiServer,
} from '../apps/server/src/test/fake-ai-server.ts';
import { startLocalServer } from '../scripts/local-server.mjs';
import { newMember, signUp, useBrowser } from './support/browser.ts';

const DAILY_QUESTIONS = 3;
const FAILURE = 'Sorry, something went wrong. Try again in a minute.';

/** Words with their trailing spaces, one per streamed token. */
const tokens = (text: string) => text.split(/(?<= )/);

// 30 tokens; the eighth cites the first passage the model was given.
const LONG_ANSWER =
  'Anger, Marcus says, is a brief madness [P1] that harms the angry man more than the one he is ' +
  'angry with; so meet it with patience: others act from ignorance.';

/** The first passage of a prompt, as the model was given it: its book, page and language. */
function firstPassage(request: FakeAiRequest) {
  const match = /<passage id="P1" book="([^"]+)"[^>]*? page="(\d+)" language="(\w+)"/.exec(
    request.promptText,
  );
  if (!match) throw new Error(`No passage P1 in the prompt:\n${request.promptText.slice(0, 2000)}`);
  return { title: match[1] as string, page: Number(match[2]), language: match[3] as string };
}

describe('MoejrAI with a language model', () => {
  let fake: FakeAiServer;
  let server: Awaited<ReturnType<typeof startLocalServer>>;

  beforeAll(async () => {
    fake = await startFakeAiServer();
    server = await startLocalServer({
      env: {
        ...fakeAiEnv(fake, 'openai', { AI_DAILY_MESSAGES: String(DAILY_QUESTIONS) }),
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
  });

  afterAll(async () => {
    const code = await server?.stop();
    await fake?.close();
    if (code !== 0 && code !== undefined)
      throw new Error(`The server exited with ${code}:\n${server.output()}`);
  });

  // Registered after the server's hooks, so the browser closes first (after-hooks run in reverse):
  // a page's request in flight when the server is told to stop would hold its shutdown open.
  const browser = useBrowser();

  beforeEach(() => fake.reset());

  /** A new member, signed up on this file's server, on the empty MoejrAI screen. */
  async function memberOnAssistant(): Promise<Page> {
    const page = await browser.newPage(undefined, server);
    await signUp(page, newMember(), server);
    await page.goto('/app/moejrAI');
    await page.getByRole('heading', { level: 2, name: 'What would you like to know?' }).waitFor();
    return page;
  }

  async function ask(page: Page, question: string) {
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill(question);
    await box.press('Enter');
  }

  /** The answers on screen, oldest first. */
  const answers = (page: Page) =>
    page.getByRole('log', { name: 'Conversation with MoejrAI' }).getByRole('article');

  /** The answer is arriving: the box offers Stop instead of Send. */
  const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop' });

  /** The answer ended: Send is back. */
  const sendButton = (page: Page) => page.getByRole('button', { name: 'Send' });

  it('streams the answer word by word, then shows the chip of the passage it cites', async () => {
    const page = await memberOnAssistant();
    let cited: ReturnType<typeof firstPassage> | undefined;
    fake.script((request): FakeAiScript => {
      cited = firstPassage(request);
      return { kind: 'stream', tokens: tokens(LONG_ANSWER), delayMs: 80 };
    });
    expect(tokens(LONG_ANSWER)).toHaveLength(30);

    await ask(page, 'What does Meditations say about anger?');
    const answer = answers(page).first();
    // Part of the answer, while the rest is still coming.
    await expect.poll(() => answer.innerText()).toContain('Anger, Marcus says');
    const partial = await answer.innerText();
    expect(partial).not.toContain('ignorance.');
    expect(await stopButton(page).isVisible()).toBe(true);
    expect(await answer.getAttribute('aria-busy')).toBe('true');
    // It grows…
    await expect.poll(async () => (await answer.innerText()).length).toBeGreaterThan(partial.length);
    // …to the whole answer: the marker became a reference number, and the chip names the passage.
    await expect.poll(() => answer.innerText()).toContain('others act from ignorance.');
    await sendButton(page).waitFor();
    const text = await answer.innerText();
    // The reference number reads "source 1" to a screen reader.
    expect(text.replace(/\s+/g, ' ')).toContain('is a brief madness source 1 that harms');
    expect(text).not.toContain('[P1]');
    expect(text).not.toContain('From the library');
    if (!cited) throw new Error('The model was never asked');
    const chip = answer.getByRole('link', {
      name: new RegExp(
        `${cited.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S*\\s*·\\s*p\\. ${cited.page}\\b`,
      ),
    });
    await chip.waitFor();
    expect(await answer.getByRole('link').count()).toBe(1);
    expect(await chip.getAttribute('href')).toContain(`page=${cited.page}`);
    // The model was asked once, with the member's question and the library's passages.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.promptText).toContain('What does Meditations say about anger?');
  });

  it('keeps a stopped answer, marked as stopped (also after a reload), and answers it again', async () => {
    const page = await memberOnAssistant();
    // A few words, then the model goes quiet: the member stops it.
    fake.script({ kind: 'hang', tokens: tokens('Patience, Epictetus teaches, begins with ') });
    await ask(page, 'What does the Enchiridion teach about patience?');
    const answer = answers(page).first();
    await expect.poll(() => answer.innerText()).toContain('Patience, Epictetus teaches, begins with');
    await stopButton(page).click();

    const stoppedNote = page.getByText('This answer stopped before the end.', { exact: true });
    await stoppedNote.waitFor();
    await sendButton(page).waitFor();
    expect(await answer.innerText()).toContain('Patience, Epictetus teaches, begins with');
    // The question box has the focus again.
    const box = page.getByRole('textbox', { name: 'Your question' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);

    // The server kept what arrived, marked incomplete (the reload waits for it to be stored: the
    // server learns of the Stop when the connection closes).
    const conversationId = new URL(page.url()).pathname.split('/').at(-1);
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/v1/assistant/conversations/${conversationId}`);
        return (await response.json()).messages.at(-1)?.status;
      })
      .toBe('incomplete');
    await page.reload();
    await stoppedNote.waitFor();
    expect(await answer.innerText()).toContain('Patience, Epictetus teaches, begins with');
    const again = page.getByRole('button', { name: 'Answer again' });

    // Answer again: the model is asked once more and this time finishes.
    fake.script({
      kind: 'stream',
      tokens: tokens('Patience is seeing what is up to us [P1], and nothing else.'),
    });
    await again.click();
    await expect.poll(() => answer.innerText()).toContain('and nothing else.');
    await sendButton(page).waitFor();
    expect(await answer.innerText()).not.toContain('begins with');
    expect(await answers(page).count()).toBe(1);
    expect(await stoppedNote.count()).toBe(0);
    expect(await again.count()).toBe(0);
    await answer.getByRole('link', { name: /· p\. \d+/ }).waitFor();
  });

  it('says the spec’s sentence when the provider is down, and Retry answers once it is back', async () => {
    const page = await memberOnAssistant();
    // Down: every call fails (the SDK's own retry included).
    fake.setDefault({ kind: 'status', status: 500 });
    const question = 'What does The Prince say about fortune?';
    await ask(page, question);

    const failure = page.getByRole('alert').filter({ hasText: FAILURE });
    await failure.waitFor();
    expect(await failure.getByText(FAILURE, { exact: true }).count()).toBe(1);
    const retry = failure.getByRole('button', { name: 'Retry' });
    expect(await retry.isEnabled()).toBe(true);
    // Nothing of the provider's own error reaches the member.
    expect(await page.locator('main').innerText()).not.toMatch(/server had an error|server_error/i);
    expect(await answers(page).count()).toBe(0);
    const callsWhileDown = fake.requests.length;
    expect(callsWhileDown).toBeGreaterThanOrEqual(1);

    // Back up: Retry sends the same question again, and it is answered.
    fake.setDefault({
      kind: 'stream',
      tokens: tokens('Fortune, Machiavelli writes, rules half of our actions [P1].'),
    });
    await retry.click();
    const answer = answers(page).first();
    await expect.poll(() => answer.innerText()).toContain('rules half of our actions');
    await sendButton(page).waitFor();
    await answer.getByRole('link', { name: /· p\. \d+/ }).waitFor();
    expect(await failure.count()).toBe(0);
    expect(fake.requests.length).toBe(callsWhileDown + 1);
    expect(fake.requests.at(-1)?.promptText).toContain(question);
    // The question was not asked twice.
    const log = page.getByRole('log', { name: 'Conversation with MoejrAI' });
    expect(await log.getByText(question, { exact: true }).count()).toBe(1);
  });

  it('counts the day’s questions and closes the question box when they are used up', async () => {
    const page = await memberOnAssistant();
    fake.setDefault({ kind: 'stream', tokens: tokens('A short answer [P1].') });
    const left = (count: number) =>
      page.getByText(count === 1 ? '1 question left today' : `${count} questions left today`, {
        exact: true,
      });
    await left(DAILY_QUESTIONS).waitFor();

    const questions = [
      'Three ideas from Meditations',
      'What does Walden say about simplicity?',
      'What does The Prince say about fortune?',
    ];
    for (const [index, question] of questions.entries()) {
      await ask(page, question);
      await expect.poll(() => answers(page).count()).toBe(index + 1);
      await sendButton(page).waitFor();
      if (index + 1 < DAILY_QUESTIONS) await left(DAILY_QUESTIONS - index - 1).waitFor();
    }

    // Used up: said so, with the time it starts again, and the box is closed (also after a reload).
    const notice = page.getByText(/^You’ve used today’s 3 questions\. You can ask again at \d{1,2}:\d{2}/);
    await notice.waitFor();
    const box = page.getByRole('textbox', { name: 'Your question' });
    expect(await box.isDisabled()).toBe(true);
    expect(await sendButton(page).isDisabled()).toBe(true);
    await page.reload();
    await notice.waitFor();
    expect(await box.isDisabled()).toBe(true);
    // A new conversation cannot be started either.
    await page.getByRole('link', { name: 'New conversation' }).click();
    await page.waitForURL('**/app/moejrAI');
    await notice.waitFor();
    expect(await box.isDisabled()).toBe(true);
    expect(fake.requests).toHaveLength(DAILY_QUESTIONS);
  });
});
