// The storage sweep: removes uploaded images that no row points at any more — left behind by a
// crash between storing a file and writing its row, or by a delete that failed. Only the folders
// of member uploads are swept (objects named by random UUIDs that nothing else writes): the demo
// covers (covers/) and anything else sharing a bucket are never touched. An object younger than
// the grace period may belong to a request still writing its row, so it is left for a later run.
import type { Logger } from '#server/kernel/logger.ts';
import { type Storage, UPLOAD_FOLDERS } from '#server/storage/storage.ts';
import type { UploadsRepository } from './uploads.repository.ts';

export const SWEEP_GRACE_MS = 60 * 60 * 1000;

const SWEPT_PREFIXES = Object.values(UPLOAD_FOLDERS).map((folder) => `${folder}/`);

export interface SweepResult {
  /** Objects found in the swept folders. */
  scanned: number;
  /** Objects removed because no row points at them. */
  removed: number;
}

export function createUploadsService(deps: { repository: UploadsRepository; storage: Storage; log: Logger }) {
  const { repository, storage, log } = deps;

  /** The keys the rows point at. */
  function referencedKeys(urls: string[]): Set<string> {
    const keys = new Set<string>();
    for (const url of urls) {
      const key = storage.keyFromUrl(url);
      if (key) {
        keys.add(key);
        continue;
      }
      // Not a URL of this storage as configured now — maybe an outside image (a Google avatar),
      // maybe ours under an earlier S3_PUBLIC_URL. Every path ending of it counts as referenced,
      // so changing the public URL can never make the sweep delete the images pages still show.
      const segments = (url.split(/[?#]/)[0] ?? '').split('/');
      for (let i = segments.length - 1; i >= 0; i -= 1) keys.add(segments.slice(i).join('/'));
    }
    return keys;
  }

  return {
    /** One pass over the upload folders; a failed delete is logged and the pass goes on. */
    async sweep(options: { now?: Date; graceMs?: number } = {}): Promise<SweepResult> {
      const now = options.now ?? new Date();
      const cutoff = new Date(now.getTime() - (options.graceMs ?? SWEEP_GRACE_MS));
      let scanned = 0;
      const oldEnough: string[] = [];
      for (const prefix of SWEPT_PREFIXES) {
        for await (const object of storage.list(prefix, { removeTempFilesBefore: cutoff })) {
          scanned += 1;
          if (object.lastModified < cutoff) oldEnough.push(object.key);
        }
      }
      if (oldEnough.length === 0) return { scanned, removed: 0 };

      // Read after listing: a row written during the listing points at an object that was still
      // young when listed (so not a candidate) or that a row already pointed at before.
      const referenced = referencedKeys(await repository.referencedUrls());
      let removed = 0;
      for (const key of oldEnough) {
        if (referenced.has(key)) continue;
        try {
          await storage.delete(key);
          removed += 1;
        } catch (error) {
          log.error({ err: error, key }, 'could not remove an unreferenced upload');
        }
      }
      if (removed > 0) {
        log.info({ scanned, removed }, `storage sweep: removed ${removed} unreferenced upload(s)`);
      }
      return { scanned, removed };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
