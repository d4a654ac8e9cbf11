import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@voltforge/contract/user';
import { createTestApp, registerUser, request, type TestApp } from '../../test/test-app.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { KNOWN_DEVICE_COOKIE } from './sign-in-throttle.ts';

/** The address the shop's own proxy saw, appended after whatever the client wrote. */
const viaProxy = (clientWrote: string, proxySaw: string) => ({
  'x-forwarded-for': `${clientWrote}, ${proxySaw}`,
});

let n = 0;
/** A different made-up address for every call, as a brute-force script would rotate them. */
const rotatingAddress = () => {
  n += 1;
  return `198.51.${Math.floor(n / 250) % 250}.${n % 250}`;
};

describe('sign-in brute force behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'true', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('a client rotating X-Forwarded-For is still limited by the address the proxy saw', async () => {
    const victim = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await request(t.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: viaProxy(rotatingAddress(), '203.0.113.7'),
        payload: { email: `guess-${i}@example.com`, password: 'guess-password' },
      });
      statuses.push(res.statusCode);
    }
    // better-auth allows 10 sign-ins a minute per address; the 11th is refused.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another customer behind the same proxy, at another address, is not affected.
    const other = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: viaProxy(rotatingAddress(), '203.0.113.8'),
      payload: { email: victim.email, password: victim.password },
    });
    expect(other.statusCode).toBe(200);
  });

  it('IPv6 clients are limited per /64: rotating the last 64 bits does not help', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await request(t.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: viaProxy('192.0.2.1', `2001:db8:abcd:12::${(i + 1).toString(16)}`),
        payload: { email: `v6-guess-${i}@example.com`, password: 'guess-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('failed sign-ins per account, whatever the address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'true', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const signInFrom = (address: string, email: string, password: string) =>
    request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: viaProxy('10.0.0.1', address),
      payload: { email, password },
    });

  it('after 10 failures from 10 addresses the account refuses even the right password, with a message; other accounts are unaffected', async () => {
    const victim = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    for (let i = 0; i < 10; i += 1) {
      const res = await signInFrom(rotatingAddress(), victim.email, `wrong-${i}-password`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await signInFrom(rotatingAddress(), victim.email.toUpperCase(), victim.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: authMessages.tooManyFailedSignIns });
    expect(String(locked.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);

    const fine = await signInFrom(rotatingAddress(), bystander.email, bystander.password);
    expect(fine.statusCode).toBe(200);
  });

  it("a stranger's failures lock strangers out, not the owner's own browser, which keeps its own count", async () => {
    const owner = await registerUser(t.app);
    const first = await signInFrom(rotatingAddress(), owner.email, owner.password);
    expect(first.statusCode).toBe(200);
    const device = ([first.headers['set-cookie']].flat() as string[])
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    expect(device).toBeDefined();

    for (let i = 0; i < 10; i += 1) {
      await signInFrom(rotatingAddress(), owner.email, `stranger-${i}-guess`);
    }
    expect((await signInFrom(rotatingAddress(), owner.email, owner.password)).statusCode).toBe(429);

    const fromOwnBrowser = (password: string) =>
      request(t.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { ...viaProxy('10.0.0.1', rotatingAddress()), cookie: device! },
        payload: { email: owner.email, password },
      });
    expect((await fromOwnBrowser(owner.password)).statusCode).toBe(200);
    // The owner's browser is not a free pass: its own failures lock it too.
    for (let i = 0; i < 10; i += 1) {
      expect((await fromOwnBrowser(`typo-${i}-password`)).statusCode).toBe(401);
    }
    expect((await fromOwnBrowser(owner.password)).statusCode).toBe(429);
  });

  /** The known-device cookie (name=value) a sign-in answer set. */
  const deviceCookieOf = (res: { headers: Record<string, unknown> }) =>
    ([res.headers['set-cookie']].flat() as string[])
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
  const signInWith = (cookie: string | undefined, email: string, password: string) =>
    request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...viaProxy('10.0.0.1', rotatingAddress()), ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });

  it("each of the owner's browsers has its own cookie and its own count", async () => {
    const owner = await registerUser(t.app);
    const laptop = deviceCookieOf(await signInWith(undefined, owner.email, owner.password));
    const phone = deviceCookieOf(await signInWith(undefined, owner.email, owner.password));
    expect(laptop).toBeDefined();
    expect(phone).toBeDefined();
    expect(laptop).not.toBe(phone);
    // The laptop signing in again keeps its own id.
    expect(deviceCookieOf(await signInWith(laptop, owner.email, owner.password))).toBe(laptop);

    for (let i = 0; i < 10; i += 1) {
      await signInWith(undefined, owner.email, `stranger-${i}-guess`);
      await signInWith(laptop, owner.email, `laptop-${i}-typo`);
    }
    expect((await signInWith(undefined, owner.email, owner.password)).statusCode).toBe(429);
    expect((await signInWith(laptop, owner.email, owner.password)).statusCode).toBe(429);
    // The phone's count is its own: neither the strangers nor the laptop locked it.
    expect((await signInWith(phone, owner.email, owner.password)).statusCode).toBe(200);
  });

  it("a password reset ends every browser's standing: an old cookie is counted with strangers", async () => {
    const owner = await registerUser(t.app);
    const laptop = deviceCookieOf(await signInWith(undefined, owner.email, owner.password));
    expect(laptop).toBeDefined();

    const asked = await request(t.app, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: owner.email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await t.app.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, owner.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const token = /reset-password\?token=([^\s&]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const newPassword = 'a-brand-new-password-42';
    const reset = await request(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
    });
    expect(reset.statusCode).toBe(200);

    for (let i = 0; i < 10; i += 1) {
      await signInWith(undefined, owner.email, `stranger-${i}-guess`);
    }
    // The cookie from before the reset no longer vouches for the laptop.
    expect((await signInWith(laptop, owner.email, newPassword)).statusCode).toBe(429);
  });

  it('a successful sign-in resets the count', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 9; i += 1) {
      expect((await signInFrom(rotatingAddress(), u.email, `wrong-${i}-password`)).statusCode).toBe(
        401,
      );
    }
    expect((await signInFrom(rotatingAddress(), u.email, u.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) {
      expect((await signInFrom(rotatingAddress(), u.email, `again-${i}-password`)).statusCode).toBe(
        401,
      );
    }
    expect((await signInFrom(rotatingAddress(), u.email, u.password)).statusCode).toBe(200);
  });

  it('parallel guesses cannot slip past the limit', async () => {
    const u = await registerUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signInFrom(rotatingAddress(), u.email, `parallel-${i}-password`),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe('the API limit when Redis is configured but down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await createTestApp({ RATE_LIMIT: 'true', REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('falls back to counting in the process instead of switching the limit off', async () => {
    let last = 0;
    let limited: Awaited<ReturnType<typeof request>> | undefined;
    for (let i = 0; i < 301; i += 1) {
      limited = await request(t.app, { method: 'GET', url: '/api/tool/categories' });
      last = limited.statusCode;
      if (i < 300) expect(last).toBe(200);
    }
    expect(last).toBe(429);
    // The refusal carries the security headers like any answer (their hook runs before the limit's).
    expect(limited?.headers['content-security-policy']).toContain("default-src 'self'");
    expect(limited?.headers['x-content-type-options']).toBe('nosniff');
  });
});
