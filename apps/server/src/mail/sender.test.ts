import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { buildApp } from '../app.ts';
import { createTestApp, openTestDatabase, testConfig, type TestApp } from '../../test/test-app.ts';
import { startSmtpServer, type SmtpTestServer } from '../../test/smtp-test-server.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';
import {
  CLAIM_LEASE_MS,
  createMailSender,
  MAX_ATTEMPTS,
  OUTAGE_DEFER_MS,
  outboxMessageId,
  RETRY_DELAYS_MS,
  SEND_BOUND_MS,
  SMTP_DEGRADED_MODE,
  SMTP_SLOW_AFTER_MS,
} from './sender.ts';
import {
  SMTP_CONNECTIONS,
  smtpTransport,
  type MailEnvelope,
  type MailTransport,
} from './transport.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let counter = 0;
function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  counter += 1;
  return {
    to: `customer${counter}@example.com`,
    subject: `Test mail ${counter}`,
    html: `<p>Hello number ${counter}</p>`,
    text: `Hello number ${counter}`,
    kind: 'order_placed',
    ...overrides,
  };
}

async function rows(db: Db) {
  return db.select().from(mailOutbox);
}

/**
 * Runs `run` while the first `failures` attempts to record a mail as sent fail in the database
 * (a trigger counting with a sequence, which a rollback does not undo), then removes the trigger.
 */
async function whileRecordingSentFails<T>(db: Db, failures: number, run: () => Promise<T>) {
  await db.execute(sql.raw('CREATE SEQUENCE test_sent_writes'));
  await db.execute(
    sql.raw(`CREATE FUNCTION test_refuse_sent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'sent' AND nextval('test_sent_writes') <= ${failures} THEN
          RAISE EXCEPTION 'terminating connection due to administrator command';
        END IF;
        RETURN NEW;
      END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER test_refuse_sent BEFORE UPDATE ON mail_outbox
             FOR EACH ROW EXECUTE FUNCTION test_refuse_sent()`),
  );
  try {
    return await run();
  } finally {
    await db.execute(sql.raw('DROP TRIGGER test_refuse_sent ON mail_outbox'));
    await db.execute(sql.raw('DROP FUNCTION test_refuse_sent()'));
    await db.execute(sql.raw('DROP SEQUENCE test_sent_writes'));
  }
}

