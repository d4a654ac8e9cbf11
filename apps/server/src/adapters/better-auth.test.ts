import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, request, type TestApp } from '../../test/test-app.ts';
import { session } from '../db/schema/auth.ts';
import { signedCookieToken } from './better-auth.ts';
import { continuationAsyncId } from '../../test/async-tracking.ts';

// What src/adapters/better-auth.ts relies on, checked against the installed better-auth: an
// upgrade that changes it fails here, by name, rather than as a signed-out shop.
describe('the better-auth adapter', () => {
  let t: TestApp;
  let cookieName: string;
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp();
    const context = await t.app.auth.$context;
    cookieName = context.authCookies.sessionToken.name;
    secret = context.secret;
  });
  afterAll(() => t.close());

  it('reads the session token out of the cookie better-auth signs at sign-up', async () => {
    const someone = await registerUser(t.app);
    const token = signedCookieToken(someone.cookie, cookieName, secret);
    expect(token).not.toBeNull();
    const [row] = await t.database.db
      .select({ userId: session.userId })
      .from(session)
      .where(eq(session.token, token!));
    expect(row?.userId).toBe(someone.id);
  });

  it('refuses a cookie whose token or signature was changed, or signed with another secret', async () => {
    const someone = await registerUser(t.app);
    const value = decodeURIComponent(someone.cookie.split(`${cookieName}=`)[1]!.split(';')[0]!);
    const dot = value.lastIndexOf('.');
    const [token, signature] = [value.slice(0, dot), value.slice(dot + 1)];
    const header = (v: string) => `${cookieName}=${encodeURIComponent(v)}`;
    expect(signedCookieToken(header(`${token}.${signature}`), cookieName, secret)).toBe(token);
    expect(signedCookieToken(header(`${token}x.${signature}`), cookieName, secret)).toBeNull();
    const forged = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(signedCookieToken(header(`${token}.${forged}`), cookieName, secret)).toBeNull();
    expect(signedCookieToken(header(value), cookieName, `${secret}-other`)).toBeNull();
    expect(signedCookieToken(undefined, cookieName, secret)).toBeNull();
  });

  it('leaves no async context tracking on once better-auth calls have settled', async () => {
    const someone = await registerUser(t.app);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: someone.email, password: someone.password },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await request(t.app, { method: 'GET', url: '/api/auth/get-session', as: someone }))
        .statusCode,
    ).toBe(200);
    expect(await continuationAsyncId()).toBe(0);
  });
});
