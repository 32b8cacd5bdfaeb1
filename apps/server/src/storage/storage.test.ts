import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { contentSecurityPolicy } from '#server/http/security.ts';
import { type FakeS3, fakeS3Env, startFakeS3 } from '#server/test/fake-s3.ts';
import { makeTempDir } from '#server/test/test-app.ts';
import { createStorage } from './create-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { isValidKey, type Storage, type StoredObject } from './storage.ts';

const WEBP = Buffer.from('RIFF\0\0\0\0WEBPVP8 fake bytes');
const HOUR = 60 * 60 * 1000;

async function listed(storage: Storage, ...args: Parameters<Storage['list']>): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  for await (const object of storage.list(...args)) objects.push(object);
  return objects.sort((a, b) => a.key.localeCompare(b.key));
}
const keysOf = (objects: StoredObject[]) => objects.map((o) => o.key);

describe('storage keys', () => {
  it('are relative paths of plain segments', () => {
    for (const key of ['covers/a.webp', 'darker_summaries_images/0b0f-4c', 'user_avatars/x']) {
      expect(isValidKey(key)).toBe(true);
    }
    for (const key of [
      '',
      '../etc/passwd',
      'a/../b',
      '/abs',
      'a//b',
      '.hidden',
      'a/.b',
      'a\\b',
      'a b',
      'é',
    ]) {
      expect(isValidKey(key)).toBe(false);
    }
  });
});

describe('local storage', () => {
  it('writes under DATA_DIR/uploads/<key>, hands out /uploads/<key>, deletes idempotently', async () => {
    const dataDir = makeTempDir();
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const storage = createLocalStorage(dataDir);
    const { url } = await storage.put('darker_summaries_images/abc', WEBP, 'image/webp');
    expect(url).toBe('/uploads/darker_summaries_images/abc');
    const file = path.join(dataDir, 'uploads', 'darker_summaries_images', 'abc');
    expect(readFileSync(file)).toEqual(WEBP);
    expect(storage.keyFromUrl(url)).toBe('darker_summaries_images/abc');
    expect(storage.keyFromUrl('https://elsewhere.example/uploads/x')).toBeNull();
    expect(storage.keyFromUrl('/uploads/../sahifa.db')).toBeNull();
    await storage.delete('darker_summaries_images/abc');
    expect(existsSync(file)).toBe(false);
    await storage.delete('darker_summaries_images/abc');
    await expect(storage.put('../escape', WEBP, 'image/webp')).rejects.toThrow(/Invalid storage key/);
  });

  it('lists every stored file with its time, by prefix, and clears old temporary files', async () => {
    const dataDir = makeTempDir();
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const storage = createLocalStorage(dataDir);
    // Nothing stored yet: the uploads folder does not even exist.
    expect(await listed(storage)).toEqual([]);

    for (const key of ['user_avatars/a', 'user_avatars/b', 'darker_summaries_images/c', 'covers/x.webp']) {
      await storage.put(key, WEBP, 'image/webp');
    }
    const uploads = path.join(dataDir, 'uploads');
    const dayAgo = new Date(Date.now() - 24 * HOUR);
    utimesSync(path.join(uploads, 'user_avatars', 'a'), dayAgo, dayAgo);
    // Leftovers of writes interrupted by a crash (dotfiles, never served), one old, one in progress.
    const oldTemp = path.join(uploads, 'user_avatars', '.d.0123456789ab.tmp');
    const newTemp = path.join(uploads, 'user_avatars', '.e.ba9876543210.tmp');
    writeFileSync(oldTemp, 'half');
    utimesSync(oldTemp, dayAgo, dayAgo);
    writeFileSync(newTemp, 'half');
    // Neither dotfiles nor links (which could point outside the folder) are objects.
    writeFileSync(path.join(uploads, '.DS_Store'), '');
    mkdirSync(path.join(uploads, '.hidden'));
    writeFileSync(path.join(uploads, '.hidden', 'f'), '');
    symlinkSync(path.join(dataDir, 'sahifa.db'), path.join(uploads, 'covers', 'link'));

    const all = await listed(storage);
    expect(keysOf(all)).toEqual([
      'covers/x.webp',
      'darker_summaries_images/c',
      'user_avatars/a',
      'user_avatars/b',
    ]);
    expect(all[2]?.lastModified.getTime()).toBeCloseTo(dayAgo.getTime(), -3);
    expect(Date.now() - (all[3]?.lastModified.getTime() ?? 0)).toBeLessThan(HOUR);

    expect(keysOf(await listed(storage, 'user_avatars/'))).toEqual(['user_avatars/a', 'user_avatars/b']);
    expect(keysOf(await listed(storage, 'user_'))).toEqual(['user_avatars/a', 'user_avatars/b']);
    expect(keysOf(await listed(storage, 'user_avatars/b'))).toEqual(['user_avatars/b']);
    expect(await listed(storage, 'nothing_here/')).toEqual([]);
    expect(existsSync(oldTemp) && existsSync(newTemp)).toBe(true);

    await listed(storage, 'user_avatars/', { removeTempFilesBefore: new Date(Date.now() - HOUR) });
    expect(existsSync(oldTemp)).toBe(false);
    expect(existsSync(newTemp)).toBe(true);
    expect(existsSync(path.join(uploads, '.DS_Store'))).toBe(true);
  });
});

