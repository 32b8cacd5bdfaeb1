// Vitest global setup: one app, started as `npm start` starts it, for all the browser journeys.
import type { TestProject } from 'vitest/node';
import { startLocalServer } from '../../scripts/local-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Every journey signs up from 127.0.0.1, so the per-address auth limit is raised (an API test covers it).
  const server = await startLocalServer({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);

  return async () => {
    // Graceful shutdown: SIGTERM ends the server cleanly (exit code 0).
    const code = await server.stop();
    if (code !== 0) throw new Error(`The server exited with code ${code} on SIGTERM:\n${server.output()}`);
  };
}
