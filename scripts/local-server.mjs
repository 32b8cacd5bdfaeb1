// Starts the app exactly as `npm start` does (built web app, real server, SQLite in a fresh
// DATA_DIR, demo library) on a free local port; used by the browser journeys and the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './build-web.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * @param {{ env?: Record<string, string>, dataDir?: string, node?: string[], startupSeconds?: number }} [options]
 *   extra environment for the server; a prepared DATA_DIR to use (removed on stop, like the fresh
 *   one); how node is run (default: this node; bench:instructions runs it under valgrind), and
 *   how long the server may take to become healthy (default 150 s)
 * @returns {Promise<{ baseURL: string, dataDir: string, pid: number | undefined, output: () => string, stop: () => Promise<number | null> }>}
 *   `pid` is the server's own process (scripts/start.mjs runs the server in-process)
 */
export async function startLocalServer({
  env = {},
  dataDir = mkdtempSync(join(tmpdir(), 'sahifa-local-')),
  node = [process.execPath],
  startupSeconds = 150,
} = {}) {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  let output = '';
  const [command, ...args] = [...node, 'scripts/start.mjs'];
  const child = spawn(command ?? '', args, {
    cwd: root,
    // As a person runs `npm start`: no NODE_ENV (a test runner's "test" would leak into the build).
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const stop = async () => {
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };

  const deadline = Date.now() + startupSeconds * 1000;
  while (
    !(await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseURL, dataDir, pid: child.pid, output: () => output, stop };
}
