// Where stored images (covers, avatars) live: a folder under DATA_DIR by default, served at
// /uploads/<key>; an S3-compatible bucket when S3_BUCKET is set. Every object is written once
// under a fresh key, so its URL may be cached forever; replaced objects are deleted.
import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `key` (overwriting) and returns the URL the browser loads them from. */
  put(key: string, bytes: Buffer, contentType: string): Promise<{ url: string }>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  urlFor(key: string): string;
  /** The key of a URL this storage handed out, or null for any other URL. */
  keyFromUrl(url: string): string | null;
}

/** Folders of member uploads, each object named by a random UUID (DESIGN.md). */
export const UPLOAD_FOLDERS = { summaryCovers: 'darker_summaries_images', avatars: 'user_avatars' } as const;

// Keys are relative paths of plain segments: no '..', no leading dot, no backslashes.
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidKey(key: string): boolean {
  return key.length <= 500 && KEY_PATTERN.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}
