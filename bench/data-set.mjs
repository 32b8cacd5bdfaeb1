// A server on a generated data set, for the benchmarks that compare sizes (bench:library,
// bench:growth): a fresh DATA_DIR, and a fresh PostgreSQL database when BENCH_DATABASE_URL names
// a server; the generator fills them, then the app starts on them as `npm start` would.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/build-web.mjs';
import { startLocalServer } from '../scripts/local-server.mjs';
import { freshPostgres } from './fresh-postgres.mjs';

/**
 * @param {{ label: string, generator: string | null, size: number, postgresUrl?: string, env?: Record<string, string> }} options
 *   `generator`: a script under bench/ run as `tsx bench/<generator> <dataDir> <size>`, or null
 *   for the demo library alone; `env`: more settings for the server
 * @returns {Promise<{ server: Awaited<ReturnType<typeof startLocalServer>>, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startOnDataSet({ label, generator, size, postgresUrl, env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), `sahifa-${label}-`));
  const database = postgresUrl ? await freshPostgres(postgresUrl, label.replaceAll('-', '_')) : null;
  const settings = { ...(database ? { DATABASE_URL: database.url } : {}), ...env };
  let server = null;
  const stop = async () => {
    await server?.stop();
    // A server that died (or never started) has not removed its DATA_DIR.
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    if (generator) {
      const generated = spawnSync('npx', ['tsx', `bench/${generator}`, dataDir, String(size)], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, ...settings },
      });
      if (generated.status !== 0) throw new Error(`bench/${generator} failed.`);
    }
    server = await startLocalServer({ dataDir, env: settings });
    return { server, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
