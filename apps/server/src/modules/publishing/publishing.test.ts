import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { editableSummarySchema, type SummaryInput, savedSummarySchema } from '@sahifa/contracts/publishing';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import { createStorage } from '#server/storage/create-storage.ts';
import { UNSUPPORTED_IMAGE_MESSAGE } from '#server/storage/images.ts';
import { type FakeS3, fakeS3Env, startFakeS3 } from '#server/test/fake-s3.ts';
import { photo, SVG } from '#server/test/images.ts';
import { call, signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { type FormFile, multipart } from '#server/test/multipart.ts';
import {
  createTestApp,
  engines,
  FIXTURE_CONTENT_DIR,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/test-app.ts';

const COVER_URL =
  /^\/uploads\/darker_summaries_images\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const USER_AGENT = 'Mozilla/5.0 (Test Phone) SahifaTest/1.0';

function summary(overrides: Partial<SummaryInput> = {}): SummaryInput {
  return {
    title: '  The Lantern Keeper  ',
    author: ' Amina Test ',
    categoryId: 'philosophy',
    tags: ['Stoicism', ' Night Walks ', 'الفَلسفة'],
    aboutBook: ' A story about keeping a light. ',
    bookReference: ' Amina Test, The Lantern Keeper, 2024. ',
    enPages: [
      { order: 2, header: ' Second ', content1: ' The second page. ' },
      { order: 1, header: ' First ', subHeader: ' Opening ', content1: ' The first page. ' },
    ],
    arPages: [{ order: 1, header: ' الأولى ', content1: ' الحِكْمَةُ ضالّة المؤمن. ' }],
    ...overrides,
  };
}

describe.each(engines)('member summaries on %s', (engine) => {
  let t: TestApp;
  let author: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    author = await signUpMember(t.app, 'Amina Author');
    other = await signUpMember(t.app, 'Omar Other');
  });
  afterAll(async () => {
    await t?.close();
  });

  const coversDir = () => path.join(t.dataDir, 'uploads', 'darker_summaries_images');
  const storedCovers = () => (existsSync(coversDir()) ? readdirSync(coversDir()) : []);
  const fileOf = (url: string) => path.join(t.dataDir, url.replace(/^\/uploads\//, 'uploads/'));
  /** The cards' copy of a book's cover, as the book's row holds it. */
  const cardOf = async (bookId: string) =>
    (await t.db.selectFrom('book').select('card_image').where('id', '=', bookId).executeTakeFirstOrThrow())
      .card_image ?? '';
  const countBooks = async () =>
    Number(
      (
        await t.db
          .selectFrom('book')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function send(
    member: TestMember | null,
    method: 'POST' | 'PUT',
    url: string,
    fields: { data?: unknown; cover?: FormFile; [name: string]: unknown },
  ) {
    const { data, ...rest } = fields;
    const form = await multipart({
      ...(rest as Record<string, FormFile | string>),
      data: data === undefined ? undefined : typeof data === 'string' ? data : JSON.stringify(data),
    });
    return t.app.inject({
      method,
      url,
      payload: form.payload,
      headers: {
        ...form.headers,
        origin: TEST_ORIGIN,
        'user-agent': USER_AGENT,
        ...(member ? { cookie: member.cookie } : {}),
      },
    });
  }

  const publish = (member: TestMember | null, data: unknown, cover?: FormFile) =>
    send(member, 'POST', '/api/v1/books', { data, cover });
  const pngCover = async (width = 1600, height = 1000): Promise<FormFile> => ({
    bytes: await photo('png', width, height),
    filename: 'cover.png',
    type: 'image/png',
  });

  /** Publishes a summary as `member` and returns its id and cover URL. */
  async function published(member = author, data: unknown = summary(), cover?: FormFile) {
    const res = await publish(member, data, cover);
    expect(res.statusCode, res.body).toBe(201);
    return savedSummarySchema.parse(res.json());
  }

  describe('signed out', () => {
    it('gets 401 "No authenticated user" from every endpoint, and nothing is stored', async () => {
      const before = await countBooks();
      const { id } = await published();
      const responses = [
        await publish(null, summary(), await pngCover()),
        await send(null, 'PUT', `/api/v1/books/${id}`, { data: summary(), cover: await pngCover() }),
        await call(t.app, null, 'DELETE', `/api/v1/books/${id}`),
        await call(t.app, null, 'GET', `/api/v1/books/${id}/editable`),
      ];
      for (const res of responses) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'No authenticated user' } });
      }
      expect(await countBooks()).toBe(before + 1);
      expect(storedCovers()).toEqual([]);
    });
  });

  describe('POST /api/v1/books', () => {
    it('publishes a member summary with a cover re-encoded to WebP, text trimmed', async () => {
      const res = await publish(author, summary(), await pngCover());
      expect(res.statusCode, res.body).toBe(201);
      const saved = savedSummarySchema.parse(res.json());
      expect(saved.categoryId).toBe('philosophy');
      expect(saved.bookImage).toMatch(COVER_URL);

      // The cover: WebP, 800 px wide, no EXIF, served from /uploads with the right headers.
      const cover = await t.app.inject({ method: 'GET', url: saved.bookImage ?? '' });
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toBe('image/webp');
      expect(cover.headers['x-content-type-options']).toBe('nosniff');
      expect(cover.headers['cache-control']).toContain('immutable');
      const meta = await sharp(cover.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 800, height: 500 });
      expect(meta.exif).toBeUndefined();

      // The cards' copy: 360 px wide, shown by the lists (the category's first page here).
      const list = await call(t.app, author, 'GET', '/api/v1/categories/philosophy/books');
      const card = list.json().books.find((b: { id: string }) => b.id === saved.id);
      expect(card).toMatchObject({ bookImage: saved.bookImage, cardImage: await cardOf(saved.id) });
      expect(card.cardImage).toBe(`${saved.bookImage}-card`);
      const cardFile = await t.app.inject({ method: 'GET', url: card.cardImage });
      expect(cardFile.statusCode).toBe(200);
      expect(await sharp(cardFile.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 360,
        height: 225,
      });

      const book = await t.db
        .selectFrom('book')
        .selectAll()
        .where('id', '=', saved.id)
        .executeTakeFirstOrThrow();
      expect(book).toMatchObject({
        source: 'member',
        category_id: 'philosophy',
        title: 'The Lantern Keeper',
        author: 'Amina Test',
        about_book: 'A story about keeping a light.',
        book_reference: 'Amina Test, The Lantern Keeper, 2024.',
        book_image: saved.bookImage,
        added_by: 'Amina Author',
        device_info: USER_AGENT,
        user_id: author.id,
      });
      expect(Date.now() - Date.parse(book.added_at)).toBeLessThan(60_000);

      const pages = await t.db
        .selectFrom('page')
        .selectAll()
        .where('book_id', '=', saved.id)
        .orderBy('lang', 'desc')
        .orderBy('order')
        .execute();
      expect(pages.map((p) => [p.lang, p.order, p.header, p.content1])).toEqual([
        ['en', 1, 'First', 'The first page.'],
        ['en', 2, 'Second', 'The second page.'],
        ['ar', 1, 'الأولى', 'الحِكْمَةُ ضالّة المؤمن.'],
      ]);
      expect(pages[0]?.sub_header).toBe('Opening');

      // Tags: the existing "Stoicism" is reused; new ones are created with slug ids.
      const tags = await t.db
        .selectFrom('book_tag')
        .innerJoin('tag', 'tag.id', 'book_tag.tag_id')
        .select(['tag.id', 'tag.name'])
        .where('book_tag.book_id', '=', saved.id)
        .orderBy('tag.id')
        .execute();
      expect(tags).toEqual([
        { id: 'night-walks', name: 'Night Walks' },
        { id: 'stoicism', name: 'Stoicism' },
        { id: 'الفلسفة', name: 'الفَلسفة' },
      ]);

      // It is in the library (its category) and in the preview as the author's.
      const preview = await call(t.app, author, 'GET', `/api/v1/books/${saved.id}`);
      expect(preview.statusCode).toBe(200);
      expect(preview.json().book).toMatchObject({ source: 'member', isMine: true, addedBy: 'Amina Author' });
    });

    it('accepts a JPEG; a summary without a cover has none', async () => {
      const jpeg = await published(author, summary(), {
        bytes: await photo('jpeg', 600, 900),
        filename: 'photo.jpg',
        type: 'image/jpeg',
      });
      const file = fileOf(jpeg.bookImage ?? '');
      expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 600, height: 900 });
      const plain = await published(author, summary({ tags: [] }));
      expect(plain.bookImage).toBeNull();
    });

    describe('refuses bad input with 400/413 and writes nothing (no row, no stored file)', () => {
      let before: number;
      let coversBefore: string[];
      beforeEach(async () => {
        before = await countBooks();
        coversBefore = storedCovers();
      });
      const expectNothingWritten = async () => {
        expect(await countBooks()).toBe(before);
        expect(storedCovers()).toEqual(coversBefore);
      };

      it('a text file renamed .png', async () => {
        const res = await publish(author, summary(), {
          bytes: Buffer.from('I am not a picture, whatever my name says.\n'),
          filename: 'cover.png',
          type: 'image/png',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(UNSUPPORTED_IMAGE_MESSAGE);
        await expectNothingWritten();
      });

      it('an SVG image', async () => {
        const res = await publish(author, summary(), {
          bytes: SVG,
          filename: 'cover.svg',
          type: 'image/svg+xml',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(UNSUPPORTED_IMAGE_MESSAGE);
        await expectNothingWritten();
      });

      it('a 20 MB image (413, before any decoding)', async () => {
        const bytes = Buffer.concat([await photo('png', 100, 100), Buffer.alloc(20 * 1024 * 1024, 7)]);
        const res = await publish(author, summary(), { bytes, filename: 'huge.png', type: 'image/png' });
        expect(res.statusCode).toBe(413);
        expect(res.json().error).toEqual({
          code: 'PAYLOAD_TOO_LARGE',
          message: 'The image is too large: at most 5 MB.',
        });
        await expectNothingWritten();
      });

      it('a missing title, a 50,000-character field, duplicate page orders, an unknown category', async () => {
        const cover = await pngCover(200, 300);
        const cases: [unknown, RegExp][] = [
          [summary({ title: '   ' }), /^title: /],
          [{ ...summary(), title: undefined }, /^title: /],
          [summary({ aboutBook: 'x'.repeat(50_000) }), /^aboutBook: /],
          [
            summary({ enPages: [{ order: 1, header: 'One', content1: 'y'.repeat(50_000) }] }),
            /^enPages\.0\.content1: /,
          ],
          [
            summary({
              arPages: [
                { order: 1, header: 'أ', content1: 'نص' },
                { order: 1, header: 'ب', content1: 'نص' },
              ],
            }),
            /Each page needs its own order number/,
          ],
          [summary({ enPages: [], arPages: [] }), /at least one page/],
          [summary({ tags: Array.from({ length: 11 }, (_, i) => `tag ${i}`) }), /^tags: /],
          [summary({ enPages: [{ order: 0, header: 'Zero', content1: 'Text' }] }), /^enPages\.0\.order: /],
        ];
        for (const [data, message] of cases) {
          const res = await publish(author, data, cover);
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().error.code).toBe('VALIDATION_ERROR');
          expect(res.json().error.message).toMatch(message);
        }
        const unknown = await publish(author, summary({ categoryId: 'poetry' }), cover);
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().error).toEqual({ code: 'UNKNOWN_CATEGORY', message: 'Unknown category.' });
        await expectNothingWritten();
      });

      it('a missing or malformed data field, a stray file, a JSON body', async () => {
        const cover = await pngCover(200, 300);
        const missing = await publish(author, undefined, cover);
        expect(missing.statusCode).toBe(400);
        expect(missing.json().error.message).toMatch(/data/);
        const broken = await publish(author, '{"title": ', cover);
        expect(broken.statusCode).toBe(400);
        expect(broken.json().error.message).toBe('The `data` form field is not valid JSON.');
        const stray = await send(author, 'POST', '/api/v1/books', { data: summary(), image: cover });
        expect(stray.statusCode).toBe(400);
        const json = await call(t.app, author, 'POST', '/api/v1/books', { data: summary() });
        expect(json.statusCode).toBe(415);
        await expectNothingWritten();
      });
    });

    it('removes the stored cover when the database write fails', async () => {
      // A trigger makes the insert fail after the cover has been stored.
      if (engine === 'sqlite') {
        await sql`create trigger refuse_boom before insert on book when new.title = 'Boom'
          begin select raise(abort, 'boom'); end`.execute(t.db);
      } else {
        await sql`create function refuse_boom() returns trigger language plpgsql as $$
          begin if new.title = 'Boom' then raise exception 'boom'; end if; return new; end $$`.execute(t.db);
        await sql`create trigger refuse_boom before insert on book for each row execute function refuse_boom()`.execute(
          t.db,
        );
      }
      try {
        const coversBefore = storedCovers();
        const before = await countBooks();
        const res = await publish(author, summary({ title: 'Boom' }), await pngCover(200, 300));
        expect(res.statusCode).toBe(500);
        expect(res.json().error.code).toBe('INTERNAL_ERROR');
        expect(storedCovers()).toEqual(coversBefore);
        expect(await countBooks()).toBe(before);
      } finally {
        if (engine === 'sqlite') await sql`drop trigger refuse_boom`.execute(t.db);
        else await sql`drop trigger refuse_boom on book`.execute(t.db);
      }
    });
  });

  describe('PUT /api/v1/books/:bookId', () => {
    it('lets the author edit; a new cover replaces the old one, which is deleted', async () => {
      const first = await published(author, summary(), await pngCover());
      const oldFile = fileOf(first.bookImage ?? '');
      const oldCard = fileOf(await cardOf(first.id));
      expect(existsSync(oldFile) && existsSync(oldCard)).toBe(true);

      const res = await send(author, 'PUT', `/api/v1/books/${first.id}`, {
        data: summary({
          title: ' The Lantern Keeper, revised ',
          categoryId: 'history',
          tags: ['Night Walks'],
          enPages: [{ order: 1, header: 'Only', content1: 'One page now.' }],
          arPages: [],
        }),
        cover: await pngCover(400, 600),
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = savedSummarySchema.parse(res.json());
      expect(saved).toMatchObject({ id: first.id, categoryId: 'history' });
      expect(saved.bookImage).toMatch(COVER_URL);
      expect(saved.bookImage).not.toBe(first.bookImage);
      expect(existsSync(oldFile) || existsSync(oldCard)).toBe(false);
      expect(existsSync(fileOf(saved.bookImage ?? ''))).toBe(true);
      expect(existsSync(fileOf(await cardOf(first.id)))).toBe(true);

      const editable = editableSummarySchema.parse(
        (await call(t.app, author, 'GET', `/api/v1/books/${first.id}/editable`)).json(),
      );
      expect(editable).toMatchObject({
        title: 'The Lantern Keeper, revised',
        categoryId: 'history',
        tags: ['Night Walks'],
        bookImage: saved.bookImage,
        arPages: [],
      });
      expect(editable.enPages).toEqual([
        {
          order: 1,
          header: 'Only',
          subHeader: '',
          content1: 'One page now.',
          subHeader2: '',
          content2: '',
          subHeader3: '',
          content3: '',
          subHeader4: '',
          content4: '',
        },
      ]);
      const book = await t.db
        .selectFrom('book')
        .selectAll()
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
      expect(book).toMatchObject({ added_by: 'Amina Author', user_id: author.id, source: 'member' });
    });

    it('keeps the cover when none is sent, and removeCover deletes it', async () => {
      const first = await published(author, summary(), await pngCover(300, 300));
      const file = fileOf(first.bookImage ?? '');
      const card = await cardOf(first.id);
      const kept = await send(author, 'PUT', `/api/v1/books/${first.id}`, {
        data: summary({ title: 'Kept' }),
      });
      expect(kept.json().bookImage).toBe(first.bookImage);
      expect(await cardOf(first.id)).toBe(card);
      expect(existsSync(file) && existsSync(fileOf(card))).toBe(true);
      const removed = await send(author, 'PUT', `/api/v1/books/${first.id}`, {
        data: summary({ removeCover: true }),
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().bookImage).toBeNull();
      expect(await cardOf(first.id)).toBe('');
      expect(existsSync(file) || existsSync(fileOf(card))).toBe(false);
    });

    it('refuses another member (403), official books (403) and unknown ids (404); nothing changes', async () => {
      const mine = await published(author, summary(), await pngCover(300, 300));
      const coversBefore = storedCovers();
      const byOther = await send(other, 'PUT', `/api/v1/books/${mine.id}`, {
        data: summary({ title: 'Hijacked' }),
        cover: await pngCover(300, 300),
      });
      expect(byOther.statusCode).toBe(403);
      expect(byOther.json().error.message).toBe('Only the member who published this summary can edit it.');
      const official = await send(author, 'PUT', '/api/v1/books/test-one', { data: summary() });
      expect(official.statusCode).toBe(403);
      const unknown = await send(author, 'PUT', '/api/v1/books/no-such-book', { data: summary() });
      expect(unknown.statusCode).toBe(404);

      const book = await t.db
        .selectFrom('book')
        .selectAll()
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
      expect(book.title).toBe('The Lantern Keeper');
      expect(book.book_image).toBe(mine.bookImage);
      expect(storedCovers()).toEqual(coversBefore);
      const testOne = await t.db
        .selectFrom('book')
        .select('title')
        .where('id', '=', 'test-one')
        .executeTakeFirst();
      expect(testOne?.title).toBe('Test One');
    });

    it('refuses bad input from the author and changes nothing', async () => {
      const mine = await published(author, summary(), await pngCover(300, 300));
      const coversBefore = storedCovers();
      for (const fields of [
        { data: summary({ title: '' }), cover: await pngCover(300, 300) },
        { data: summary({ categoryId: 'poetry' }), cover: await pngCover(300, 300) },
        { data: summary(), cover: { bytes: SVG, filename: 'x.png', type: 'image/png' } },
      ]) {
        const res = await send(author, 'PUT', `/api/v1/books/${mine.id}`, fields);
        expect(res.statusCode).toBe(400);
      }
      expect(storedCovers()).toEqual(coversBefore);
      const book = await t.db
        .selectFrom('book')
        .selectAll()
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
      expect(book).toMatchObject({
        title: 'The Lantern Keeper',
        category_id: 'philosophy',
        book_image: mine.bookImage,
      });
    });
  });

  describe('DELETE /api/v1/books/:bookId', () => {
    it('refuses another member and official books (403), unknown ids (404)', async () => {
      const mine = await published(author, summary(), await pngCover(300, 300));
      const byOther = await call(t.app, other, 'DELETE', `/api/v1/books/${mine.id}`);
      expect(byOther.statusCode).toBe(403);
      expect(byOther.json().error.message).toBe('Only the member who published this summary can delete it.');
      expect((await call(t.app, author, 'DELETE', '/api/v1/books/test-one')).statusCode).toBe(403);
      expect((await call(t.app, author, 'DELETE', '/api/v1/books/no-such-book')).statusCode).toBe(404);
      expect(existsSync(fileOf(mine.bookImage ?? ''))).toBe(true);
      expect(
        await t.db.selectFrom('book').select('id').where('id', '=', mine.id).executeTakeFirst(),
      ).toBeDefined();
      expect(
        await t.db.selectFrom('book').select('id').where('id', '=', 'test-one').executeTakeFirst(),
      ).toBeDefined();
    });

    it('refuses a form body (415), as only publishing and editing read one, and deletes nothing', async () => {
      const mine = await published(author);
      const form = await multipart({ data: 'x' });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/books/${mine.id}`,
        payload: form.payload,
        headers: { ...form.headers, origin: TEST_ORIGIN, cookie: author.cookie },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(
        await t.db.selectFrom('book').select('id').where('id', '=', mine.id).executeTakeFirst(),
      ).toBeDefined();
    });

    it('lets the author delete: rows, cover file and search entry are gone', async () => {
      const mine = await published(author, summary({ title: 'Quixotic Zephyrs' }), await pngCover(300, 300));
      const card = fileOf(await cardOf(mine.id));
      expect(existsSync(card)).toBe(true);
      await call(t.app, other, 'PUT', `/api/v1/books/${mine.id}/bookmark`);
      const found = await call(t.app, author, 'GET', '/api/v1/search?q=quixotic');
      expect(found.json().books.map((b: { id: string }) => b.id)).toEqual([mine.id]);

      const res = await call(t.app, author, 'DELETE', `/api/v1/books/${mine.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(existsSync(fileOf(mine.bookImage ?? '')) || existsSync(card)).toBe(false);
      expect(
        await t.db.selectFrom('book').select('id').where('id', '=', mine.id).executeTakeFirst(),
      ).toBeUndefined();
      expect(
        await t.db.selectFrom('page').select('book_id').where('book_id', '=', mine.id).execute(),
      ).toEqual([]);
      expect(
        await t.db.selectFrom('bookmark').select('book_id').where('book_id', '=', mine.id).execute(),
      ).toEqual([]);
      const after = await call(t.app, author, 'GET', '/api/v1/search?q=quixotic');
      expect(after.json().books).toEqual([]);
      expect((await call(t.app, author, 'DELETE', `/api/v1/books/${mine.id}`)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: mine.bookImage ?? '' })).statusCode).toBe(404);
    });
  });

  describe('Arabic title and author', () => {
    it('are optional, trimmed, shown on the preview and editable; a member tag has no Arabic name', async () => {
      const mine = await published(author, summary({ titleAr: '  حارس الفانوس ', authorAr: ' أمينة ' }));
      const preview = (await call(t.app, author, 'GET', `/api/v1/books/${mine.id}`)).json();
      expect(preview.book).toMatchObject({
        title: 'The Lantern Keeper',
        titleAr: 'حارس الفانوس',
        authorAr: 'أمينة',
      });
      expect(preview.book.tags.every((tag: { nameAr: unknown }) => tag.nameAr === null)).toBe(true);
      const editable = editableSummarySchema.parse(
        (await call(t.app, author, 'GET', `/api/v1/books/${mine.id}/editable`)).json(),
      );
      expect(editable).toMatchObject({ titleAr: 'حارس الفانوس', authorAr: 'أمينة' });

      // Emptied on edit: none again (the Arabic interface shows the English ones).
      const res = await send(author, 'PUT', `/api/v1/books/${mine.id}`, {
        data: summary({ titleAr: '', authorAr: '' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = (await call(t.app, author, 'GET', `/api/v1/books/${mine.id}`)).json();
      expect(after.book).toMatchObject({ titleAr: null, authorAr: null });
      const bad = await send(author, 'POST', '/api/v1/books', {
        data: summary({ titleAr: 'x'.repeat(201) }),
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('GET /api/v1/books/:bookId/editable', () => {
    it('answers the author only', async () => {
      const mine = await published();
      const res = await call(t.app, author, 'GET', `/api/v1/books/${mine.id}/editable`);
      expect(res.statusCode).toBe(200);
      const editable = editableSummarySchema.parse(res.json());
      expect(editable).toMatchObject({
        id: mine.id,
        title: 'The Lantern Keeper',
        author: 'Amina Test',
        categoryId: 'philosophy',
        aboutBook: 'A story about keeping a light.',
        bookImage: null,
      });
      expect(editable).toMatchObject({ titleAr: '', authorAr: '' });
      expect([...editable.tags].sort()).toEqual(['Night Walks', 'Stoicism', 'الفَلسفة'].sort());
      expect(editable.enPages.map((p) => p.header)).toEqual(['First', 'Second']);
      expect(editable.arPages.map((p) => p.content1)).toEqual(['الحِكْمَةُ ضالّة المؤمن.']);

      expect((await call(t.app, other, 'GET', `/api/v1/books/${mine.id}/editable`)).statusCode).toBe(403);
      expect((await call(t.app, author, 'GET', '/api/v1/books/test-one/editable')).statusCode).toBe(403);
      expect((await call(t.app, author, 'GET', '/api/v1/books/nope/editable')).statusCode).toBe(404);
    });
  });
});

describe('member summaries with covers in an S3-compatible bucket', () => {
  let s3: FakeS3;
  let t: TestApp;
  let author: TestMember;
  beforeAll(async () => {
    s3 = await startFakeS3('sahifa-covers');
    t = await createTestApp('sqlite', { env: fakeS3Env(s3) });
    await seedLibrary(t.db, { storage: createStorage(t.config), contentDir: FIXTURE_CONTENT_DIR });
    author = await signUpMember(t.app, 'Bucket Author');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores seeded and uploaded covers in the bucket and deletes them from it', async () => {
    // The demo covers went to the bucket under covers/<file>.
    expect(s3.objects.get('covers/test-one.png')?.contentType).toBe('image/png');
    const seeded = await t.db
      .selectFrom('book')
      .select('book_image')
      .where('id', '=', 'test-one')
      .executeTakeFirst();
    expect(seeded?.book_image).toBe(`${s3.url}/sahifa-covers/covers/test-one.png`);
    expect(s3.objects.get('covers/test-one-card.webp')?.contentType).toBe('image/webp');

    const form = await multipart({
      data: JSON.stringify(summary()),
      cover: { bytes: await photo('jpeg', 1000, 1500), filename: 'c.jpg', type: 'image/jpeg' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      payload: form.payload,
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: author.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, bookImage } = savedSummarySchema.parse(res.json());
    const prefix = `${s3.url}/sahifa-covers/`;
    expect(bookImage?.startsWith(`${prefix}darker_summaries_images/`)).toBe(true);
    const key = (bookImage ?? '').slice(prefix.length);
    const object = s3.objects.get(key);
    expect(object?.contentType).toBe('image/webp');
    expect(await sharp(object?.body).metadata()).toMatchObject({ format: 'webp', width: 800 });
    const card = s3.objects.get(`${key}-card`);
    expect(await sharp(card?.body).metadata()).toMatchObject({ format: 'webp', width: 360 });
    // Nothing went to the local folder.
    expect(existsSync(path.join(t.dataDir, 'uploads', 'darker_summaries_images'))).toBe(false);
    // The pages may show it.
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain(`img-src 'self' data: blob: ${s3.url}`);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/books/${id}`,
      headers: { origin: TEST_ORIGIN, cookie: author.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(s3.objects.has(key) || s3.objects.has(`${key}-card`)).toBe(false);
    expect(s3.objects.has('covers/test-one.png')).toBe(true);
    expect(s3.objects.has('covers/test-one-card.webp')).toBe(true);
  });
});
