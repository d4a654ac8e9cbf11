import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, user } from '../db/schema/auth.ts';
import {
  createTestApp,
  request,
  sessionCookie,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/test-app.ts';
import {
  graceHopper,
  startOidcProvider,
  type LocalOidcProvider,
  type TestIdentity,
} from '../../test/oidc-provider.ts';

let oidc: LocalOidcProvider;
let t: TestApp;

const adminIdentity: TestIdentity = {
  sub: 'google-admin-0002',
  email: 'chief@example.com',
  emailVerified: true,
  name: 'Chief Engineer',
};

beforeAll(async () => {
  oidc = await startOidcProvider({
    redirectUris: [`${TEST_ORIGIN}/api/auth/callback/google`],
    identities: [graceHopper, adminIdentity],
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
    ADMIN_EMAILS: adminIdentity.email,
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

const startGoogle = (callbackURL = '/dashboard') =>
  request(t.app, {
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL, errorCallbackURL: '/login' },
  });

/** The browser coming back from the provider to the app's callback, with the state cookie. */
const returnToApp = (back: URL, cookie: string) =>
  request(t.app, { method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });

async function signInWithGoogle(choice: { as: TestIdentity } | 'cancel', callbackURL?: string) {
  const start = await startGoogle(callbackURL);
  expect(start.statusCode).toBe(200);
  const back = await oidc.answer(start.json<{ url: string }>().url, choice);
  return returnToApp(back, sessionCookie(start));
}

/** What better-auth's get-session answers for a signed-in browser. */
interface SessionBody {
  user: { id: string; name: string; email: string };
}

const session = (cookie: string) =>
  request(t.app, { method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

const usersWithEmail = (email: string) => t.app.db.select().from(user).where(eq(user.email, email));

describe('which social sign-ins the shop offers', () => {
  it('says Google is on and Facebook is off', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/auth-providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: true, facebook: false });
  });

  it('refuses a provider that is not configured with a clear code', async () => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'facebook', callbackURL: '/' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
  });
});

describe('Continue with Google (OpenID Connect, issuer from GOOGLE_ISSUER)', () => {
  it('sends the browser to the issuer found by discovery, with PKCE, nonce and the right scopes', async () => {
    const start = await startGoogle();
    const url = new URL(start.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${oidc.issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe(oidc.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/google`);
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual([
      'email',
      'openid',
      'profile',
    ]);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('creates the account on first sign-in with the provider name and photo, and returns to callbackURL', async () => {
    const res = await signInWithGoogle({ as: graceHopper }, '/dashboard/addReview');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard/addReview');
    const me = await session(sessionCookie(res));
    expect(me.json()).toMatchObject({
      user: {
        name: graceHopper.name,
        email: graceHopper.email,
        image: graceHopper.picture,
        emailVerified: true,
        role: 'user',
      },
    });
  });

  it('signs the same person into the same account the next time (no duplicate)', async () => {
    const first = await signInWithGoogle({ as: graceHopper });
    const firstId = (await session(sessionCookie(first))).json<SessionBody>().user.id;
    const again = await signInWithGoogle({ as: graceHopper });
    expect((await session(sessionCookie(again))).json<SessionBody>().user.id).toBe(firstId);
    expect(await usersWithEmail(graceHopper.email)).toHaveLength(1);
    const links = await t.app.db.select().from(account).where(eq(account.userId, firstId));
    expect(links.map((l) => [l.providerId, l.accountId])).toEqual([['google', graceHopper.sub]]);
  });

  it("signs out of the shop only, not out of the person's Google account", async () => {
    const res = await signInWithGoogle({ as: graceHopper });
    const out = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: sessionCookie(res) },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.body).not.toContain(oidc.issuer);
    expect(out.headers.location).toBeUndefined();
    expect((await session(sessionCookie(res))).json<SessionBody>()).toBeNull();
  });

  it('sends a user who cancels at the provider back to the login page with error=access_denied', async () => {
    const res = await signInWithGoogle('cancel');
    expect(res.statusCode).toBe(302);
    const back = new URL(String(res.headers.location), TEST_ORIGIN);
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
  });

  it('does not sign in twice with a replayed callback', async () => {
    const start = await startGoogle();
    const back = await oidc.answer(start.json<{ url: string }>().url, { as: graceHopper });
    const first = await returnToApp(back, sessionCookie(start));
    expect(first.headers.location).toBe('/dashboard');
    const replay = await returnToApp(back, sessionCookie(start));
    expect(replay.statusCode).toBe(302);
    expect(
      new URL(String(replay.headers.location), TEST_ORIGIN).searchParams.get('error'),
    ).toBeTruthy();
    expect(String(replay.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
  });

  it('refuses a callback that did not start in this browser (no state cookie)', async () => {
    const start = await startGoogle();
    const back = await oidc.answer(start.json<{ url: string }>().url, { as: graceHopper });
    const res = await returnToApp(back, '');
    expect(res.statusCode).toBe(302);
    expect(
      new URL(String(res.headers.location), TEST_ORIGIN).searchParams.get('error'),
    ).toBeTruthy();
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
  });

  it('gives the admin role to a Google account whose email is in ADMIN_EMAILS', async () => {
    const res = await signInWithGoogle({ as: adminIdentity });
    expect((await session(sessionCookie(res))).json<SessionBody>()).toMatchObject({
      user: { email: adminIdentity.email, name: adminIdentity.name, role: 'admin' },
    });
  });

  it('turns a disabled (banned) account away with a clear code', async () => {
    const banned: TestIdentity = {
      sub: 'google-banned-0003',
      email: 'banned.person@example.com',
      emailVerified: true,
      name: 'Banned Person',
    };
    oidc.addIdentity(banned);
    await signInWithGoogle({ as: banned });
    await t.app.db.update(user).set({ banned: true }).where(eq(user.email, banned.email));
    const res = await signInWithGoogle({ as: banned });
    const back = new URL(String(res.headers.location), TEST_ORIGIN);
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toBe('BANNED_USER');
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
  });
});

describe('the sign-in popup', () => {
  const popupStart = (nonce: string) =>
    request(t.app, {
      method: 'GET',
      url: `/api/auth/oauth-popup/start?${new URLSearchParams({
        provider: 'google',
        popupOrigin: TEST_ORIGIN,
        popupNonce: nonce,
        callbackURL: '/tools',
        errorCallbackURL: '/login',
      }).toString()}`,
    });

  /** The JSON the completion page posts to its opener. */
  const completionData = (html: string) => {
    const json = /<script type="application\/json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
    return JSON.parse(json ?? 'null') as {
      type: string;
      nonce: string;
      targetOrigin: string;
      token?: string;
      redirectTo?: string;
      error?: { code: string };
    };
  };

  it('ends with a page that tells the opener (same origin only) the sign-in worked', async () => {
    const start = await popupStart('nonce-1');
    expect(start.statusCode).toBe(302);
    const back = await oidc.answer(String(start.headers.location), { as: graceHopper });
    const done = await returnToApp(back, sessionCookie(start));
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toMatch(/text\/html/);
    expect(String(done.headers['content-security-policy'])).toMatch(/script-src 'sha256-/);
    // A window arriving from the provider's origin keeps its opener only without a strict COOP.
    expect(done.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(completionData(done.body)).toMatchObject({
      type: 'better-auth:oauth-popup',
      nonce: 'nonce-1',
      targetOrigin: TEST_ORIGIN,
      redirectTo: '/tools',
    });
    // The popup shares the site's cookies: the opener is signed in too.
    const me = await session(sessionCookie(done));
    expect(me.json()).toMatchObject({ user: { email: graceHopper.email } });
  });

  it('reports a cancel at the provider to the opener as access_denied', async () => {
    const start = await popupStart('nonce-2');
    const back = await oidc.answer(String(start.headers.location), 'cancel');
    const done = await returnToApp(back, sessionCookie(start));
    expect(done.statusCode).toBe(200);
    expect(completionData(done.body)).toMatchObject({
      nonce: 'nonce-2',
      error: { code: 'access_denied' },
    });
  });

  it('refuses to report to an opener on another origin', async () => {
    const res = await request(t.app, {
      method: 'GET',
      url: `/api/auth/oauth-popup/start?provider=google&popupOrigin=${encodeURIComponent('https://evil.example')}`,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a shop without social sign-in configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare?.close());

  it('says neither provider is available, and refuses Google with PROVIDER_NOT_FOUND', async () => {
    const providers = await request(bare.app, { method: 'GET', url: '/api/auth-providers' });
    expect(providers.json()).toEqual({ google: false, facebook: false });
    const res = await request(bare.app, {
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
  });
});
