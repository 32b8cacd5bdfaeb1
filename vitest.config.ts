import { defineConfig } from 'vitest/config';

// One runner for everything: `npm test` runs all projects, `npm run test:e2e` only the browser journeys.
export default defineConfig({
  test: { projects: ['packages/contracts', 'apps/server', 'apps/web', 'e2e'] },
});
