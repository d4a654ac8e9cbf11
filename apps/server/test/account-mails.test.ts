import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetMessages } from '@voltforge/contract/password-reset';
import { session, user, verification } from '../src/db/schema/auth.ts';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from './smtp-test-server.ts';
import {
  createTestApp,
  registerUser,
  request,
  sessionCookie,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from './test-app.ts';

const { invalidLink } = passwordResetMessages;

let smtp: SmtpTestServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** The one link in the mail's text that starts with `prefix`. */
function linkIn(mail: ReceivedMail, prefix: string): URL {
  const found = mail.text.match(/https?:\/\/\S+/g)?.filter((l) => l.startsWith(prefix)) ?? [];
  expect(found).toHaveLength(1);
  return new URL(found[0]!);
}

const mailTo = (to: string, subject: RegExp) =>
  smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject));

async function signIn(who: { email: string; password: string }) {
  return request(t.app, {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: who.email, password: who.password },
  });
}

async function sessionOf(cookie: string) {
  const res = await request(t.app, {
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie },
  });
  return res.json<{ user: { email: string; emailVerified: boolean } } | null>();
}

const requestReset = (email: string) =>
  request(t.app, {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: '/reset-password' },
  });

const resetPassword = (token: string, newPassword: string) =>
  request(t.app, {
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  });

describe('password reset', () => {
  let rita: TestUser;
  beforeAll(async () => {
    rita = await registerUser(t.app, { name: 'Rita Reset' });
  });

  it('answers the same with or without an account, and mails only the account', async () => {
    const known = await requestReset(rita.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    const mail = await mailTo(rita.email, /Reset your Voltforge password/);
    const link = linkIn(mail, `${TEST_ORIGIN}/reset-password?token=`);
    expect(link.searchParams.get('token')).toMatch(/\S{16,}/);
    expect(mail.html).toContain('Rita Reset');
    await t.app.mailSender.drain();
    const resets = smtp.received.filter(
      (m) => m.to.includes(rita.email) && m.subject === mail.subject,
    );
    expect(resets).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
  });

  it('sets the new password once, ends every other session, signs this device in, and refuses the old password', async () => {
    const other = sessionCookie(await signIn(rita));
    expect(await sessionOf(rita.cookie)).not.toBeNull();
    await requestReset(rita.email);
    const token = linkIn(
      await mailTo(rita.email, /Reset your Voltforge password/),
      `${TEST_ORIGIN}/reset-password?token=`,
    ).searchParams.get('token')!;

    const tooShort = await resetPassword(token, '12345');
    expect(tooShort.statusCode).toBe(400);

    const done = await resetPassword(token, 'brand-new-pass-2');
    expect(done.statusCode).toBe(200);
    expect(await sessionOf(rita.cookie)).toBeNull();
    expect(await sessionOf(other)).toBeNull();
    const sessionsLeft = await t.app.db.select().from(session).where(eq(session.userId, rita.id));
    expect(sessionsLeft).toHaveLength(1);

    // The device that set the new password is signed in with a new session.
    const fresh = sessionCookie(done);
    expect(fresh).toMatch(/session_token=/);
    expect(fresh).not.toBe(rita.cookie);
    expect(fresh).not.toBe(other);
    expect(await sessionOf(fresh)).toMatchObject({ user: { email: rita.email } });
    const profile = await request(t.app, {
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: fresh },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: rita.email, name: 'Rita Reset' });

    const again = await resetPassword(token, 'another-pass-3');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'INVALID_TOKEN', message: invalidLink });
    expect(again.headers['set-cookie']).toBeUndefined();

    expect((await signIn(rita)).statusCode).toBe(401);
    expect((await signIn({ email: rita.email, password: 'brand-new-pass-2' })).statusCode).toBe(
      200,
    );
    rita = { ...rita, password: 'brand-new-pass-2' };
  });

  it('kills every older reset link once one of them has been used', async () => {
    const pam = await registerUser(t.app, { name: 'Pam Twice' });
    const tokenOf = async () =>
      linkIn(
        await mailTo(pam.email, /Reset your Voltforge password/),
        `${TEST_ORIGIN}/reset-password?token=`,
      ).searchParams.get('token')!;
    await requestReset(pam.email);
    const first = await tokenOf();
    smtp.received.length = 0;
    await requestReset(pam.email);
    const second = await tokenOf();
    expect(second).not.toBe(first);

    expect((await resetPassword(second, 'owner-chose-this-5')).statusCode).toBe(200);
    const older = await resetPassword(first, 'attacker-chose-this-6');
    expect(older.statusCode).toBe(400);
    expect(older.json()).toEqual({ code: 'INVALID_TOKEN', message: invalidLink });
    expect((await signIn({ email: pam.email, password: 'owner-chose-this-5' })).statusCode).toBe(
      200,
    );
    expect((await signIn({ email: pam.email, password: 'attacker-chose-this-6' })).statusCode).toBe(
      401,
    );
  });

  it('expires the link after one hour', async () => {
    await requestReset(rita.email);
    const token = linkIn(
      await mailTo(rita.email, /Reset your Voltforge password/),
      `${TEST_ORIGIN}/reset-password?token=`,
    ).searchParams.get('token')!;
    const [stored] = await t.app.db
      .select()
      .from(verification)
      .where(eq(verification.value, rita.id));
    // Kept only as a hash: the table gives no working link.
    expect(stored!.identifier).not.toContain(token);
    const hoursLeft = (stored!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(0.95);
    expect(hoursLeft).toBeLessThanOrEqual(1);

    await t.app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.value, rita.id));
    const late = await resetPassword(token, 'too-late-pass-4');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ code: 'INVALID_TOKEN', message: invalidLink });
    expect(late.headers['set-cookie']).toBeUndefined();
    expect((await signIn(rita)).statusCode).toBe(200);
  });

  it('gives a disabled account no session after a reset', async () => {
    const dan = await registerUser(t.app, { name: 'Dan Disabled' });
    await t.app.db.update(user).set({ banned: true }).where(eq(user.id, dan.id));
    await requestReset(dan.email);
    const token = linkIn(
      await mailTo(dan.email, /Reset your Voltforge password/),
      `${TEST_ORIGIN}/reset-password?token=`,
    ).searchParams.get('token')!;
    const res = await resetPassword(token, 'brand-new-pass-5');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED_USER' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.app.db.select().from(session).where(eq(session.userId, dan.id))).toEqual([]);
  });
});

