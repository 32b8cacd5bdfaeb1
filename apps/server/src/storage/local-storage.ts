// The default storage: files under DATA_DIR/uploads/<key>, served by http/uploads.ts at /uploads/<key>.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, isValidKey, type Storage } from './storage.ts';

export const LOCAL_URL_PREFIX = '/uploads/';

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