describe('the outbox with an SMTP server', () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Voltforge Test <shop@test.example>',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await t.app.db.delete(mailOutbox);
    smtp.received.length = 0;
  });

  it('delivers a queued mail once, from MAIL_FROM, and records it as sent', async () => {
    const queued = mail({ to: 'grace@example.com' });
    await t.app.db.transaction((tx) => enqueueMail(tx, queued));
    await t.app.mailSender.drain();
    await t.app.mailSender.drain();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      from: 'shop@test.example',
      to: ['grace@example.com'],
      subject: queued.subject,
      text: queued.text,
    });
    expect(smtp.received[0]!.html).toContain(queued.html);
    const [row] = await rows(t.app.db);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('sends soon after a mail is queued, without being asked', async () => {
    const queued = mail();
    await t.app.db.transaction((tx) => enqueueMail(tx, queued));
    const arrived = await smtp.waitFor((m) => m.subject === queued.subject);
    expect(arrived.to).toEqual([queued.to]);
  });

  it('writes nothing for a transaction that rolls back', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueueMail(tx, mail());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.mailSender.drain();
    expect(await rows(t.app.db)).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('resumes a mail whose sender stopped mid-delivery once its claim has lapsed', async () => {
    const queued = mail();
    await enqueueMail(t.app.db, queued);
    await t.app.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) });
    await t.app.mailSender.drain();
    expect(smtp.received.map((m) => m.subject)).toEqual([queued.subject]);
    const [row] = await rows(t.app.db);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives every delivery of one mail the same Message-ID, so a second one is recognisable', async () => {
    const queued = mail();
    await enqueueMail(t.app.db, queued);
    // Due by this process's clock too (the database's clock may be a moment ahead of it).
    await t.app.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await t.app.mailSender.drain();
    expect(smtp.received).toHaveLength(1);
    // Delivered, but the database lost the record of it (say, the connection died first): the
    // claim lapses and the mail goes again, as the guarantee (at least once) allows.
    await t.app.db
      .update(mailOutbox)
      .set({ status: 'sending', nextAttemptAt: new Date(Date.now() - 1000) });
    await t.app.mailSender.drain();
    const [row] = await rows(t.app.db);
    expect(smtp.received).toHaveLength(2);
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids[0]).toBe(outboxMessageId(row!.id, 'Voltforge Test <shop@test.example>'));
    expect(ids[1]).toBe(ids[0]);
    expect(ids[0]).toBe(`<outbox-${row!.id}@test.example>`);
  });

  it('hands the rest of a batch back at once when the database fails mid-batch', async () => {
    const clock = new Date('2031-01-01T00:00:00Z');
    const transport = await smtpTransport(smtp.url);
    const sender = createMailSender(t.app.db, {
      transport,
      from: 'shop@test.example',
      log: quiet,
      now: () => clock,
    });
    // One mail in hand per connection, and two more that are never tried.
    const queued = Array.from({ length: SMTP_CONNECTIONS + 2 }, () => mail());
    // Due only on this test's clock, so the app's own sender leaves them alone.
    await t.app.db.transaction(async (tx) => {
      for (const m of queued) await enqueueMail(tx, m);
      await tx.update(mailOutbox).set({ nextAttemptAt: new Date(clock.getTime() - 1000) });
    });
    // Recording a delivery fails, every time it is tried.
    await whileRecordingSentFails(t.app.db, 1_000, async () => {
      await expect(sender.drain()).rejects.toThrow();
      expect(smtp.received).toHaveLength(SMTP_CONNECTIONS);
      const delivered = new Set(smtp.received.map((m) => m.to[0]));
      const after = await rows(t.app.db);
      // The mails in hand went out but are not recorded: they wait for their lease (at least once).
      for (const row of after.filter((r) => delivered.has(r.to))) {
        expect(row.status).toBe('sending');
      }
      // The rest are back in the queue and due now, not held until the lease runs out.
      const rest = after.filter((r) => !delivered.has(r.to));
      expect(rest).toHaveLength(2);
      for (const row of rest) {
        expect(row).toMatchObject({ status: 'pending', attempts: 0 });
        expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(clock.getTime());
      }
    });
    smtp.received.length = 0;
    await sender.drain();
    expect(smtp.received).toHaveLength(2);
    await sender.stop();
    transport.close();
  });

  it('sends several mails at once over a few kept connections', async () => {
    // A busy mail server: each mail takes 150 ms to be accepted.
    const slow = await startSmtpServer({ dataDelayMs: 150 });
    const clock = new Date('2035-01-01T00:00:00Z');
    const transport = await smtpTransport(slow.url);
    const sender = createMailSender(t.app.db, {
      transport,
      from: 'shop@test.example',
      log: quiet,
      now: () => clock,
    });
    try {
      const queued = Array.from({ length: 12 }, () => mail());
      await t.app.db.transaction(async (tx) => {
        for (const m of queued) await enqueueMail(tx, m);
        await tx.update(mailOutbox).set({ nextAttemptAt: new Date(clock.getTime() - 1000) });
      });
      const started = performance.now();
      await sender.drain();
      const ms = performance.now() - started;
      expect(slow.received).toHaveLength(12);
      // One at a time this takes 12 × 150 ms = 1.8 s at the very least; side by side, less.
      expect(ms).toBeLessThan(12 * 150);
      expect(slow.connections()).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    } finally {
      await sender.stop();
      // The kept connections close with the transport (the server waits for them).
      transport.close();
      await slow.close();
    }
  });

  it('records a delivery through a moment of database trouble, without sending it again', async () => {
    const queued = mail();
    await enqueueMail(t.app.db, queued);
    // Due by this process's clock too (the database's clock may be a moment ahead of it).
    await t.app.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    // The first attempt to record the delivery fails (a terminated connection, say).
    await whileRecordingSentFails(t.app.db, 1, () => t.app.mailSender.drain());
    const [row] = await rows(t.app.db);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    await t.app.mailSender.drain();
    expect(smtp.received.map((m) => m.subject)).toEqual([queued.subject]);
  });

  it('leaves a mail another sender has claimed alone until its claim lapses', async () => {
    // Queued and claimed in one transaction: no pass of this instance's sender (its timer may
    // fire at any turn of the loop) ever sees the mail unclaimed.
    await t.app.db.transaction(async (tx) => {
      await enqueueMail(tx, mail());
      await tx
        .update(mailOutbox)
        .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) });
    });
    await t.app.mailSender.drain();
    expect(smtp.received).toEqual([]);
    expect((await rows(t.app.db))[0]!.status).toBe('sending');
  });

  it('two instances on one database send each mail exactly once', async () => {
    // A second instance: its own connection pool on PostgreSQL (same database), its own sender.
    const second =
      t.database.kind === 'postgres' && t.database.pool
        ? await openDatabase({
            kind: 'postgres',
            url: connectionString(t.database.pool),
            poolSize: 4,
          })
        : null;
    const otherDb = second?.db ?? t.app.db;
    const otherSender = createMailSender(otherDb, {
      transport: await smtpTransport(smtp.url),
      from: 'shop@test.example',
      log: quiet,
    });
    try {
      const queued = Array.from({ length: 30 }, () => mail());
      await t.app.db.transaction((tx) => enqueueMail(tx, queued));
      await Promise.all([t.app.mailSender.drain(), otherSender.drain()]);
      const subjects = smtp.received.map((m) => m.subject).sort();
      expect(subjects).toEqual(queued.map((m) => m.subject).sort());
      const statuses = (await rows(t.app.db)).map((r) => [r.status, r.attempts]);
      expect(new Set(statuses.map(String))).toEqual(new Set(['sent,1']));
    } finally {
      await otherSender.stop();
      await second?.close();
    }
  });
});

