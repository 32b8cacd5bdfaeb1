// Builds the web app when its build is missing or older than its sources, so `npm start`
// after a pull never serves a stale front end. Returns quickly when the build is fresh.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'apps/web/dist/index.html');
// The server's render of members' pages and the public pages made from its answers, written by the same build (decision 017).
const builtRender = join(root, 'apps/web/dist-ssr/request-render.js');
const sources = [
  'apps/web/src',
  'apps/web/scripts',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  // Both builds bundle the dependencies' code (the server's render too, decision 029).
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

export function webBuildIsStale() {
  if (!existsSync(builtIndex) || !existsSync(builtRender)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

export function buildWebIfStale() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app…');
  // Always a production build, even when started from a test runner that sets NODE_ENV=test.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('The web app build failed.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfStale();
