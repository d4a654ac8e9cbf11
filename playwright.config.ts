import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from './e2e/chromium';

// Each run gets a fresh data directory, so the demo seed is what the journeys start from.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'voltforge-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The journeys run against what `npm start` runs: the compiled server, once `npm run build` made it.
const compiledServer = 'apps/server/dist/server.js';
const serverCommand = existsSync(compiledServer)
  ? `node ${compiledServer}`
  : 'node --import tsx apps/server/src/server.ts';
// Debian's headless shell (`apt-get install -y chromium-headless-shell`) when it is there: the
// same Blink as `chromium`, without the full browser's window machinery, which is what Playwright
// itself runs headless tests in. On this 2-core machine it ran the journeys in 10.6 min against
// 14.5 min in the full browser. Without it, the full browser; CHROMIUM_PATH overrides both.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: serverCommand,
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
