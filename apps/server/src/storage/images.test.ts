import sharp, { type Sharp } from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '#server/kernel/app-error.ts';
import { claimedSizePng, otherFormat, photo, SVG } from '#server/test/images.ts';
import {
  IMAGE_WORK_CONCURRENCY,
  imageWorkState,
  MAX_INPUT_PIXELS,
  toWebpAvatar,
  toWebpCover,
  UNSUPPORTED_IMAGE_MESSAGE,
} from './images.ts';

async function rejection(bytes: Buffer): Promise<AppError> {
  try {
    await toWebpCover(bytes);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the image to be refused');
}

describe('toWebpCover', () => {
  it('re-encodes a large PNG to WebP, 800 px wide, without its EXIF', async () => {
    const input = await photo('png', 1600, 1000);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const cover = await toWebpCover(input);
    const meta = await sharp(cover.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 500 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(cover).toMatchObject({ width: 800, height: 500 });
    expect(cover.bytes.includes(Buffer.from('Secret copyright'))).toBe(false);
  });

  it('keeps a small JPEG at its size (never enlarged), metadata stripped', async () => {
    const cover = await toWebpCover(await photo('jpeg', 300, 450));
    const meta = await sharp(cover.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 450 });
    expect(meta.exif).toBeUndefined();
  });

  it('accepts WebP, GIF and AVIF', async () => {
    for (const format of ['webp', 'gif', 'avif'] as const) {
      const cover = await toWebpCover(await otherFormat(format));
      expect((await sharp(cover.bytes).metadata()).format).toBe('webp');
    }
  });

  it('refuses SVG, text, TIFF, empty and truncated files with one clear message', async () => {
    const jpeg = await photo('jpeg', 400, 400);
    for (const bytes of [
      SVG,
      Buffer.from('just some text, named cover.png by the sender'),
      await otherFormat('tiff'),
      Buffer.alloc(0),
      jpeg.subarray(0, 200),
    ]) {
      const error = await rejection(bytes);
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe(UNSUPPORTED_IMAGE_MESSAGE);
    }
  });

  it('refuses an image that claims more pixels than allowed, before decoding it', async () => {
    const bomb = claimedSizePng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1_000);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const error = await rejection(bomb);
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('IMAGE_TOO_LARGE');
  });

  it('bounds very tall images too (WebP has a size limit)', async () => {
    const cover = await toWebpCover(await photo('png', 100, 5000));
    const meta = await sharp(cover.bytes).metadata();
    expect(meta.height).toBeLessThanOrEqual(2400);
    expect(meta.width).toBeLessThanOrEqual(100);
  });
});

describe('toWebpAvatar', () => {
  it.each([
    ['a wide JPEG', () => photo('jpeg', 1200, 400)],
    ['a tall PNG', () => photo('png', 300, 900)],
    ['a tiny GIF (enlarged)', () => otherFormat('gif', 40, 30)],
  ])('cover-crops %s to a 256 px square WebP without metadata', async (_name, make) => {
    const avatar = await toWebpAvatar(await make());
    const meta = await sharp(avatar.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(avatar.bytes.includes(Buffer.from('Secret copyright'))).toBe(false);
  });

  it('refuses what is not an image', async () => {
    await expect(toWebpAvatar(SVG)).rejects.toMatchObject({ statusCode: 400, code: 'UNSUPPORTED_IMAGE' });
    await expect(toWebpAvatar(Buffer.from('text'))).rejects.toMatchObject({ statusCode: 400 });
  });
});

/** A plain white PNG of `width` × `height`: a few hundred KB for tens of megapixels. */
const whitePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('the pixel cap', () => {
  it('refuses a 49-megapixel PNG of a few hundred KB, before decoding it', async () => {
    const big = await whitePng(7000, 7000);
    expect(big.length).toBeLessThan(1_000_000);
    const error = await rejection(big);
    expect(error).toMatchObject({ statusCode: 400, code: 'IMAGE_TOO_LARGE' });
    expect(error.message).toBe('The image is too large: at most 25 megapixels.');
  });

  it('accepts a 24-megapixel image (a large phone photo)', async () => {
    const cover = await toWebpCover(await whitePng(6000, 4000));
    expect(cover).toMatchObject({ width: 800, height: 533 });
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
  }, 20_000);
});

describe('concurrent image work', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it(`runs at most ${IMAGE_WORK_CONCURRENCY} conversions at once; the others wait their turn`, async () => {
    expect(IMAGE_WORK_CONCURRENCY).toBe(2);
    const inputs = await Promise.all(Array.from({ length: 6 }, (_, i) => photo('jpeg', 2000 + i, 1500)));
    // Count the decodes really in flight, at sharp itself, whatever images.ts counts.
    let running = 0;
    let mostRunning = 0;
    const toBuffer = sharp.prototype.toBuffer;
    vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (this: Sharp, ...args: never[]) {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      const done = () => {
        running -= 1;
      };
      const result = (toBuffer as (...a: never[]) => Promise<unknown>).apply(this, args);
      result.then(done, done);
      return result;
    } as never);

    let mostWaiting = 0;
    let mostActive = 0;
    const sampler = setInterval(() => {
      const state = imageWorkState();
      mostWaiting = Math.max(mostWaiting, state.pendingCount);
      mostActive = Math.max(mostActive, state.activeCount);
    }, 1);
    try {
      const covers = await Promise.all(inputs.map((bytes) => toWebpCover(bytes)));
      expect(covers.map((c) => c.width)).toEqual([800, 800, 800, 800, 800, 800]);
    } finally {
      clearInterval(sampler);
    }
    expect(mostRunning).toBe(2);
    expect(mostActive).toBeLessThanOrEqual(2);
    expect(mostWaiting).toBeGreaterThan(0);
    expect(imageWorkState()).toEqual({ activeCount: 0, pendingCount: 0 });
  });

  it('frees its place when a conversion fails', async () => {
    const truncated = (await photo('jpeg', 400, 400)).subarray(0, 200);
    const fine = await photo('png', 300, 200);
    const results = await Promise.allSettled(
      [SVG, Buffer.from('not an image'), truncated, fine].map((bytes) => toWebpCover(bytes)),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'fulfilled']);
    expect(imageWorkState()).toEqual({ activeCount: 0, pendingCount: 0 });
  });
});
