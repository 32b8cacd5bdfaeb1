// The image pipeline for uploads: accept the bytes only when they decode as JPEG, PNG, WebP, AVIF
// or GIF (never by file name or declared type: no SVG, no HTML), then re-encode to WebP with sharp,
// which drops every piece of metadata (EXIF, GPS, ICC comments) unless asked to keep it.
// Decoding costs memory in proportion to the pixels, so both the size of one image and the
// number decoded at once are bounded.
import { COMMUNITY_LIMITS } from '@sahifa/contracts/community';
import { COVER_WIDTHS } from '@sahifa/contracts/cover-widths';
import { LIMITS } from '@sahifa/contracts/library';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '#server/kernel/app-error.ts';

export const WEBP_CONTENT_TYPE = 'image/webp';
export const UNSUPPORTED_IMAGE_MESSAGE = 'The file is not a supported image (JPEG, PNG, WebP, AVIF or GIF).';

/**
 * Decompression-bomb guard: a small file may claim a huge canvas (a plain 49-megapixel PNG weighs
 * 156 KB); refuse before decoding it. 25 megapixels: the largest photos phones save by default are
 * about 24 MP (6000 × 4000), and decoded as RGBA 25 MP is already about 100 MB of memory.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/**
 * How many images the process decodes and re-encodes at once; the others wait their turn. Memory
 * then stays bounded (about two large decodes) however many uploads arrive together, instead of
 * growing with each one (eight 49 MP uploads at once took the process from 133 MB to 363 MB).
 * sharp's operation cache stays on: turning it off (`sharp.cache(false)`) made no measurable
 * difference to peak memory (eight 24 MP PNGs or JPEGs at once, three rounds).
 */
export const IMAGE_WORK_CONCURRENCY = 2;
const imageWork = pLimit(IMAGE_WORK_CONCURRENCY);

/** Conversions running now, and waiting for their turn (for tests and metrics). */
export function imageWorkState(): { activeCount: number; pendingCount: number } {
  return { activeCount: imageWork.activeCount, pendingCount: imageWork.pendingCount };
}

export interface WebpImage {
  bytes: Buffer;
  width: number;
  height: number;
}

function isAcceptedFormat(meta: Metadata): boolean {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return true;
    case 'heif':
      // AVIF is HEIF with AV1 inside; HEIC (HEVC) is not on the list.
      return meta.compression === 'av1';
    default:
      return false;
  }
}

const unsupported = () => new AppError(400, 'UNSUPPORTED_IMAGE', UNSUPPORTED_IMAGE_MESSAGE);

/** How the image is fitted: inside a box (never enlarged), or cover-cropped to an exact square. */
type Fit = { maxWidth: number; maxHeight: number } | { square: number };

/** Re-encodes an uploaded image to WebP, at most `maxWidth` × `maxHeight` (never enlarged). */
export async function toWebp(bytes: Buffer, box: Fit): Promise<WebpImage> {
  if (bytes.length === 0) throw unsupported();
  let meta: Metadata;
  try {
    // Reads the header only; nothing is decoded yet.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!isAcceptedFormat(meta)) throw unsupported();
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels === 0) throw unsupported();
  if (pixels > MAX_INPUT_PIXELS) {
    throw new AppError(
      400,
      'IMAGE_TOO_LARGE',
      `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    );
  }
  try {
    // First frame only for animated GIF/WebP; the EXIF orientation is applied before it is dropped.
    const { data, info } = await imageWork(() =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
        .resize(
          'square' in box
            ? { width: box.square, height: box.square, fit: 'cover', position: 'centre' }
            : { width: box.maxWidth, height: box.maxHeight, fit: 'inside', withoutEnlargement: true },
        )
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
    );
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // Truncated or corrupt pixel data behind a valid header.
    throw unsupported();
  }
}

/** A summary cover: at most 800 px wide (and three times that tall, for odd shapes). */
export function toWebpCover(bytes: Buffer): Promise<WebpImage> {
  return toWebp(bytes, { maxWidth: LIMITS.coverMaxWidth, maxHeight: LIMITS.coverMaxWidth * 3 });
}

/** The cards' copy of a cover (`toWebpCover`'s output, or a demo cover): never enlarged. */
export function toWebpCoverCard(cover: Buffer): Promise<WebpImage> {
  return toWebp(cover, { maxWidth: COVER_WIDTHS.card, maxHeight: COVER_WIDTHS.card * 3 });
}

/** A member avatar: a 256 px square WebP, cover-cropped from the centre (small images are enlarged). */
export function toWebpAvatar(bytes: Buffer): Promise<WebpImage> {
  return toWebp(bytes, { square: COMMUNITY_LIMITS.avatarSize });
}
