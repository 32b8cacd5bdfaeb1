// Storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) through the AWS SDK.
// Objects are public-read by the bucket's own policy (or a CDN in front of it): we only write
// and delete, list (for the sweep of unreferenced uploads), and hand out `${publicUrl}/${key}`.
import { DeleteObjectCommand, PutObjectCommand, paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '#server/config.ts';
import { assertValidKey, isValidKey, type Storage } from './storage.ts';

/** Objects never change under a key, so browsers and CDNs may keep them for a year. */
const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Many S3-compatible servers reject the SDK's newer default checksum headers; send them
    // only where the operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const prefix = `${config.publicUrl}/`;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: OBJECT_CACHE_CONTROL,
        }),
      );
      return { url: this.urlFor(key) };
    },
    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 for a key that does not exist, so deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async *list(keyPrefix) {
      // Pages of up to 1,000 keys; the paginator follows the continuation tokens to the end.
      const pages = paginateListObjectsV2(
        { client },
        { Bucket: config.bucket, ...(keyPrefix ? { Prefix: keyPrefix } : {}) },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          // A shared bucket may hold names we never write (folder markers like `a/`, …).
          if (!object.Key || !object.LastModified || !isValidKey(object.Key)) continue;
          yield { key: object.Key, lastModified: object.LastModified };
        }
      }
    },
    urlFor(key) {
      assertValidKey(key);
      return `${prefix}${key}`;
    },
    keyFromUrl(url) {
      if (!url.startsWith(prefix)) return null;
      const key = url.slice(prefix.length);
      return isValidKey(key) ? key : null;
    },
  };
}
