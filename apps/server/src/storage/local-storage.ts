// The default storage: files under DATA_DIR/uploads/<key>, served by http/uploads.ts at /uploads/<key>.
import { randomBytes } from 'node:crypto';
import { mkdir, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, isValidKey, type Storage, type StoredObject } from './storage.ts';

export const LOCAL_URL_PREFIX = '/uploads/';

/** The name `put` writes before renaming: `.<name>.<12 hex>.tmp`. */
const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** When the file was last written, or null if it went away meanwhile. */
async function modifiedAt(file: string): Promise<Date | null> {
  try {
    return (await stat(file)).mtime;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * The files under `dir` (whose key starts with `keyPrefix`) with a key starting with `prefix`.
 * Dotfiles are skipped (temporary files of old interrupted writes are removed on the way), and
 * so are symbolic links: nothing outside the folder is ever reported.
 */
async function* walk(
  dir: string,
  keyPrefix: string,
  prefix: string,
  removeTempFilesBefore: Date | undefined,
): AsyncGenerator<StoredObject> {
  let entries: Awaited<ReturnType<typeof opendir>>;
  try {
    entries = await opendir(dir);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    const file = path.join(dir, entry.name);
    const key = `${keyPrefix}${entry.name}`;
    if (entry.name.startsWith('.')) {
      if (removeTempFilesBefore && entry.isFile() && TEMP_FILE.test(entry.name)) {
        const modified = await modifiedAt(file);
        // Best effort: one that cannot be removed now is tried again by the next listing.
        if (modified && modified < removeTempFilesBefore) await rm(file, { force: true }).catch(() => {});
      }
    } else if (entry.isDirectory()) {
      if (`${key}/`.startsWith(prefix)) yield* walk(file, `${key}/`, prefix, removeTempFilesBefore);
    } else if (entry.isFile() && key.startsWith(prefix) && isValidKey(key)) {
      const lastModified = await modifiedAt(file);
      if (lastModified) yield { key, lastModified };
    }
  }
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function createLocalStorage(dataDir: string): Storage {
  const root = uploadsDir(dataDir);
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target, then renamed: a reader never sees half a file. The dot
      // prefix keeps the temporary file out of /uploads (dotfiles are not served).
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        await writeFile(temp, bytes);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { url: this.urlFor(key) };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(prefix = '', options = {}) {
      // Start in the folder the prefix names; its last segment only filters.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const start = folder ? fileOf(folder.slice(0, -1)) : root;
      yield* walk(start, folder, prefix, options.removeTempFilesBefore);
    },
    urlFor(key) {
      assertValidKey(key);
      return `${LOCAL_URL_PREFIX}${key}`;
    },
    keyFromUrl(url) {
      if (!url.startsWith(LOCAL_URL_PREFIX)) return null;
      const key = url.slice(LOCAL_URL_PREFIX.length);
      return isValidKey(key) ? key : null;
    },
  };
}
