import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { savedSummarySchema } from '@sahifa/contracts/publishing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedLibrary } from '#server/seed/seed.ts';
import { createStorage } from '#server/storage/create-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { type FakeS3, fakeS3Env, startFakeS3 } from '#server/test/fake-s3.ts';
import { photo } from '#server/test/images.ts';
import { signUpMember, type TestMember } from '#server/test/library-helpers.ts';
import { multipart } from '#server/test/multipart.ts';
import {
  createTestApp,
  engines,
  FIXTURE_CONTENT_DIR,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/test-app.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { createUploadsService, SWEEP_GRACE_MS } from './uploads.service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const WEBP = Buffer.from('RIFF\0\0\0\0WEBPVP8 orphan');

function spyLog() {
  return { info: vi.fn(), error: vi.fn() };
}

function sweeper(t: TestApp, storage: Storage = createStorage(t.config), log = spyLog()) {
  return { log, uploads: createUploadsService({ repository: createUploadsRepository(t.db), storage, log }) };
}

/** The key of an upload URL the app handed out. */
function keyOf(t: TestApp, url: string | null | undefined): string {
  const key = url ? createStorage(t.config).keyFromUrl(url) : null;
  if (!key) throw new Error(`not an upload URL: ${url}`);
  return key;
}

async function uploadAvatar(t: TestApp, member: TestMember): Promise<string> {
  const form = await multipart({
    data: JSON.stringify({}),
    avatar: { bytes: await photo('png', 300, 300), filename: 'me.png', type: 'image/png' },
  });
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/me/profile',
    payload: form.payload,
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: member.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.db.selectFrom('user').select('image').where('id', '=', member.id).executeTakeFirst();
  return keyOf(t, row?.image);
}

async function publishWithCover(t: TestApp, member: TestMember): Promise<string> {
  const form = await multipart({
    data: JSON.stringify({
      title: 'The Lantern Keeper',
      author: 'Amina Test',
      categoryId: 'philosophy',
      tags: [],
      aboutBook: 'A story about keeping a light.',
      bookReference: 'Amina Test, 2024.',
      enPages: [{ order: 1, header: 'First', content1: 'The first page.' }],
      arPages: [{ order: 1, header: 'الأولى', content1: 'الصفحة الأولى.' }],
    }),
    cover: { bytes: await photo('jpeg', 600, 900), filename: 'cover.jpg', type: 'image/jpeg' },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/books',
    payload: form.payload,
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: member.cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return keyOf(t, savedSummarySchema.parse(res.json()).bookImage);
}

describe.each(engines)('storage sweep on %s', (engine) => {
  let t: TestApp;
  let member: TestMember;
  let storage: Storage;
  const uploads = () => path.join(t.dataDir, 'uploads');
  const fileOf = (key: string) => path.join(uploads(), ...key.split('/'));
  const stored = (key: string) => existsSync(fileOf(key));
  const age = (key: string, by = DAY) => {
    const then = new Date(Date.now() - by);
    utimesSync(fileOf(key), then, then);
  };
  /** Stored straight into storage, as a crash before the row was written leaves it. */
  async function orphan(folder: string, by = DAY): Promise<string> {
    const key = `${folder}/${randomUUID()}`;
    await storage.put(key, WEBP, 'image/webp');
    if (by > 0) age(key, by);
    return key;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedLibrary(t.db, { dataDir: t.dataDir, contentDir: FIXTURE_CONTENT_DIR });
    member = await signUpMember(t.app, 'Sweep Member');
    storage = createStorage(t.config);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes old unreferenced uploads, and never a referenced, young or demo one', async () => {
    const avatar = await uploadAvatar(t, member);
    const cover = await publishWithCover(t, member);
    // The cards' smaller copy, stored beside the cover.
    const card = `${cover}-card`;
    age(avatar);
    age(cover);
    age(card);
    const demoCovers = readdirSync(path.join(uploads(), 'covers')).map((name) => `covers/${name}`);
    expect(demoCovers.length).toBeGreaterThan(0);
    for (const key of demoCovers) age(key);
    const oldAvatar = await orphan('user_avatars');
    const oldCover = await orphan('darker_summaries_images');
    const youngCover = await orphan('darker_summaries_images', 0);
    const almostOld = await orphan('user_avatars', SWEEP_GRACE_MS - 5 * 60 * 1000);
    // Not a member upload folder: the sweep leaves it to whoever wrote it.
    const strayDemo = await orphan('covers');

    const { uploads: service, log } = sweeper(t);
    expect(await service.sweep()).toEqual({ scanned: 7, removed: 2 });
    expect(stored(oldAvatar)).toBe(false);
    expect(stored(oldCover)).toBe(false);
    for (const key of [avatar, cover, card, youngCover, almostOld, strayDemo, ...demoCovers]) {
      expect(stored(key), key).toBe(true);
    }
    expect(log.info).toHaveBeenCalledWith({ scanned: 7, removed: 2 }, expect.stringContaining('removed 2'));
    expect(log.error).not.toHaveBeenCalled();

    // The pages still show what they showed.
    for (const key of [avatar, cover, card]) {
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(200);
    }

    // Later on, the young ones are old enough; nothing is logged when nothing goes.
    const later = new Date(Date.now() + 2 * HOUR);
    expect(await service.sweep({ now: later })).toEqual({ scanned: 5, removed: 2 });
    expect(stored(youngCover) || stored(almostOld)).toBe(false);
    expect(stored(avatar) && stored(cover) && stored(card)).toBe(true);
    log.info.mockClear();
    expect(await service.sweep({ now: later })).toEqual({ scanned: 3, removed: 0 });
    expect(log.info).not.toHaveBeenCalled();
  });

  it('honours the grace period it is given', async () => {
    const tenMinutes = await orphan('user_avatars', 10 * 60 * 1000);
    const { uploads: service } = sweeper(t);
    expect((await service.sweep()).removed).toBe(0);
    expect(stored(tenMinutes)).toBe(true);
    expect((await service.sweep({ graceMs: 5 * 60 * 1000 })).removed).toBe(1);
    expect(stored(tenMinutes)).toBe(false);
  });

  it('keeps an image a row still shows under an earlier public URL', async () => {
    const other = await signUpMember(t.app, 'Moved Member');
    const key = await orphan('user_avatars');
    // e.g. written before S3_PUBLIC_URL moved to a CDN: not a URL of this storage any more.
    await t.db
      .updateTable('user')
      .set({ image: `https://old-cdn.example.com/img/${key}?v=1` })
      .where('id', '=', other.id)
      .execute();
    const { uploads: service } = sweeper(t);
    expect((await service.sweep()).removed).toBe(0);
    expect(stored(key)).toBe(true);
  });

  it('logs a failed delete and goes on with the others', async () => {
    const stuck = await orphan('user_avatars');
    const gone = await orphan('darker_summaries_images');
    const failing: Storage = {
      ...storage,
      async delete(key) {
        if (key === stuck) throw new Error('disk says no');
        await storage.delete(key);
      },
    };
    const { uploads: service, log } = sweeper(t, failing);
    expect((await service.sweep()).removed).toBe(1);
    expect(stored(gone)).toBe(false);
    expect(stored(stuck)).toBe(true);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ key: stuck, err: expect.any(Error) }),
      expect.any(String),
    );
    // The next run gets it.
    expect((await sweeper(t).uploads.sweep()).removed).toBe(1);
    expect(stored(stuck)).toBe(false);
  });

  it('clears temporary files of interrupted writes once they are old', async () => {
    const dir = path.join(uploads(), 'user_avatars');
    const oldTemp = path.join(dir, `.${randomUUID()}.0123456789ab.tmp`);
    const newTemp = path.join(dir, `.${randomUUID()}.ba9876543210.tmp`);
    writeFileSync(oldTemp, 'half');
    writeFileSync(newTemp, 'half');
    const then = new Date(Date.now() - DAY);
    utimesSync(oldTemp, then, then);
    await sweeper(t).uploads.sweep();
    expect(existsSync(oldTemp)).toBe(false);
    expect(existsSync(newTemp)).toBe(true);
  });
});

