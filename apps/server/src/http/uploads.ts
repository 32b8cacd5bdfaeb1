// Stored images under DATA_DIR/uploads, served at /uploads/ (the local storage adapter's files;
// served even when S3 is configured, so URLs handed out before a move keep working). Every object
// is written once under a fresh key (a replaced cover gets a new name), so it may be cached forever.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { uploadsDir } from '#server/storage/local-storage.ts';
import { IMMUTABLE } from './web-app.ts';

export async function registerUploads(app: FastifyInstance, dataDir: string) {
  const root = uploadsDir(dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    decorateReply: false,
    schemaHide: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', IMMUTABLE);
      reply.header('x-content-type-options', 'nosniff');
      // Uploaded images are stored as `<folder>/<uuid>` without an extension (DESIGN.md) and are
      // always WebP (storage/images.ts re-encodes every upload); other files go by extension.
      if (path.extname(filePath) === '') reply.header('content-type', 'image/webp');
    },
  });
}
