import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterSubscriber } from '../src/db/schema/newsletter.ts';
import { createShopTestApp, type ShopTestApp } from './shop-fixtures.ts';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from './smtp-test-server.ts';
import { registerUser, request, TEST_ORIGIN } from './test-app.ts';

let smtp: SmtpTestServer;
let t: ShopTestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createShopTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.app.mailSender.drain();
  smtp.received.length = 0;
});

/** Everything queued so far, delivered. */
async function delivered(): Promise<ReceivedMail[]> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await t.app.mailSender.drain();
  return smtp.received;
}

function linkIn(mail: ReceivedMail, prefix: string): URL {
  const found = mail.text.match(/https?:\/\/\S+/g)?.filter((l) => l.startsWith(prefix)) ?? [];
  expect(found).toHaveLength(1);
  return new URL(found[0]!);
}

describe('contact mails', () => {
  it('acknowledges the sender and tells every admin, once each', async () => {
    const secondAdmin = await registerUser(t.app, { name: 'Second Admin', role: 'admin' });
    await delivered();
    smtp.received.length = 0;
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/contact',
      payload: {
        topic: 'support',
        name: 'Grace <Hopper>',
        email: 'grace@example.com',
        message: 'My VF-DM200 shows OL on every range.',
      },
    });
    expect(res.statusCode).toBe(201);
    const mails = await delivered();
    const ack = mails.filter((m) => m.to.includes('grace@example.com'));
    expect(ack).toHaveLength(1);
    expect(ack[0]!.subject).toBe('We have your message: Voltforge support team');
    expect(ack[0]!.text).toContain('> My VF-DM200 shows OL on every range.');
    expect(ack[0]!.html).toContain('Grace &lt;Hopper&gt;');

    for (const admin of [t.admin, secondAdmin]) {
      const notices = mails.filter((m) => m.to.includes(admin.email));
      expect(notices).toHaveLength(1);
      expect(notices[0]!.subject).toBe('New support message from Grace <Hopper>');
      expect(notices[0]!.text).toContain('Email: grace@example.com');
      expect(notices[0]!.text).toContain(`${TEST_ORIGIN}/dashboard/inbox`);
    }
    expect(mails).toHaveLength(3);
    expect(mails.filter((m) => m.to.includes(t.customerA.email))).toEqual([]);
  });
});

describe('newsletter double opt-in', () => {
  const subscribe = (email: string) =>
    request(t.app, { method: 'POST', url: '/api/newsletter', payload: { email } });
  const row = async (email: string) =>
    (
      await t.app.db
        .select()
        .from(newsletterSubscriber)
        .where(eq(newsletterSubscriber.email, email))
    )[0];

  it('mails a confirmation link; only the link confirms; the answer never tells who is on the list', async () => {
    const first = await subscribe('Nina@Example.com');
    expect(first.statusCode).toBe(200);
    expect((await row('nina@example.com'))?.confirmedAt).toBeNull();

    const [mail, ...others] = await delivered();
    expect(others).toEqual([]);
    expect(mail!.to).toEqual(['nina@example.com']);
    expect(mail!.subject).toBe('Confirm your Voltforge newsletter subscription');
    const confirm = linkIn(mail!, `${TEST_ORIGIN}/newsletter/confirm?token=`);
    const token = confirm.searchParams.get('token')!;
    expect(linkIn(mail!, `${TEST_ORIGIN}/unsubscribe?token=`).searchParams.get('token')).toBe(
      token,
    );

    // A second sign-up straight away: the same answer, and no second mail.
    const repeat = await subscribe('nina@example.com');
    expect(repeat.statusCode).toBe(first.statusCode);
    expect(repeat.json()).toEqual(first.json());
    expect(await delivered()).toHaveLength(1);

    const confirmed = await request(t.app, {
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await row('nina@example.com'))?.confirmedAt).toBeInstanceOf(Date);

    // Confirmed: signing up again still answers the same and sends nothing.
    smtp.received.length = 0;
    expect((await subscribe('nina@example.com')).json()).toEqual(first.json());
    expect(await delivered()).toEqual([]);

    const forged = await request(t.app, {
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token: 'not-a-token' },
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json<{ error: { message: string } }>().error.message).toMatch(/invalid/);
  });

  it('unsubscribes with the token from the mail, signed out, and answers the same when repeated', async () => {
    await subscribe('olaf@example.com');
    const [mail] = await delivered();
    const token = linkIn(mail!, `${TEST_ORIGIN}/unsubscribe?token=`).searchParams.get('token')!;
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token },
    });
    expect(res.statusCode).toBe(200);
    expect(await row('olaf@example.com')).toBeUndefined();
    const again = await request(t.app, {
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token },
    });
    expect(again.json()).toEqual(res.json());
    const empty = await request(t.app, {
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token: '' },
    });
    expect(empty.statusCode).toBe(400);
  });
});
