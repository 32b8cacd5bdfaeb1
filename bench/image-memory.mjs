// Image uploads and memory: how far the server's memory (RSS) rises when members upload large
// images at once, and whether an over-large one is refused. Eight 24-megapixel PNG avatars (small
// files, large canvases: the decompression cost is the point) are sent together, then one of
// 49 megapixels. Usage: npm run bench:images
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { startLocalServer } from '../scripts/local-server.mjs';
import { signUpMember } from './members.mjs';

const UPLOADS = Number(process.env.BENCH_IMAGES ?? 8);

/** @param {number} side */
const png = (side) =>
  sharp({ create: { width: side, height: side, channels: 3, background: '#f4efe6' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** @param {number | undefined} pid */
const rssMb = (pid) =>
  Math.round(Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0) / 1024);

const server = await startLocalServer({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
try {
  const members = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) =>
      signUpMember(server.baseURL, server.dataDir, {
        name: `Image Reader ${i}`,
        email: `image-${i}@example.com`,
        password: 'image bench reading lamp',
      }),
    ),
  );
  const [large, tooLarge] = await Promise.all([png(4_899), png(7_000)]); // 24.0 and 49.0 MP
  /** @param {string} cookie @param {Buffer} bytes */
  const upload = (cookie, bytes) => {
    const form = new FormData();
    form.set('data', '{}');
    form.set('avatar', new Blob([bytes], { type: 'image/png' }), 'me.png');
    return fetch(`${server.baseURL}/api/v1/me/profile`, {
      method: 'PATCH',
      headers: { cookie, origin: server.baseURL },
      body: form,
    });
  };

  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
  const started = performance.now();
  const statuses = (await Promise.all(members.map((cookie) => upload(cookie, large)))).map((r) => r.status);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  clearInterval(sampler);
  const refused = await upload(members[0] ?? '', tooLarge);

  console.log(
    `${UPLOADS} × 24 MP PNG (${Math.round(large.length / 1024)} KB each) at once: statuses ${statuses.join(',')}`,
  );
  console.log(
    `server RSS: ${before} MB before, ${peak} MB at the peak (+${peak - before} MB), ${seconds} s in all`,
  );
  console.log(
    `49 MP PNG (${Math.round(tooLarge.length / 1024)} KB): ${refused.status} ${await refused.text()}`,
  );
} finally {
  await server.stop();
}