describe('storage sweep schedule', () => {
  /** An app with an old orphan; whether the orphan is still there once the app listened and closed. */
  async function orphanSurvivesAStart(env: Record<string, string> = {}) {
    const t = await createTestApp('sqlite', { env });
    try {
      const key = `user_avatars/${randomUUID()}`;
      await createStorage(t.config).put(key, WEBP, 'image/webp');
      const file = path.join(t.dataDir, 'uploads', ...key.split('/'));
      const then = new Date(Date.now() - DAY);
      utimesSync(file, then, then);
      // Built and ready (app.inject works): apps that never listen, as in every other test, never sweep.
      await t.app.ready();
      expect(existsSync(file)).toBe(true);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      // Closing waits for a sweep under way.
      await t.app.close();
      return existsSync(file);
    } finally {
      await t.close();
    }
  }

  it('sweeps once the server listens', async () => {
    expect(await orphanSurvivesAStart()).toBe(false);
  });

  it('is off with STORAGE_SWEEP_HOURS=0', async () => {
    expect(await orphanSurvivesAStart({ STORAGE_SWEEP_HOURS: '0' })).toBe(true);
  });
});

describe('storage sweep of an S3-compatible bucket', () => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3('sahifa-sweep', { maxKeysPerPage: 2 });
    t = await createTestApp('sqlite', { env: fakeS3Env(s3) });
    await seedLibrary(t.db, { storage: createStorage(t.config), contentDir: FIXTURE_CONTENT_DIR });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('removes old objects no row points at, over several pages, and keeps the rest', async () => {
    const member = await signUpMember(t.app, 'Bucket Member');
    const avatar = await uploadAvatar(t, member);
    const cover = await publishWithCover(t, member);
    const orphans = [1, 2, 3].map(
      (n) => `${n % 2 ? 'user_avatars' : 'darker_summaries_images'}/${randomUUID()}`,
    );
    const young = `user_avatars/${randomUUID()}`;
    const storage = createStorage(t.config);
    for (const key of [...orphans, young]) await storage.put(key, WEBP, 'image/webp');
    for (const [key, object] of s3.objects) {
      if (key !== young) object.lastModified = new Date(Date.now() - DAY);
    }
    const demoCovers = [...s3.objects.keys()].filter((key) => key.startsWith('covers/'));
    expect(demoCovers.length).toBeGreaterThan(0);

    const { uploads: service, log } = sweeper(t);
    expect(await service.sweep()).toEqual({ scanned: 7, removed: 3 });
    expect(orphans.filter((key) => s3.objects.has(key))).toEqual([]);
    for (const key of [avatar, cover, `${cover}-card`, young, ...demoCovers]) {
      expect(s3.objects.has(key), key).toBe(true);
    }
    expect(log.error).not.toHaveBeenCalled();
  });
});
