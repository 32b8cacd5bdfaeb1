// The machine's ceiling for bench:ceiling: a bare Fastify app (no logger, no plugins) answering
// each recorded request with the exact status, type, encoding and bytes Sahifa gave it (and, when
// recorded, its other headers), from memory.
// Usage (from bench/ceiling.mjs): node bench/ceiling-server.mjs <responses.json>; prints "listening <port>".
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/** @type {{ method: string, path: string, status: number, contentType: string, contentEncoding: string | null, headers: Record<string, string>, body: string }[]} */
const responses = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const app = Fastify();
for (const { method, path, status, contentType, contentEncoding, headers, body } of responses) {
  const bytes = Buffer.from(body, 'base64');
  const extra = Object.keys(headers).length > 0 ? headers : null;
  app.route({
    method,
    url: new URL(path, 'http://x').pathname,
    handler: (_request, reply) => {
      if (extra) reply.headers(extra);
      if (contentEncoding) reply.header('content-encoding', contentEncoding);
      return reply.code(status).type(contentType).send(bytes);
    },
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