describe('address verification', () => {
  it('mails a link on registration without blocking sign-in; the link verifies', async () => {
    const vera = await registerUser(t.app, { name: 'Vera Verify' });
    expect(await sessionOf(vera.cookie)).toMatchObject({ user: { emailVerified: false } });
    expect((await signIn(vera)).statusCode).toBe(200);

    const mail = await mailTo(vera.email, /Confirm your email address/);
    expect(mail.html).toContain('Vera Verify');
    await t.app.mailSender.drain();
    const confirmations = smtp.received.filter(
      (m) => m.to.includes(vera.email) && m.subject === mail.subject,
    );
    expect(confirmations).toHaveLength(1);
    const link = linkIn(mail, `${TEST_ORIGIN}/api/auth/verify-email?token=`);
    expect(link.searchParams.get('callbackURL')).toBe('/verify-email');

    const forged = await request(t.app, {
      method: 'GET',
      url: `/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverify-email`,
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toMatch(/^\/verify-email\?error=/);

    const res = await request(t.app, { method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verify-email');
    const [row] = await t.app.db.select().from(user).where(eq(user.id, vera.id));
    expect(row!.emailVerified).toBe(true);
  });

  it('sends a new link when asked from My Profile', async () => {
    const sam = await registerUser(t.app, { name: 'Sam Resend' });
    await mailTo(sam.email, /Confirm your email address/);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email: sam.email, callbackURL: '/verify-email' },
      as: sam,
    });
    expect(res.statusCode).toBe(200);
    await smtp.waitFor(
      () =>
        smtp.received.filter((m) => m.to.includes(sam.email) && /Confirm/.test(m.subject))
          .length === 2,
    );
  });
});

describe('ADMIN_EMAILS', () => {
  it('promotes a listed address only once it is verified', async () => {
    const boss = await registerUser(t.app, { name: 'The Boss', email: 'boss@example.com' });
    const role = async () =>
      (await t.app.db.select({ role: user.role }).from(user).where(eq(user.id, boss.id)))[0]!.role;
    expect(await role()).toBe('user');
    // Signing in again proves nothing about the mailbox either.
    expect((await signIn(boss)).statusCode).toBe(200);
    expect(await role()).toBe('user');

    const link = linkIn(
      await mailTo(boss.email, /Confirm your email address/),
      `${TEST_ORIGIN}/api/auth/verify-email?token=`,
    );
    await request(t.app, { method: 'GET', url: `${link.pathname}${link.search}` });
    expect(await role()).toBe('admin');
  });
});
