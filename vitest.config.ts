import { configDefaults, defineConfig } from 'vitest/config';

/*
 * Server test files that need a process of their own: those that replace a module with vi.mock,
 * and the adapters' tests, which check that nothing left async context tracking on in the
 * process. Every other server test file shares its worker's module cache with the files before
 * it (`isolate: false`): importing the server's graph (Fastify, Drizzle, better-auth, pdfkit)
 * took about 2 s per file, half of the suite's time on two cores. They share no module state a
 * test changes: each builds its own app on its own database (test/test-app.ts).
 */
const ownProcessFiles = [
  'src/modules/invoices/document-downloads.test.ts',
  'test/authorization-matrix.test.ts',
  'src/adapters/*.test.ts',
];

const serverProject = (name: string, testDb: 'pglite' | 'postgres', isolated: boolean) => ({
  test: {
    name: isolated ? `${name}-isolated` : name,
    root: './apps/server',
    include: isolated ? ownProcessFiles : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: isolated ? configDefaults.exclude : [...configDefaults.exclude, ...ownProcessFiles],
    isolate: isolated,
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/fail-on-console-error.ts'],
    env: { TEST_DB: testDb },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

const serverProjects = (name: string, testDb: 'pglite' | 'postgres') => [
  serverProject(name, testDb, false),
  serverProject(name, testDb, true),
];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      ...serverProjects('server', 'pglite'),
      // The same suite on real PostgreSQL when CI (or you) gives it a database.
      ...(process.env.TEST_DATABASE_URL ? serverProjects('server-pg', 'postgres') : []),
      './apps/web/vitest.config.ts',
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      // The build's own checks (the bundle budget, the preload lists).
      { test: { name: 'scripts', root: './scripts', include: ['*.test.ts'] } },
    ],
  },
});
