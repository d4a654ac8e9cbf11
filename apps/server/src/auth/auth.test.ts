import { eq } from 'drizzle-orm';
import { oneLineMessage } from '@voltforge/contract/form-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@voltforge/contract/user';
import { profileMessages } from '@voltforge/contract/profile';
import {
  createTestApp,
  registerUser,
  request,
  sessionCookie,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { session as sessionTable, user } from '../db/schema/auth.ts';
import { MAX_SESSIONS_PER_ACCOUNT } from './account-hooks.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'chief@example.com' });
});
afterAll(() => t.close());

const signUp = (payload: Record<string, unknown>) =>
  request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload });
const signIn = (payload: Record<string, unknown>) =>
  request(t.app, { method: 'POST', url: '/api/auth/sign-in/email', payload });
const session = (cookie: string) =>
  request(t.app, { method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

describe('registration', () => {
  it('creates the account, sets the display name and signs the user in with an httpOnly cookie', async () => {
    const res = await signUp({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'engine-1843',
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    const me = await session(sessionCookie(res));
    expect(me.json()).toMatchObject({
      user: { name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' },
    });
  });

  it('accepts addresses the original pattern rejected (dots, long TLDs)', async () => {
    const res = await signUp({
      name: 'John Doe',
      email: 'john.doe@example.info',
      password: 'secret-1',
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ email: 'x@example.com', password: 'secret-1' }, authMessages.nameRequired],
    [{ name: 'X', password: 'secret-1' }, authMessages.emailRequired],
    [{ name: 'X', email: 'not-an-email', password: 'secret-1' }, authMessages.emailInvalid],
    [{ name: 'X', email: 'x2@example.com' }, authMessages.passwordRequired],
    [{ name: 'X', email: 'x3@example.com', password: '12345' }, authMessages.passwordTooShort],
  ])('refuses %j with the spec message', async (payload, message) => {
    const res = await signUp(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('refuses a second account with the same email', async () => {
    await signUp({ name: 'First', email: 'twice@example.com', password: 'secret-1' });
    const res = await signUp({ name: 'Second', email: 'TWICE@example.com', password: 'secret-2' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ code: string }>().code).toMatch(/USER_ALREADY_EXISTS/);
  });

  it('never lets the client choose its role', async () => {
    const res = await signUp({
      name: 'Mallory',
      email: 'mallory@example.com',
      password: 'secret-1',
      role: 'admin',
    });
    const me = await session(sessionCookie(res));
    expect(me.json<{ user?: { role?: string } } | null>()?.user?.role ?? 'user').toBe('user');
  });

  it('does not give the admin role to an address in ADMIN_EMAILS before it is confirmed', async () => {
    // Anyone can register any address; the role waits for the confirmation link
    // (test/account-mails.test.ts follows it).
    const res = await signUp({ name: 'Chief', email: 'chief@example.com', password: 'secret-1' });
    const me = await session(sessionCookie(res));
    expect(me.json()).toMatchObject({ user: { role: 'user', emailVerified: false } });
  });
});

describe('sign in and out', () => {
  it('signs in with the right password and refuses a wrong one or an unknown user alike', async () => {
    const u = await registerUser(t.app, { password: 'right-password' });
    const ok = await signIn({ email: u.email, password: 'right-password' });
    expect(ok.statusCode).toBe(200);
    const wrong = await signIn({ email: u.email, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ code: string }>().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const unknown = await signIn({ email: 'nobody@example.com', password: 'whatever-1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json<{ code: string }>().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('refuses a disabled (banned) account a new session', async () => {
    const u = await registerUser(t.app);
    await t.app.db.update(user).set({ banned: true }).where(eq(user.id, u.id));
    const res = await signIn({ email: u.email, password: u.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'BANNED_USER',
      message: 'This account has been disabled.',
    });
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
  });

  it('validates the sign-in form on the server too', async () => {
    const res = await signIn({ email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: authMessages.emailRequired });
  });

  it('ends the session on sign-out', async () => {
    const u = await registerUser(t.app);
    const out = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-out',
      as: u,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await session(u.cookie);
    expect(me.json()).toBeNull();
  });

  it('refuses a cookie-authenticated POST from another origin', async () => {
    const u = await registerUser(t.app);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-out',
      as: u,
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect((await session(u.cookie)).json()).toMatchObject({ user: { email: u.email } });
  });
});

describe("better-auth's account endpoints follow the profile contract", () => {
  const updateUser = (as: TestUser, payload: Record<string, unknown>) =>
    request(t.app, { method: 'POST', url: '/api/auth/update-user', as, payload });

  it.each([
    [{ name: 'x'.repeat(101) }, profileMessages.nameTooLong],
    [{ name: '   ' }, profileMessages.nameRequired],
    [{ image: 'javascript:alert(1)' }, profileMessages.imgInvalid],
    [{ image: 'data:image/svg+xml,<svg onload=alert(1)>' }, profileMessages.imgInvalid],
    [{ image: `https://img.example/${'a'.repeat(2048)}` }, profileMessages.imgInvalid],
  ])('update-user refuses %j and changes nothing', async (payload, message) => {
    const u = await registerUser(t.app);
    const res = await updateUser(u, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect((await session(u.cookie)).json()).toMatchObject({ user: { name: u.name, image: null } });
  });

  it('update-user accepts a name within the limit and an http(s) photo, and null clears it', async () => {
    const u = await registerUser(t.app);
    const res = await updateUser(u, { name: 'New Name', image: 'https://img.example/me.png' });
    expect(res.statusCode).toBe(200);
    expect((await session(u.cookie)).json()).toMatchObject({
      user: { name: 'New Name', image: 'https://img.example/me.png' },
    });
    expect((await updateUser(u, { image: null })).statusCode).toBe(200);
    expect((await session(u.cookie)).json()).toMatchObject({ user: { image: null } });
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', '//evil.example/x.png'])(
    'sign-up refuses the photo %s',
    async (image) => {
      const email = `photo-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await signUp({ name: 'Pic', email, password: 'secret-1', image });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: profileMessages.imgInvalid });
      expect((await signIn({ email, password: 'secret-1' })).statusCode).toBe(401);
    },
  );

  it('sign-up keeps an http(s) photo', async () => {
    const res = await signUp({
      name: 'Pic',
      email: 'pic-ok@example.com',
      password: 'secret-1',
      image: 'https://img.example/pic.png',
    });
    expect(res.statusCode).toBe(200);
    expect((await session(sessionCookie(res))).json()).toMatchObject({
      user: { image: 'https://img.example/pic.png' },
    });
  });
});

describe("better-auth's admin endpoints", () => {
  it.each([
    ['POST', '/api/auth/admin/impersonate-user'],
    ['POST', '/api/auth/admin/set-role'],
    ['POST', '/api/auth/admin/remove-user'],
    ['POST', '/api/auth/admin/create-user'],
    ['POST', '/api/auth/admin/ban-user'],
    ['GET', '/api/auth/admin/list-users'],
  ] as const)('%s %s is not found, even for an admin', async (method, url) => {
    const admin = await registerUser(t.app, { role: 'admin' });
    const target = await registerUser(t.app);
    const payload = {
      userId: target.id,
      role: 'admin',
      email: 'made-up@example.com',
      password: 'secret-1',
      name: 'Made Up',
    };
    const res = await request(t.app, {
      method,
      url,
      as: admin,
      ...(method === 'POST' ? { payload } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect((await session(target.cookie)).json()).toMatchObject({
      user: { email: target.email, role: 'user' },
    });
    expect((await signIn({ email: 'made-up@example.com', password: 'secret-1' })).statusCode).toBe(
      401,
    );
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT: 'true' });
  });
  afterAll(() => limited.close());

  it('never limits get-session (customers behind one NAT share an address), but limits sign-in', async () => {
    const u = await registerUser(limited.app);
    for (let i = 0; i < 105; i += 1) {
      const res = await request(limited.app, {
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: u.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { email: u.email } });
    }
    const attempts = [];
    for (let i = 0; i < 11; i += 1) {
      attempts.push(
        (
          await request(limited.app, {
            method: 'POST',
            url: '/api/auth/sign-in/email',
            payload: { email: u.email, password: 'wrong-password' },
          })
        ).statusCode,
      );
    }
    expect(attempts.at(-1)).toBe(429);
  });
});

describe('weak new passwords (ASVS 5.0 V6.2.1)', () => {
  it.each([
    ['abcdef', authMessages.newPasswordTooShort],
    ['aaaaaa', authMessages.newPasswordTooShort],
    ['        ', authMessages.passwordOnlySpaces],
    ['voltforge', authMessages.passwordIsShopName],
  ])('sign-up refuses %j, saying why, and creates nothing', async (password, message) => {
    const email = `weak-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await signUp({ name: 'Weak', email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect((await signIn({ email, password })).statusCode).toBe(401);
  });

  it('refuses a name with a line break at sign-up', async () => {
    const res = await signUp({
      name: 'Eve\nAdmin',
      email: 'two-lines@example.com',
      password: 'long-enough-pass-7',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: oneLineMessage });
  });

  it("keeps the spec's own message for fewer than 6 characters", async () => {
    const res = await signUp({ name: 'Short', email: 'short-pw@example.com', password: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: authMessages.passwordTooShort });
  });
});

describe('sessions per account', () => {
  it(`keeps at most ${MAX_SESSIONS_PER_ACCOUNT}: one more sign-in ends the oldest`, async () => {
    const who = await registerUser(t.app, { password: 'many-devices-8' });
    const cookies: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT + 2; i += 1) {
      const res = await signIn({ email: who.email, password: 'many-devices-8' });
      expect(res.statusCode).toBe(200);
      cookies.push(sessionCookie(res));
    }
    const live = await t.app.db.select().from(sessionTable).where(eq(sessionTable.userId, who.id));
    expect(live).toHaveLength(MAX_SESSIONS_PER_ACCOUNT);
    expect((await session(cookies[0]!)).json()).toBeNull();
    expect((await session(cookies.at(-1)!)).json()).toMatchObject({ user: { email: who.email } });
  });
});

describe('common passwords', () => {
  it.each(['iloveyou', 'Qwerty123', 'password1'])(
    'sign-up refuses %s with a clear message and creates nothing',
    async (password) => {
      const email = `common-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await signUp({ name: 'Common', email, password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: authMessages.passwordTooCommon });
      expect((await signIn({ email, password })).statusCode).toBe(401);
    },
  );

  it('changing to a common password is refused and the old one keeps working', async () => {
    const u = await registerUser(t.app, { password: 'uncommon-start-9' });
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/change-password',
      as: u,
      payload: { currentPassword: 'uncommon-start-9', newPassword: 'football' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: authMessages.passwordTooCommon });
    expect((await signIn({ email: u.email, password: 'uncommon-start-9' })).statusCode).toBe(200);
  });

  it('a reset to a common password is refused before the token is looked at', async () => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'any-token', newPassword: 'sunshine' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: authMessages.passwordTooCommon });
  });
});

describe('/.well-known/security.txt', () => {
  it('names a contact, an expiry under a year away, the language and its canonical address (RFC 9116)', async () => {
    const res = await request(t.app, { method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    const fields = Object.fromEntries(
      res.body
        .split('\n')
        .filter((line) => line.includes(': ') && !line.startsWith('#'))
        .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
    );
    expect(fields.Contact).toMatch(/^(mailto:|https:\/\/)/);
    expect(fields['Preferred-Languages']).toBe('en');
    expect(fields.Canonical).toBe('http://localhost:3000/.well-known/security.txt');
    const expires = Date.parse(String(fields.Expires));
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 366 * 24 * 3600 * 1000);
  });
});

describe('the shop opened at another spelling of its own address', () => {
  let embedded: TestApp;
  beforeAll(async () => {
    // The embedded default: no PUBLIC_URL, so the shop only knows its port.
    embedded = await createTestApp({ PUBLIC_URL: undefined, PORT: '3000' });
  });
  afterAll(() => embedded.close());

  const signUpFrom = (origin: string) =>
    embedded.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin, cookie: 'unrelated=1' },
      payload: {
        name: 'Loopback',
        email: `loop-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'loopback-pass-7',
      },
    });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])(
    'registers from %s',
    async (origin) => {
      expect((await signUpFrom(origin)).statusCode).toBe(200);
    },
  );

  it.each(['https://evil.example', 'http://127.0.0.1:4000', 'http://192.168.1.20:3000'])(
    'refuses %s with words a person understands',
    async (origin) => {
      const res = await signUpFrom(origin);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: 'This shop answers at http://localhost:3000 — open it there, or set PUBLIC_URL.',
      });
    },
  );
});
