// Where stored images live: a folder under DATA_DIR by default, served at /uploads/<key>; an
// S3-compatible bucket when S3_BUCKET is set.
import type { Config } from '#server/config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}
