// The machine's ceiling for bench:ceiling and bench:instructions: Sahifa's answers recorded as
// they came over the wire, then served from memory by a bare Fastify app (bench/ceiling-server.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { root } from '../scripts/build-web.mjs';

/** BENCH_CEILING_HEADERS=1: the bare route also sends the headers Sahifa chose to send (security headers, cache-control…). */
export const ceilingHeaders = process.env.BENCH_CEILING_HEADERS === '1';

/** Headers Node and Fastify write for any answer, or that the ceiling sets from the recording. */
const WRITTEN_ANYWAY = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-type',
  'content-encoding',
]);
/** The headers Sahifa chose to send with an answer. */
const ownHeaders = (response) =>
  Object.fromEntries(Object.entries(response.headers).filter(([name]) => !WRITTEN_ANYWAY.has(name)));

/** One answer as it came over the wire (fetch would decompress it). */
function record(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sahifa's answer to each of `endpoints` at `baseURL`, as the bare server replays it.
 * @param {string} baseURL
 * @param {{ method: string, path: string, body?: string }[]} endpoints
 * @param {(endpoint: any) => Record<string, string>} headersOf the request's headers
 */
export async function recordAnswers(baseURL, endpoints, headersOf) {
  const answers = [];
  for (const endpoint of endpoints) {
    const { response, body } = await record(baseURL + endpoint.path, {
      method: endpoint.method,
      headers: headersOf(endpoint),
      body: endpoint.body,
    });
    const status = response.statusCode ?? 0;
    if (status >= 300) throw new Error(`${endpoint.path}: ${status} ${body}`);
    answers.push({
      method: endpoint.method,
      path: endpoint.path,
      status,
      contentType: response.headers['content-type'] ?? 'application/json',
      contentEncoding: response.headers['content-encoding'] ?? null,
      headers: ceilingHeaders ? ownHeaders(response) : {},
      body: body.toString('base64'),
    });
  }
  return answers;
}

/**
 * Starts the bare server on the recorded answers; resolves with its base URL, pid and a stop().
 * @param {unknown[]} answers from recordAnswers
 * @param {string[]} [node] how node is run (bench:instructions runs it under valgrind)
 */
export async function startBareRoute(answers, node = [process.execPath]) {
  const dir = mkdtempSync(join(tmpdir(), 'sahifa-ceiling-'));
  const file = join(dir, 'responses.json');
  writeFileSync(file, JSON.stringify(answers));
  const [command, ...args] = [...node, join(root, 'bench/ceiling-server.mjs'), file];
  const child = spawn(command ?? '', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  // The server has read its answers once it listens (or has exited): the file is not left behind.
  const port = await new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve(line.split(' ')[1]));
    child.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
  return { baseURL: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}