/** The pool's connection string (the test database's URL). */
function connectionString(pool: NonNullable<TestApp['database']['pool']>): string {
  const options = pool.options as { connectionString?: string };
  if (!options.connectionString) throw new Error('pool without a connection string');
  return options.connectionString;
}

describe('the outbox with a mail server that refuses', () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: true });
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('retries after 1 min, 5 min, 30 min, 2 h and 12 h, then marks the mail failed', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    const sender = createMailSender(t.app.db, {
      transport: await smtpTransport(smtp.url),
      from: 'shop@test.example',
      log: quiet,
      now: () => clock,
    });
    // Due only on this test's clock (years ahead), so the app's own sender leaves it alone.
    await t.app.db.transaction(async (tx) => {
      await enqueueMail(tx, mail());
      await tx.update(mailOutbox).set({ nextAttemptAt: clock });
    });
    const row = async () => (await t.app.db.select().from(mailOutbox))[0]!;

    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      await sender.drain();
      const failed = await row();
      expect(failed.status).toBe('pending');
      expect(failed.attempts).toBe(index + 1);
      expect(failed.lastError).toMatch(/550/);
      expect(failed.nextAttemptAt.getTime() - clock.getTime()).toBe(delay);
      // Not due yet: a pass one second before the retry time leaves it alone.
      clock = new Date(failed.nextAttemptAt.getTime() - 1000);
      await sender.drain();
      expect((await row()).attempts).toBe(index + 1);
      clock = failed.nextAttemptAt;
    }
    await sender.drain();
    const last = await row();
    expect(last.status).toBe('failed');
    expect(last.attempts).toBe(MAX_ATTEMPTS);
    expect(last.lastError).toMatch(/550/);
    expect(last.sentAt).toBeNull();
    clock = new Date(clock.getTime() + 24 * 3_600_000);
    await sender.drain();
    expect((await row()).attempts).toBe(MAX_ATTEMPTS);
    expect(smtp.received).toEqual([]);
  });
});

describe('the outbox without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps every mail for the Mail page instead of sending it', async () => {
    const queued = mail();
    await t.app.db.transaction((tx) => enqueueMail(tx, queued));
    await t.app.mailSender.drain();
    const [row] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, queued.subject));
    expect(row).toMatchObject({ status: 'kept', attempts: 0, to: queued.to, html: queued.html });
  });
});

describe('starting with DATABASE_URL', () => {
  const keptWarning =
    'SMTP_URL is not set: mail is kept in the outbox (admin Mail page), not sent. Set SMTP_URL to deliver it.';

  /** The warnings the app logs while it starts with `env`, on a PostgreSQL configuration. */
  async function startUpWarnings(env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    const opened = await openTestDatabase();
    const app = await buildApp(
      testConfig({
        // The test database when this run is on PostgreSQL; the address only configures otherwise.
        DATABASE_URL: opened.url ?? 'postgres://db.example.com/shop',
        LOG_LEVEL: 'info',
        ...env,
      }),
      { database: opened.database, logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      await app.ready();
    } finally {
      await app.close();
      await opened.database.close();
      await opened.drop();
    }
    return lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40)
      .map((entry) => entry.msg);
  }

  it('and no SMTP_URL, logs at start that mail is kept, not sent', async () => {
    expect(await startUpWarnings({})).toContain(keptWarning);
  });

  it('and SMTP_URL, does not', async () => {
    expect(await startUpWarnings({ SMTP_URL: 'smtp://127.0.0.1:2525' })).not.toContain(keptWarning);
  });
});

