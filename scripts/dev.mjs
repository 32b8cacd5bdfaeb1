// `npm run dev`: the server restarting on change (port 3000) and Vite's dev server (port 5173),
// which proxies /api and /uploads to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { root } from './build-web.mjs';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
for (const child of children) child.on('exit', (code) => process.exit(code ?? 0));
