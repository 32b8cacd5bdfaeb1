// What a store of images (covers, avatars) offers, and which keys it accepts. Every object is
// written once under a fresh key, so its URL may be cached forever; replaced objects are deleted.
// The two implementations are local-storage.ts and s3-storage.ts; create-storage.ts picks one.

/** One stored object, as `list` reports it. */
export interface StoredObject {
  key: string;
  lastModified: Date;
}

export interface ListOptions {
  /**
   * Local storage only: remove the temporary files of interrupted writes (a crash between
   * writing and renaming) that were last modified before this time. They are never listed.
   */
  removeTempFilesBefore?: Date;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `key` (overwriting) and returns the URL the browser loads them from. */
  put(key: string, bytes: Buffer, contentType: string): Promise<{ url: string }>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (all of them without one), in no set order.
   * Objects under names that are not valid keys are not ours to touch and are left out.
   */
  list(prefix?: string, options?: ListOptions): AsyncIterable<StoredObject>;
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