describe('the outbox with a mail server that hangs or cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // This app has no mail server, so its own sender keeps every queued mail (status 'kept')
    // whenever it wakes, due or not: a pass after a test queued its mails took them from the
    // sender under test on a slow host. Only the senders these tests make touch the outbox.
    await t.app.mailSender.stop();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.db.delete(mailOutbox);
  });

  /** Queues `n` mails due at `clock` (years ahead, by the clock of the sender under test). */
  async function queueDue(n: number, clock: Date) {
    const queued = Array.from({ length: n }, () => mail());
    await t.app.db.transaction(async (tx) => {
      for (const m of queued) await enqueueMail(tx, m);
      await tx.update(mailOutbox).set({ nextAttemptAt: clock });
    });
    return queued;
  }

  function senderWith(transport: MailTransport, clock: () => Date) {
    return createMailSender(t.app.db, {
      transport,
      from: 'shop@test.example',
      log: quiet,
      now: clock,
    });
  }

  it('tries one mail per connection when the server is unreachable, and hands the rest back untried for a moment', async () => {
    let clock = new Date('2032-01-01T00:00:00Z');
    let reachable = false;
    const sent: string[] = [];
    const sender = senderWith(
      {
        send: async (m: MailEnvelope) => {
          if (!reachable) {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), {
              code: 'ECONNECTION',
            });
          }
          sent.push(m.subject);
        },
        close: () => undefined,
      },
      () => clock,
    );
    const queued = await queueDue(SMTP_CONNECTIONS + 3, clock);
    await sender.drain();
    expect(sender.health.probe()).toBe(SMTP_DEGRADED_MODE);
    const after = await rows(t.app.db);
    const tried = after.filter((r) => r.attempts === 1);
    expect(tried).toHaveLength(SMTP_CONNECTIONS);
    for (const row of tried) {
      expect(row).toMatchObject({ status: 'pending' });
      expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(RETRY_DELAYS_MS[0]);
    }
    const untried = after.filter((r) => r.attempts === 0);
    expect(untried).toHaveLength(3);
    for (const row of untried) {
      expect(row.status).toBe('pending');
      expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(OUTAGE_DEFER_MS);
    }

    reachable = true;
    clock = new Date(clock.getTime() + OUTAGE_DEFER_MS);
    await sender.drain();
    expect(sent).toHaveLength(3);
    expect(sender.health.probe()).toBeNull();
    clock = new Date(clock.getTime() + RETRY_DELAYS_MS[0]!);
    await sender.drain();
    expect(sent.sort()).toEqual(queued.map((m) => m.subject).sort());
  });

  it('says the mail server is not answering while a delivery hangs, and stops saying it once it answers', async () => {
    let clock = new Date('2033-01-01T00:00:00Z');
    let answer: () => void = () => undefined;
    let handed!: () => void;
    const handedOver = new Promise<void>((resolve) => (handed = resolve));
    const sender = senderWith(
      {
        send: () =>
          new Promise<void>((resolve) => {
            answer = resolve;
            handed();
          }),
        close: () => undefined,
      },
      () => clock,
    );
    await queueDue(1, clock);
    const pass = sender.drain();
    await handedOver;
    expect(sender.health.probe()).toBeNull();
    clock = new Date(clock.getTime() + SMTP_SLOW_AFTER_MS + 1);
    expect(sender.health.probe()).toBe(SMTP_DEGRADED_MODE);
    answer();
    await pass;
    expect(sender.health.probe()).toBeNull();
    expect((await rows(t.app.db))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('never hands the server a mail whose claim could run out before the delivery is bounded', async () => {
    let clock = new Date('2034-01-01T00:00:00Z');
    const leftAtSend: number[] = [];
    const sender = senderWith(
      {
        send: async (m: MailEnvelope) => {
          // The sender's clock when the mail is handed over (the sends run side by side).
          const handedOverAt = clock.getTime();
          const id = /<outbox-([^@]+)@/.exec(m.messageId)![1]!;
          const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
          leftAtSend.push(row!.nextAttemptAt.getTime() - handedOverAt);
          // A slow server: each delivery takes 40 s of the claim.
          clock = new Date(clock.getTime() + 40_000);
        },
        close: () => undefined,
      },
      () => clock,
    );
    await queueDue(5, clock);
    await sender.drain();
    expect(leftAtSend).toHaveLength(5);
    for (const left of leftAtSend) expect(left).toBeGreaterThanOrEqual(SEND_BOUND_MS);
    expect(leftAtSend[0]).toBe(CLAIM_LEASE_MS);
    const after = await rows(t.app.db);
    expect(after.map((r) => [r.status, r.attempts])).toEqual(Array(5).fill(['sent', 1]));
  });
});
