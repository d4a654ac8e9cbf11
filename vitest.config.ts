import { defineConfig } from 'vitest/config';

const serverProject = (name: string, testDb: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/fail-on-console-error.ts'],
    env: { TEST_DB: testDb },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      serverProject('server', 'pglite'),
      // The same suite on real PostgreSQL when CI (or you) gives it a database.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
      './apps/web/vitest.config.ts',
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      // The build's own checks (the bundle budget, the preload lists).
      { test: { name: 'scripts', root: './scripts', include: ['*.test.ts'] } },
    ],
  },
});
