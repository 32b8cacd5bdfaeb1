// `npm start`: build the web app if it is missing or stale, then run the server in this
// process (tsx compiles the TypeScript on load), so SIGINT/SIGTERM reach it directly.
import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
register();
await import('../apps/server/src/server.ts');
