import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/server.ts'],
    // One browser at a time: the machines have two cores and the server shares them.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
