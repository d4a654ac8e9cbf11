import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, user } from '../db/schema/auth.ts';
import {
  createTestApp,
  registerUser,
  request,
  sessionCookie,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/test-app.ts';
import {
  startOidcProvider,
  type LocalOidcProvider,
  type TestIdentity,
} from '../../test/oidc-provider.ts';

// The account-linking policy of docs/auth.md, seen from the outside.

let oidc: LocalOidcProvider;
let t: TestApp;

beforeAll(async () => {
  oidc = await startOidcProvider({
    redirectUris: [`${TEST_ORIGIN}/api/auth/callback/google`],
    identities: [],
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
    FACEBOOK_CLIENT_ID: 'fb-app-123',
    FACEBOOK_CLIENT_SECRET: 'fb-secret-456',
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

let counter = 0;
function identity(email: string, emailVerified: boolean): TestIdentity {
  counter += 1;
  const id: TestIdentity = {
    sub: `google-linking-${counter}`,
    email,
    emailVerified,
    name: `Google Name ${counter}`,
    picture: `https://example.com/photos/${counter}.png`,
  };
  oidc.addIdentity(id);
  return id;
}

async function signInWithGoogle(who: TestIdentity) {
  const start = await request(t.app, {
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
  });
  const back = await oidc.answer(start.json<{ url: string }>().url, { as: who });
  return request(t.app, {
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: sessionCookie(start) },
  });
}

const signInWithPassword = (email: string, password: string) =>
  request(t.app, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

/** What better-auth's get-session answers for a signed-in browser. */
interface SessionBody {
  user: { id: string; name: string; email: string };
}

const session = (cookie: string) =>
  request(t.app, { method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

const usersWithEmail = (email: string) => t.app.db.select().from(user).where(eq(user.email, email));
const providersOf = async (userId: string) =>
  (await t.app.db.select().from(account).where(eq(account.userId, userId)))
    .map((a) => a.providerId)
    .sort();

describe('a Google sign-in whose email already has a password account', () => {
  it('links to that account when Google says the email is verified', async () => {
    const existing = await registerUser(t.app, { name: 'Ada Password' });
    const google = identity(existing.email, true);

    const res = await signInWithGoogle(google);

    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const me = (await session(sessionCookie(res))).json<SessionBody>();
    expect(me.user).toMatchObject({ id: existing.id, email: existing.email, emailVerified: true });
    // The account keeps the name its owner chose.
    expect(me.user.name).toBe('Ada Password');
    expect(await usersWithEmail(existing.email)).toHaveLength(1);
    expect(await providersOf(existing.id)).toEqual(['google']);
  });

  it('takes the account away from whoever set its unproven password (pre-account-takeover)', async () => {
    // Someone registers the address first, with a password, and keeps a session open.
    const squatter = await registerUser(t.app, { password: 'squatter-knows-this' });
    const owner = identity(squatter.email, true);

    // The mailbox owner later arrives through Google.
    const res = await signInWithGoogle(owner);
    expect((await session(sessionCookie(res))).json<SessionBody>().user.id).toBe(squatter.id);

    // The squatter's session is over and the password no longer opens the account.
    expect((await session(squatter.cookie)).json<SessionBody>()).toBeNull();
    const withPassword = await signInWithPassword(squatter.email, 'squatter-knows-this');
    expect(withPassword.statusCode).toBe(401);
    // The owner can come back through Google.
    const again = await signInWithGoogle(owner);
    expect((await session(sessionCookie(again))).json<SessionBody>().user.id).toBe(squatter.id);
  });

  it('neither links nor creates a duplicate when the email is not verified, and says why', async () => {
    const existing = await registerUser(t.app, { password: 'still-mine-1' });
    const unverified = identity(existing.email, false);

    const res = await signInWithGoogle(unverified);

    expect(res.statusCode).toBe(302);
    const back = new URL(String(res.headers.location), TEST_ORIGIN);
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toBe('account_not_linked');
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
    expect(await usersWithEmail(existing.email)).toHaveLength(1);
    expect(await providersOf(existing.id)).toEqual(['credential']);
    // The password account is untouched.
    expect((await signInWithPassword(existing.email, 'still-mine-1')).statusCode).toBe(200);
    expect((await session(existing.cookie)).json<SessionBody>()).toMatchObject({
      user: { id: existing.id },
    });
  });
});

describe('a Google sign-in for a new email', () => {
  it('creates the account with the provider name and photo, verified only if Google says so', async () => {
    const verified = identity('new.verified@example.com', true);
    const unverified = identity('new.unverified@example.com', false);

    const a = (await session(sessionCookie(await signInWithGoogle(verified)))).json<SessionBody>();
    const b = (
      await session(sessionCookie(await signInWithGoogle(unverified)))
    ).json<SessionBody>();

    expect(a.user).toMatchObject({
      name: verified.name,
      image: verified.picture,
      emailVerified: true,
    });
    expect(b.user).toMatchObject({
      name: unverified.name,
      image: unverified.picture,
      emailVerified: false,
    });
  });

  it('does not let a password registration take an address a Google account already has', async () => {
    const google = identity('taken.by.google@example.com', true);
    await signInWithGoogle(google);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Late Comer', email: google.email, password: 'secret-1' },
    });
    expect(res.statusCode).toBe(422);
    expect(await usersWithEmail(google.email)).toHaveLength(1);
  });
});

describe('explicit account linking', () => {
  it('is refused: linking happens only by signing in with a verified email', async () => {
    const signedIn = await registerUser(t.app);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/link-social',
      as: signedIn,
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'LINKING_BY_SIGN_IN_ONLY' });
  });
});

describe('Continue with Facebook when FACEBOOK_* are set', () => {
  it('is listed as available', async () => {
    const res = await request(t.app, { method: 'GET', url: '/api/auth-providers' });
    expect(res.json()).toEqual({ google: true, facebook: true });
  });

  it("sends the browser to Facebook's dialog with this app's id and callback", async () => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'facebook', callbackURL: '/', errorCallbackURL: '/login' },
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<{ url: string }>().url);
    expect(url.origin).toBe('https://www.facebook.com');
    expect(url.pathname).toMatch(/\/dialog\/oauth$/);
    expect(url.searchParams.get('client_id')).toBe('fb-app-123');
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/facebook`);
    expect(url.searchParams.get('scope')?.split(/[ ,]/)).toEqual(
      expect.arrayContaining(['email', 'public_profile']),
    );
  });
});
