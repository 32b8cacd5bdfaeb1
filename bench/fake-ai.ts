// The fake model server (apps/server/src/test/fake-ai-server.ts) as a process of its own, for
// benchmarks written as plain .mjs: answers every request at once with a short streamed answer,
// prints one JSON line `{ "origin": "http://127.0.0.1:<port>" }` on stdout when listening, and
// stops when its stdin closes (the parent ended) or on SIGTERM.
// Usage: node --import tsx bench/fake-ai.ts   (stdin a pipe the parent keeps open)
import { startFakeAiServer } from '../apps/server/src/test/fake-ai-server.ts';

/** Cites the first passage, so the server stores citations as it does for a real answer. */
const TOKENS = ['From ', 'the ', 'library: ', 'the ', 'first ', 'passage ', 'says ', 'so ', '[P1].'];

const fake = await startFakeAiServer({ defaultScript: { kind: 'stream', tokens: TOKENS } });
// The fake logs every request for tests to inspect; nobody reads it here, so it must not grow.
const trim = setInterval(() => fake.requests.splice(0), 1_000);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  clearInterval(trim);
  await fake.close();
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();

process.stdout.write(`${JSON.stringify({ origin: fake.origin, tokens: TOKENS })}\n`);
