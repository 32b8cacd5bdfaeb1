// Journey: running Sahifa as a service, on a server of its own whose ADMIN_EMAILS names one
// operator. A member on a phone writes to support (seeing what their browser adds), the operator
// reads it in the console's inbox and answers, the answer is mailed to the member's reply-to
// address and their list says Answered (also in Arabic). A member reports a thought, the operator
// hides it from the Reports queue (recorded in the audit list), and it is gone from the feed and
// its page. A member blocks another from their profile (in Arabic) and unblocks them in Settings.
// The operator suspends a member from the Members tab: signed out everywhere, they sign in again,
// read, are told why they cannot post, and post again once restored. Everyone else finds no
// console at /app/admin.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../scripts/local-server.mjs';
import { logIn, newMember, signUp, useBrowser } from './support/browser.ts';
import { mailTo } from './support/mail.ts';

/** The value next to a label in a description list (device details, a message's facts, a report's). */
const fact = (scope: Page | Locator, label: string) =>
  scope.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

describe('operations: support, moderation and the operator console', () => {
  // Made before the server starts, so ADMIN_EMAILS names an account unique to this run.
  const operator = newMember();
  let server: Awaited<ReturnType<typeof startLocalServer>>;

  beforeAll(async () => {
    server = await startLocalServer({
      env: { ADMIN_EMAILS: operator.email, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
  });

  afterAll(async () => {
    const code = await server?.stop();
    if (code !== 0 && code !== undefined)
      throw new Error(`The server exited with ${code}:\n${server.output()}`);
  });

  // Registered after the server's hooks, so the browser closes first (after-hooks run in reverse).
  const browser = useBrowser();

  /** A new member, signed up on this file's server. */
  async function member(viewport?: { width: number; height: number }) {
    const details = newMember();
    const page = await browser.newPage(viewport, server);
    await signUp(page, details, server);
    return { ...details, page };
  }

  let operatorPage: Page | undefined;
  /** The operator's page (signed up the first time it is needed, then kept). */
  async function asOperator(): Promise<Page> {
    if (!operatorPage) {
      operatorPage = await browser.newPage(undefined, server);
      await signUp(operatorPage, operator, server);
    }
    return operatorPage;
  }

  /** Posts a thought on /app/thoughts; its address (/app/thoughts/<author's number>/<id>). */
  async function postThought(page: Page, text: string): Promise<string> {
    await page.goto('/app/thoughts');
    await page.getByLabel('Your thought').fill(text);
    await page.getByRole('button', { name: 'Post thought' }).click();
    const card = page.getByRole('article').filter({ hasText: text });
    await card.waitFor();
    const href = await card.getByRole('link', { name: /repl/ }).getAttribute('href');
    expect(href).toMatch(/^\/app\/thoughts\/\d+\/.+$/);
    return href ?? '';
  }

  /** The feed has loaded (the member's own thought is in it): whether `text` is in it too. */
  async function feedShows(page: Page, ownText: string, text: string): Promise<boolean> {
    await page.goto('/app/thoughts');
    await page.getByRole('article').filter({ hasText: ownText }).waitFor();
    return (await page.getByRole('article').filter({ hasText: text }).count()) > 0;
  }

  it('answers a support message from the console, by mail to the member’s reply-to address', async () => {
    // The member, on a phone: the form shows what the browser adds before anything is sent.
    const sender = await member({ width: 390, height: 844 });
    const { page } = sender;
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    await page.waitForURL('**/app/support');
    await page.getByRole('heading', { level: 1, name: 'Contact support' }).waitFor();
    await page.getByText("You haven't written to us yet.", { exact: false }).waitFor();
    const userAgent = await page.evaluate(() => navigator.userAgent);
    await page.getByText('What we send with your message').waitFor();
    expect(await fact(page, 'Browser').innerText()).toBe(userAgent);
    expect(await fact(page, 'Screen').innerText()).toBe('390×844 @1x');
    expect(await fact(page, 'Language').innerText()).toMatch(/^en/);
    expect(await fact(page, 'App version').innerText()).not.toBe('Not reported');
    // Nothing sticks out sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The reply-to starts as the account's address; the member answers elsewhere.
    const replyToField = page.getByRole('textbox', { name: 'Reply to' });
    expect(await replyToField.inputValue()).toBe(sender.email);
    const send = page.getByRole('button', { name: 'Send message' });
    await send.click();
    await page.getByRole('alert').filter({ hasText: 'Write your message first.' }).waitFor();
    const replyTo = sender.email.replace('@example.com', '+support@example.org');
    await replyToField.fill(replyTo);
    const text = `The reader skips from page 3 to page 5 in The Prince (${sender.name}).`;
    await page.getByRole('textbox', { name: 'Your message' }).fill(text);
    await send.click();
    await page.getByText(`Thanks — your message was sent. We will answer at ${replyTo}.`).waitFor();
    expect(await page.getByRole('textbox', { name: 'Your message' }).inputValue()).toBe('');
    await page.getByRole('region', { name: 'Your messages' }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: text });
    await item.waitFor();
    expect(await item.innerText()).toContain('Open');
    expect(await item.innerText()).toContain('Waiting for an answer');

    // The operators were mailed (SUPPORT_EMAIL's default), with the way to the console.
    const toOperators = await mailTo('support@localhost', `Support from ${sender.name}`, {
      dataDir: server.dataDir,
    });
    expect(toOperators.text).toContain(text);
    expect(toOperators.text).toContain(`${server.baseURL}/app/admin/support/`);

    // The operator finds the console in the menu, and the message in the inbox.
    const consolePage = await asOperator();
    await consolePage.getByRole('link', { name: 'Console' }).click();
    await consolePage.waitForURL('**/app/admin/support');
    await consolePage.getByRole('heading', { level: 2, name: 'Support inbox' }).waitFor();
    const row = consolePage
      .getByRole('list', { name: 'Support messages' })
      .getByRole('link')
      .filter({ hasText: sender.name });
    await row.waitFor();
    expect(await row.innerText()).toContain('Open');
    await row.click();
    await consolePage.getByRole('heading', { level: 2, name: `Message from ${sender.name}` }).waitFor();
    expect(await consolePage.locator('main').innerText()).toContain(text);
    expect(await fact(consolePage, 'Reply-to email').innerText()).toBe(replyTo);
    expect(await fact(consolePage, 'Account email').innerText()).toBe(sender.email);
    expect(await fact(consolePage, 'Browser (user agent)').innerText()).toBe(userAgent);
    expect(await fact(consolePage, 'Screen').innerText()).toBe('390×844 @1x');

    // The answer is mailed to the reply-to address, and the message is answered.
    const answer = 'Thank you: page 4 was missing from that summary. It is back now.';
    await consolePage.getByRole('textbox', { name: 'Your reply' }).fill(answer);
    await consolePage.getByRole('button', { name: 'Send reply' }).click();
    await consolePage.getByText(`Reply sent by mail to ${replyTo}.`).waitFor();
    const replies = consolePage.getByRole('region', { name: 'Replies' });
    await replies.getByText(answer).waitFor();
    expect(await replies.innerText()).toContain('Mailed');
    const mail = await mailTo(replyTo, 'Sahifa support replied', { dataDir: server.dataDir });
    expect(mail.text).toContain(answer);
    expect(mail.text).toContain(`> ${text}`);
    expect(await consolePage.getByRole('button', { name: 'Reopen' }).count()).toBe(1);

    // The member's list says Answered…
    await page.reload();
    await item.waitFor();
    await expect.poll(() => item.innerText()).toContain('Answered');
    expect(await item.innerText()).toMatch(/Answered on \w+ \d{1,2}, \d{4}/);
    // …in Arabic too.
    await page.getByLabel('Language').first().selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { level: 2, name: 'رسائلك' }).waitFor();
    await expect.poll(() => item.innerText()).toContain('تمت الإجابة');

    // The audit list has the reply, by the operator.
    await consolePage.getByRole('link', { name: 'Audit' }).click();
    const audit = consolePage.getByRole('list', { name: 'Operator actions' });
    const replied = audit.getByRole('listitem').filter({ hasText: 'Replied to a message' }).first();
    await replied.waitFor();
    expect(await replied.innerText()).toContain(operator.email);
  });

  it('hides a reported thought from the Reports queue: gone from the feed and its page', async () => {
    const author = await member();
    const reporter = await member();
    const bystander = await member();
    const text = `Buy cheap summaries at spam.example ${author.name}`;
    const path = await postThought(author.page, text);
    const reporterText = `Reading Walden again ${reporter.name}`;
    await postThought(reporter.page, reporterText);

    // The reporter reports it from the feed, with a reason.
    const card = reporter.page.getByRole('article').filter({ hasText: text });
    await reporter.page.goto('/app/thoughts');
    await card.getByRole('button', { name: 'Report' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this thought' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose a reason.' }).waitFor();
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await dialog.getByRole('textbox', { name: /^Details/ }).fill('Advertising another site.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Thanks — our team will look at it.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The operator sees it in the queue, and hides it.
    const consolePage = await asOperator();
    await consolePage.goto('/app/admin/reports');
    const report = consolePage
      .getByRole('list', { name: 'Reports' })
      .getByRole('article', { name: 'Thought · Spam' })
      .filter({ hasText: text });
    await report.waitFor();
    expect(await report.innerText()).toContain(author.name);
    expect(await report.innerText()).toContain(reporter.name);
    expect(await report.innerText()).toContain('Advertising another site.');
    await report.getByRole('button', { name: 'Hide', exact: true }).click();
    await consolePage.getByText('Hidden. The open reports on it are closed.').waitFor();
    await report.waitFor({ state: 'detached' });
    // Among the closed ones, marked hidden.
    await consolePage.getByRole('button', { name: 'Closed', exact: true }).click();
    const closed = consolePage.getByRole('article').filter({ hasText: text });
    await closed.waitFor();
    expect(await fact(closed, 'State').innerText()).toMatch(/^Hidden \w+ \d{1,2}, \d{4}/);

    // Gone from the reporter's feed and another member's, and its page is not found.
    expect(await feedShows(reporter.page, reporterText, text)).toBe(false);
    const bystanderText = `On Meditations ${bystander.name}`;
    await postThought(bystander.page, bystanderText);
    expect(await feedShows(bystander.page, bystanderText, text)).toBe(false);
    await bystander.page.goto(path);
    await bystander.page.getByRole('heading', { name: 'Thought not found' }).waitFor();
    // Nor on the author's profile, where it was their only thought.
    await bystander.page.goto(`/app/${path.split('/')[3]}`);
    await bystander.page.getByRole('heading', { level: 1, name: author.name }).waitFor();
    await bystander.page.getByText('No thoughts yet.').waitFor();
    expect(await bystander.page.getByText(text).count()).toBe(0);
    await reporter.page.goto(path);
    await reporter.page.getByRole('heading', { name: 'Thought not found' }).waitFor();

    // The audit list has it.
    await consolePage.goto('/app/admin/audit');
    const hid = consolePage
      .getByRole('list', { name: 'Operator actions' })
      .getByRole('listitem')
      .filter({ hasText: 'Hid an item' })
      .first();
    await hid.waitFor();
    expect(await hid.innerText()).toContain(operator.email);
  });

  it('blocks a member from their profile and unblocks them in Settings (in Arabic)', async () => {
    const blocked = await member();
    const blocker = await member();
    const blockedText = `Notes on the Muqaddimah ${blocked.name}`;
    const path = await postThought(blocked.page, blockedText);
    const ownText = `Reading Ibn Battuta ${blocker.name}`;
    await postThought(blocker.page, ownText);
    expect(await feedShows(blocker.page, ownText, blockedText)).toBe(true);

    // In Arabic, on the other member's profile: Block, confirmed.
    const { page } = blocker;
    await page.getByLabel('Language').first().selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const number = path.split('/')[3];
    await page.goto(`/app/${number}`);
    await page.getByRole('heading', { level: 1, name: blocked.name }).waitFor();
    await page.getByRole('button', { name: 'حظر', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: `حظر ${blocked.name}؟` });
    await confirm.getByRole('button', { name: 'حظر', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('لقد حظرت هذا العضو: خواطره وردوده مخفية عنك.').waitFor();
    await page.getByText('خواطره مخفية لأنك حظرته.').waitFor();

    // Their thoughts are gone from the feed.
    expect(await feedShows(page, ownText, blockedText)).toBe(false);

    // Settings → Blocked members → Unblock: they are back.
    await page.goto('/app/settings');
    const list = page.getByRole('region', { name: 'الأعضاء المحظورون' });
    await list.getByRole('link', { name: blocked.name }).waitFor();
    await list.getByRole('button', { name: `إلغاء حظر ${blocked.name}` }).click();
    await list.getByText('لم تحظر أحدًا.').waitFor();
    expect(await feedShows(page, ownText, blockedText)).toBe(true);
    // The blocked member never knew: they still see the blocker's thought.
    expect(await feedShows(blocked.page, blockedText, ownText)).toBe(true);
  });

  it('suspends a member from the console: signed out, then reading but not writing, until restored', async () => {
    const suspect = await member();
    const before = `Before the suspension ${suspect.name}`;
    await postThought(suspect.page, before);

    // The operator finds the member by email and suspends them.
    const consolePage = await asOperator();
    await consolePage.goto('/app/admin/members');
    await consolePage.getByRole('searchbox', { name: 'Search members' }).fill(suspect.email);
    await consolePage.keyboard.press('Enter');
    const card = consolePage.getByRole('article', { name: suspect.name });
    await card.waitFor();
    await expect.poll(() => consolePage.getByRole('article').count()).toBe(1);
    await card.getByRole('button', { name: 'Suspend', exact: true }).click();
    const confirm = consolePage.getByRole('alertdialog', { name: `Suspend ${suspect.name}?` });
    await confirm.getByRole('button', { name: 'Suspend', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.getByText('Suspended', { exact: true }).waitFor();

    // Their session ended: the app asks them to log in again.
    const { page } = suspect;
    await page.goto('/app/thoughts');
    await page.waitForURL('**/login**');
    await logIn(page, suspect);
    await page.waitForURL('**/app/**');

    // They read (their thought is there) and are told why they cannot post.
    await page.goto('/app/thoughts');
    await page.getByRole('article').filter({ hasText: before }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Your account is suspended' });
    await notice.waitFor();
    await page.getByLabel('Your thought').fill(`During the suspension ${suspect.name}`);
    await page.getByRole('button', { name: 'Post thought' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your account is suspended: you can still read, but not post' })
      .waitFor();
    expect(await page.getByRole('article').filter({ hasText: 'During the suspension' }).count()).toBe(0);

    // Restored, they post again, and the notice is gone.
    await consolePage.getByRole('button', { name: 'Restore', exact: true }).click();
    const restore = consolePage.getByRole('alertdialog', { name: `Restore ${suspect.name}?` });
    await restore.getByRole('button', { name: 'Restore', exact: true }).click();
    await restore.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Suspend', exact: true }).waitFor();
    await page.reload();
    await postThought(page, `After the suspension ${suspect.name}`);
    expect(await notice.count()).toBe(0);

    // Both actions are in the audit list.
    await consolePage.goto('/app/admin/audit');
    const actions = consolePage.getByRole('list', { name: 'Operator actions' });
    await actions.getByRole('listitem').filter({ hasText: 'Suspended a member' }).first().waitFor();
    await actions.getByRole('listitem').filter({ hasText: 'Restored a member' }).first().waitFor();
  });

  it('shows everyone but an operator the ordinary not-found page at /app/admin', async () => {
    const { page } = await member();
    // Once the app knows who this is (the account's operator flag included): no Console in the menu.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Console' }).count()).toBe(0);
    for (const path of ['/app/admin', '/app/admin/reports', '/app/admin/support']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await expect.poll(() => page.title()).toBe('Page not found · Sahifa');
      expect(await page.getByRole('heading', { name: 'Console' }).count()).toBe(0);
    }
    // The API's console does not exist for them either.
    expect((await page.request.get('/api/v1/admin/support')).status()).toBe(404);
    // Nor for a visitor who is signed out.
    const visitor = await browser.newPage(undefined, server);
    expect((await visitor.request.get('/api/v1/admin/reports')).status()).toBe(404);
  });
});
