import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, journeyChromium } from './e2e/chromium';

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

// Journeys that touch nothing another one reads (no tool of their own, no demo stock counted, the
// demo admin signed in briefly) run two at a time; the rest, which change the catalogue, count
// the demo admin's sessions or time the page, run one at a time after them (CONTRIBUTING.md).
const twoAtATime = [
  'address-book',
  'cart',
  'company',
  'foundation',
  'mail',
  'payment',
  'projects',
  'reviews-profile',
  'search',
  'server-rendering',
  'social-sign-in',
  'storefront',
];
const twoAtATimeFiles = new RegExp(`/(${twoAtATime.join('|')})\\.spec\\.ts$`);
const desktopChromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: journeyChromium,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'two at a time',
      testMatch: twoAtATimeFiles,
      use: desktopChromium,
    },
    {
      name: 'one at a time',
      testIgnore: twoAtATimeFiles,
      dependencies: ['two at a time'],
      workers: 1,
      use: desktopChromium,
    },
  ],
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
