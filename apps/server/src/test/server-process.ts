// The real server as a child process (`node --import tsx src/server.ts`), for tests that must
// stop it the hard way: a free port, a DATA_DIR of the caller's, SQLite, no built web app needed.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_ENTRY = path.join(SERVER_DIR, 'src', 'server.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
    probe.on('error', reject);
  });
}

export interface ServerProcess {
  /** http://localhost:<port>, also the server's PUBLIC_URL (so it is the same-origin Origin). */
  baseUrl: string;
  pid: number;
  dataDir: string;
  /** stdout and stderr so far. */
  output(): string;
  /** SIGKILL: no shutdown code runs, in-flight requests are cut. */
  kill(): Promise<void>;
  /** SIGTERM, as a service manager stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface StartServerOptions {
  dataDir: string;
  /** Extra environment (e.g. TRUST_PROXY, AUTH_RATE_LIMIT_PER_MINUTE). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function startServerProcess({
  dataDir,
  env = {},
  timeoutMs = 90_000,
}: StartServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    // As a person starts it: not the test runner's NODE_ENV, never a test database.
    NODE_ENV: undefined,
    DATABASE_URL: undefined,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    WEB_SSR_DIR: path.join(dataDir, 'no-ssr-build'),
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: SERVER_DIR,
    env: Object.fromEntries(Object.entries(childEnv).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');

  const kill = async () => {
    const exited = exitOf(child);
    child.kill('SIGKILL');
    await exited;
  };
  const stop = async () => {
    const exited = exitOf(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await kill();
      throw new Error(`The server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, pid, dataDir, output: () => output, kill, stop };
}
