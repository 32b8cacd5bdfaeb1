// What the A/Bs of a first visit share (lighthouse-compare.mjs, main-thread-compare.mjs): the two
// servers they compare, another checkout (before) and this one (after), each started as `npm start`
// starts it (building its web app if stale) on a data directory of its own, with the bench member
// signed up when the pages are a member's; and their alternating rounds, with the medians.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/build-web.mjs';
import { median } from './median.mjs';
import { BENCH_MEMBER, signUpMember } from './members.mjs';

/** Pages under /app are visited signed in. */
export const signedIn = (path) => path.startsWith('/app');

/** `host`: each side its own, since a browser keeps cookies per host, not per port. */
async function start(checkout, host, port, withMember) {
  if (!existsSync(join(checkout, 'scripts/start.mjs')))
    throw new Error(`${checkout} is not a Sahifa checkout`);
  const dataDir = mkdtempSync(join(tmpdir(), 'sahifa-compare-'));
  const base = `http://${host}:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) {
      stop();
      throw new Error(`${checkout} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  try {
    const cookie = withMember ? await signUpMember(base, dataDir, BENCH_MEMBER) : undefined;
    return { base, stop, cookie };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * @param {string} other the other checkout's directory
 * @param {string[]} paths the pages to be compared: all public, or all a member's
 * @returns {Promise<Record<'before' | 'after', { base: string, stop: () => void, cookie?: string }>>}
 */
export async function startBoth(other, paths) {
  // The session is put in the browser once, for the whole run.
  if (paths.some(signedIn) && !paths.every(signedIn))
    throw new Error('BENCH_PATHS: compare public pages and /app pages in separate runs');
  const withMember = paths.some(signedIn);
  const before = await start(other, '127.0.0.1', 4601, withMember);
  try {
    return { before, after: await start(root, 'localhost', 4602, withMember) };
  } catch (error) {
    // Not left running when the other side cannot start.
    before.stop();
    throw error;
  }
}

/**
 * Each page on each side, `rounds` times, the sides' order swapped every round so the machine's
 * noise hits both alike; prints each run, then the medians of each page and side.
 * @param {string[]} paths
 * @param {number} rounds
 * @param {(side: 'before' | 'after', path: string) => Promise<Record<string, number> | null>} measure
 *   one run's figures, or null when the run gave none (it says why)
 */
export async function compareAlternately(paths, rounds, measure) {
  const runs = Object.fromEntries(
    paths.flatMap((path) => ['before', 'after'].map((side) => [`${path} ${side}`, []])),
  );
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      for (const side of round % 2 ? ['after', 'before'] : ['before', 'after']) {
        const run = await measure(side, path);
        if (!run) continue;
        runs[`${path} ${side}`].push(run);
        console.log(path, side, JSON.stringify(run));
      }
    }
  }
  console.log('\nmedians:');
  for (const [key, list] of Object.entries(runs).filter(([, list]) => list.length > 0)) {
    const figures = Object.keys(list[0]).map((name) => `${name} ${median(list.map((run) => run[name]))}`);
    console.log(`${key}: ${figures.join(', ')} (${list.length} runs)`);
  }
}
