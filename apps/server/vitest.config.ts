// Server tests: API tests through app.inject() on a real database (SQLite always; PostgreSQL too
// when TEST_DATABASE_URL is set). No globalSetup: each test file makes its own temp data dir and,
// on PostgreSQL, its own schema, so files run in parallel without sharing state.
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Password hashing (scrypt) makes sign-ups take tens of milliseconds each.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
