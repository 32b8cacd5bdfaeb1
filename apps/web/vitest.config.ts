import { defineConfig } from 'vitest/config';

// Pure-logic unit tests (theme tokens, redirects, platform detection, API errors, translations).
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
