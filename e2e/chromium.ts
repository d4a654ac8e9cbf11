import { existsSync } from 'node:fs';

/** The flags the system Chromium runs with in this sandbox: e2e tests, screenshots, Lighthouse. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Debian's full browser (`apt-get install -y chromium`): screenshots and Lighthouse use it. */
export const fullChromium = '/usr/bin/chromium';

const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * The browser the Playwright journeys run in: CHROMIUM_PATH when set, else Debian's headless
 * shell (`apt-get install -y chromium-headless-shell`) when installed, else the full browser.
 * The shell is the same Blink without the full browser's window machinery, and what Playwright
 * itself runs headless tests in; on this 2-core machine it ran the journeys in 10.6 min against
 * 14.5 min in the full browser.
 */
export const journeyChromium =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : fullChromium);
