// Stored images under DATA_DIR/uploads, served at /uploads/. Every object is written once under
// a fresh key (a replaced avatar gets a new name), so it may be cached forever.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE } from './web-app.ts';

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

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
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
