// Journey: member A rates 4 with a comment → the average shows 4.0 → member B rates 2 → 3.0;
// B deletes their rating → back to 4.0; A rates again → their one review is edited, still 1 rating.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newMember, signUp, useBrowser } from './support/browser.ts';

const PREVIEW = '/app/strategy-leadership/preview/art-of-war';

const ratingLine = (page: Page) => page.getByTestId('book-rating').innerText();

async function rate(page: Page, stars: number, comment: string, edit = false) {
  const form = page.locator('form#rate');
  const name = stars === 1 ? '1 star' : `${stars} stars`;
  const star = form.getByRole('radio', { name, exact: true });
  // The radio is drawn as a star: click what the member sees, its label.
  await form
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();
  expect(await star.isChecked()).toBe(true);
  if (comment || edit) await form.getByLabel(/Your comment/).fill(comment);
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/books/art-of-war/comments') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: edit ? 'Update' : 'Post rating' }).click();
  // A member's first rating adds their review (201); a later one edits it (200).
  expect((await posted).status()).toBe(edit ? 200 : 201);
}

describe('ratings and comments', () => {
  const browser = useBrowser();

  it('averages two members’ ratings at once, and the author can delete theirs', async () => {
    const a = await browser.newPage();
    const memberA = newMember();
    await signUp(a, memberA);
    await a.goto(PREVIEW);
    await expect.poll(() => ratingLine(a)).toMatch(/Not rated yet/);

    // Sending without a rating is refused in the page, with a message.
    await a.locator('form#rate').getByRole('button', { name: 'Post rating' }).click();
    await expect.poll(() => a.getByText('Choose a rating from 1 to 5 stars.').count()).toBe(1);

    await rate(a, 4, 'Short, sharp and still useful.\nRead it twice.');
    await expect.poll(() => ratingLine(a)).toMatch(/4\.0/);
    expect(await ratingLine(a)).toMatch(/1 rating/);
    const list = a.getByRole('list', { name: 'Comments, newest first' });
    await expect.poll(() => list.innerText()).toMatch(/Short, sharp and still useful\.\nRead it twice\./);
    expect(await list.getByRole('link', { name: memberA.name }).count()).toBe(1);

    const b = await browser.newPage();
    await signUp(b, newMember());
    await b.goto(PREVIEW);
    await expect.poll(() => ratingLine(b)).toMatch(/4\.0/);
    await rate(b, 2, '');
    await expect.poll(() => ratingLine(b)).toMatch(/3\.0/);
    expect(await ratingLine(b)).toMatch(/2 ratings/);

    // Only B's own comment can be deleted by B; deleting it brings the average back.
    const bList = b.getByRole('list', { name: 'Comments, newest first' });
    expect(await bList.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await bList.getByRole('button', { name: 'Delete' }).click();
    await b.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => ratingLine(b)).toMatch(/4\.0/);
    expect(await ratingLine(b)).toMatch(/1 rating/);

    // A sees the server's average after a reload, and their own review in the form, to edit.
    await a.reload();
    await expect.poll(() => ratingLine(a)).toMatch(/4\.0/);
    const form = a.locator('form#rate');
    await expect.poll(() => form.getByRole('heading', { name: 'Edit your review' }).count()).toBe(1);
    expect(await form.getByRole('radio', { name: '4 stars', exact: true }).isChecked()).toBe(true);
    expect(await form.getByLabel(/Your comment/).inputValue()).toBe(
      'Short, sharp and still useful.\nRead it twice.',
    );

    // Rating again edits the one review: the count stays 1 and the list shows it once.
    await rate(a, 5, 'Even better the second time.', true);
    await expect.poll(() => ratingLine(a)).toMatch(/5\.0/);
    expect(await ratingLine(a)).toMatch(/1 rating/);
    await expect.poll(() => a.getByText('Your review has been updated.').count()).toBe(1);
    const aList = a.getByRole('list', { name: 'Comments, newest first' });
    expect(await aList.getByRole('listitem').count()).toBe(1);
    expect(await aList.innerText()).toMatch(/Even better the second time\./);
    expect(await aList.innerText()).not.toMatch(/Short, sharp/);

    // The server agrees after another reload.
    await a.reload();
    await expect.poll(() => ratingLine(a)).toMatch(/5\.0/);
    expect(await ratingLine(a)).toMatch(/1 rating/);
    expect(await a.getByRole('list', { name: 'Comments, newest first' }).getByRole('listitem').count()).toBe(
      1,
    );
  });
});