describe('S3 settings', () => {
  it('are off by default and need S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET must be set/);
  });

  it('default the region and derive the public URL', () => {
    expect(loadConfig({ S3_BUCKET: 'covers' }).s3).toEqual({
      bucket: 'covers',
      region: 'us-east-1',
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
      publicUrl: 'https://covers.s3.us-east-1.amazonaws.com',
    });
    const minio = loadConfig({
      S3_BUCKET: 'covers',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).s3;
    expect(minio).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      publicUrl: 'http://127.0.0.1:9000/covers',
    });
    expect(
      loadConfig({ S3_BUCKET: 'covers', S3_ENDPOINT: 'https://s3.example.com', S3_REGION: 'eu-west-3' }).s3
        ?.publicUrl,
    ).toBe('https://covers.s3.example.com');
    expect(
      loadConfig({ S3_BUCKET: 'covers', S3_PUBLIC_URL: 'https://cdn.example.com/img/' }).s3?.publicUrl,
    ).toBe('https://cdn.example.com/img');
  });

  it('name the variable when a value is wrong, without showing the secret', () => {
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow(/^Invalid configuration: S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'covers', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'covers', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    let error: unknown;
    try {
      loadConfig({ S3_BUCKET: 'covers', S3_SECRET_ACCESS_KEY: 'hunter2-secret' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toContain('S3_ACCESS_KEY_ID');
    expect(String(error)).not.toContain('hunter2');
  });

  it('let the pages load images from the bucket (CSP img-src)', () => {
    const config = loadConfig({ S3_BUCKET: 'covers', S3_PUBLIC_URL: 'https://cdn.example.com/img' });
    expect(contentSecurityPolicy(config)['img-src']).toContain('https://cdn.example.com');
    expect(contentSecurityPolicy(loadConfig({}))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});

describe('S3 storage, through the AWS SDK, against a server speaking the S3 protocol', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3('sahifa-covers');
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('puts objects with their content type and long caching, and deletes them', async () => {
    const config = loadConfig(fakeS3Env(s3));
    const storage = createStorage(config);
    expect(storage.kind).toBe('s3');

    const { url } = await storage.put('darker_summaries_images/1234-abcd', WEBP, 'image/webp');
    expect(url).toBe(`${s3.url}/sahifa-covers/darker_summaries_images/1234-abcd`);
    expect(s3.requests).toContain('PUT /sahifa-covers/darker_summaries_images/1234-abcd');
    // Signed with the configured key (SigV4), not sent anonymously.
    expect(s3.lastAuthorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-access-key\/\d{8}\/us-east-1\/s3\//,
    );
    const stored = s3.objects.get('darker_summaries_images/1234-abcd');
    expect(stored?.body).toEqual(WEBP);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.cacheControl).toContain('immutable');

    // What the browser would do with the URL.
    const fetched = await fetch(url, { headers: { authorization: 'AWS4-HMAC-SHA256 fake' } });
    expect(fetched.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(WEBP);

    expect(storage.keyFromUrl(url)).toBe('darker_summaries_images/1234-abcd');
    expect(storage.keyFromUrl('/uploads/darker_summaries_images/1234-abcd')).toBeNull();

    await storage.delete('darker_summaries_images/1234-abcd');
    expect(s3.objects.has('darker_summaries_images/1234-abcd')).toBe(false);
    // Deleting a missing object is fine, as on S3.
    await storage.delete('darker_summaries_images/1234-abcd');
  });

  it('lists objects with their times through ListObjectsV2, page after page', async () => {
    const paged = await startFakeS3('sahifa-paged', { maxKeysPerPage: 2 });
    onTestFinished(() => paged.close());
    const storage = createStorage(loadConfig(fakeS3Env(paged)));
    expect(await listed(storage)).toEqual([]);

    const keys = [
      'user_avatars/a',
      'user_avatars/b',
      'user_avatars/c',
      'darker_summaries_images/d',
      'covers/e',
    ];
    for (const key of keys) await storage.put(key, WEBP, 'image/webp');
    // Written by something else sharing the bucket: not keys we could have written.
    for (const key of ['user_avatars/', 'user_avatars/with space', 'notes/../x']) {
      paged.objects.set(key, {
        body: WEBP,
        contentType: undefined,
        cacheControl: undefined,
        lastModified: new Date(),
      });
    }
    const dayAgo = new Date(Date.now() - 24 * HOUR);
    const aged = paged.objects.get('user_avatars/b');
    if (aged) aged.lastModified = dayAgo;

    const listRequests = () =>
      paged.requests.filter((r) => r === 'GET /sahifa-paged' || r === 'GET /sahifa-paged/');
    const before = listRequests().length;
    const all = await listed(storage);
    expect(keysOf(all)).toEqual([...keys].sort());
    // 8 objects, 2 per page: the SDK's paginator followed the continuation tokens.
    expect(listRequests().length - before).toBe(4);
    expect(all.find((o) => o.key === 'user_avatars/b')?.lastModified).toEqual(dayAgo);
    expect(Date.now() - (all.find((o) => o.key === 'covers/e')?.lastModified.getTime() ?? 0)).toBeLessThan(
      HOUR,
    );

    expect(keysOf(await listed(storage, 'user_avatars/'))).toEqual([
      'user_avatars/a',
      'user_avatars/b',
      'user_avatars/c',
    ]);
    expect(await listed(storage, 'nothing_here/')).toEqual([]);
  });

  it('reports S3 errors (XML error bodies) as failures', async () => {
    const storage = createS3Storage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.url,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
      publicUrl: `${s3.url}/no-such-bucket`,
    });
    await expect(storage.put('covers/x.webp', WEBP, 'image/webp')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });
});
