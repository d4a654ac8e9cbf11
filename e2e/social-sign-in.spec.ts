import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, request, test, type Page } from '@playwright/test';
import {
  graceHopper,
  startOidcProvider,
  type LocalOidcProvider,
} from '../apps/server/test/oidc-provider.ts';
import { demo, hydrated } from './fixtures';

/*
 * Continue with Google through the real UI, against a local OpenID Connect provider standing in
 * for Google (GOOGLE_ISSUER), on an app server of this spec's own: the shared one from
 * playwright.config.ts has no social sign-in configured, which the last journey uses.
 */

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

let oidc: LocalOidcProvider;
let server: ChildProcess | undefined;
let serverLog = '';
let dataDir: string;
let app: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = Number(process.env.E2E_SOCIAL_PORT ?? 0) || (await freePort());
  app = `http://localhost:${port}`;
  oidc = await startOidcProvider({
    port: Number(process.env.E2E_OIDC_PORT ?? 0),
    redirectUris: [`${app}/api/auth/callback/google`],
  });
  dataDir = mkdtempSync(join(tmpdir(), 'voltforge-e2e-social-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: app,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: resolve(process.env.E2E_WEB_DIST ?? 'apps/web/dist'),
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`app server exited:\n${serverLog}`);
        return fetch(`${app}/api/ready`).then(
          (res) => res.status,
          () => 0,
        );
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  await oidc?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Presses "Continue with Google" and answers in the provider's 500×600 popup. */
async function continueWithGoogle(page: Page, answer: 'Continue as Grace Hopper' | 'Cancel') {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
  // The spinner replaces the form while the popup is open.
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(popup).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: answer }).click();
  await closed;
}

const currentUser = async (page: Page) =>
  (
    (await (await page.request.get(`${app}/api/auth/get-session`)).json()) as {
      user: { id: string; name: string; email: string; image: string | null };
    } | null
  )?.user;

/** Counts accounts with this email through the admin API, as the demo admin. */
async function accountsWithEmail(email: string) {
  const admin = await request.newContext({ baseURL: app, extraHTTPHeaders: { origin: app } });
  const signedIn = await admin.post('/api/auth/sign-in/email', {
    data: { email: demo.admin.email, password: demo.admin.password },
  });
  expect(signedIn.ok()).toBe(true);
  const users = (await (await admin.get('/api/user?pageSize=100')).json()) as { email: string }[];
  await admin.dispose();
  return users.filter((u) => u.email === email).length;
}

test.describe('Continue with Google against a local OpenID Connect provider', () => {
  test('signs in with the provider name → sign out → sign in again → the same account', async ({
    page,
  }) => {
    // A guarded page sends the visitor to /login; after Google they land back on it.
    await page.goto(`${app}/dashboard/addReview`);
    await expect(page).toHaveURL(`${app}/login`);
    await continueWithGoogle(page, 'Continue as Grace Hopper');

    await expect(page).toHaveURL(`${app}/dashboard/addReview`);
    const banner = page.getByRole('banner');
    await expect(banner.getByText(graceHopper.name).first()).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Log Out' })).toBeVisible();
    const first = await currentUser(page);
    expect(first).toMatchObject({
      name: graceHopper.name,
      email: graceHopper.email,
      image: graceHopper.picture,
    });

    await banner.getByRole('button', { name: 'Log Out' }).click();
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await currentUser(page)).toBeUndefined();

    await page.goto(`${app}/login`);
    await continueWithGoogle(page, 'Continue as Grace Hopper');
    await expect(page).toHaveURL(`${app}/`);
    await expect(banner.getByText(graceHopper.name).first()).toBeVisible();
    expect((await currentUser(page))?.id).toBe(first?.id);
    expect(await accountsWithEmail(graceHopper.email)).toBe(1);
  });

  test('cancelling at the provider shows a clear red message', async ({ page }) => {
    await page.goto(`${app}/login`);
    await continueWithGoogle(page, 'Cancel');

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('You cancelled the sign-in with Google.');
    await expect(alert).toHaveClass(/text-error/);
    // In red above the submit button (spec: Login).
    const submit = page.getByRole('button', { name: 'Login', exact: true });
    const [alertBox, submitBox] = [await alert.boundingBox(), await submit.boundingBox()];
    expect(alertBox && submitBox && alertBox.y + alertBox.height <= submitBox.y).toBe(true);
    expect(await currentUser(page)).toBeUndefined();
  });

  test('a blocked popup falls back to a full-page redirect, there and back', async ({ page }) => {
    // What a popup blocker does: window.open gives nothing back.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${app}/register`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(
      new RegExp(`^${app}/register\\?provider=google&error=access_denied(&|$)`),
    );
    await expect(page.getByRole('alert')).toHaveText('You cancelled the sign-in with Google.');

    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Continue as Grace Hopper' }).click();
    await expect(page).toHaveURL(`${app}/`);
    await expect(page.getByRole('banner').getByText(graceHopper.name).first()).toBeVisible();
  });
});

test.describe('a shop without social sign-in configured', () => {
  test('offers no social buttons on the sign-in and sign-up pages', async ({ page }) => {
    for (const path of ['/login', '/register']) {
      // The page asks the shop which sign-ins it has, then shows only those: here none.
      const asked = page.waitForResponse((r) => r.url().endsWith('/api/auth-providers'));
      await page.goto(path);
      expect(await (await asked).json()).toEqual({ google: false, facebook: false });
      await hydrated(page);
      await expect(page.getByRole('button', { name: /Continue with/ })).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: path === '/login' ? 'Login' : 'Register' }),
      ).toBeVisible();
    }
  });
});
