import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import type { MailAttachment } from '@voltforge/contract/mail';
import { callHealth, type CallHealth } from '../call-health.ts';
import { MAIL_QUEUED, outboxSignal } from './outbox.ts';
import { SMTP_CONNECTIONS, smtpTransport, type MailTransport } from './transport.ts';

/** After the 1st, 2nd, … failed attempt, the next one waits this long; after the last, `failed`. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * How long a claimed mail belongs to the sender that claimed it. A sender that stopped mid-batch
 * (a crash, a kill) leaves rows `sending`; once this passes, any instance takes them up again.
 * Longer than the transport's timeouts put together (connect, greet, a silent socket: 3 × 30 s),
 * so a slow server never causes a second delivery, and short enough that a mail left behind by
 * a dead instance waits minutes, not ten.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;

/**
 * The longest one delivery may take, whatever the server does (the transport's own timeouts bound
 * each wait, not a server that trickles). A mail is only handed to the server while its claim has
 * at least this much (and the settling) left, so no mail is ever still being sent by one
 * instance when its lease lets another take it.
 */
export const SEND_BOUND_MS = 60_000;
const LEASE_NEEDED_MS = SEND_BOUND_MS + 5_000;

/**
 * After the mail server failed a delivery for its own sake (unreachable, hung, "try again
 * later"), the rest of the batch is handed back untried for this long instead of each waiting
 * for the same failure; the mail that failed is retried on its own schedule.
 */
export const OUTAGE_DEFER_MS = 15_000;

/** A delivery under way this long means the mail server is not answering (`/api/ready`). */
export const SMTP_SLOW_AFTER_MS = 5_000;
/** What `/api/ready` says while the mail server hangs or refuses (docs/architecture.md, "Dependencies"). */
export const SMTP_DEGRADED_MODE = 'mail waits in the outbox and is retried';

/** Settling a row after its delivery is tried this many times, a moment apart (a lost connection). */
const SETTLE_ATTEMPTS = 3;
const SETTLE_RETRY_MS = 250;
const BATCH = 10;
const POLL_EVERY_MS = 10_000;
/** A queued hint waits this long, so the transaction that queued the mail has committed. */
const WAKE_DELAY_MS = 200;
const MAX_ERROR_LENGTH = 500;

type OutboxRow = typeof mailOutbox.$inferSelect;

export interface MailSender {
  /** Delivers (or keeps) every mail that is due now; resolves when there is nothing left. */
  drain(): Promise<void>;
  /** Finishes the mail in hand, hands the rest of its batch back, and sends nothing more. */
  stop(): Promise<void>;
  /** How the mail server has been answering, for `/api/ready`. */
  health: Pick<CallHealth, 'probe'>;
}

/** Renders a mail's attachment; a failure counts as a failed delivery (tried again later). */
export type RenderAttachment = (
  attachment: MailAttachment,
) => Promise<{ filename: string; content: Buffer; contentType: string }>;

export interface MailSenderOptions {
  /** null: no mail server; mails are kept for the Mail page. */
  transport: MailTransport | null;
  /** How attachments are rendered; a mail with one is not sent without it. */
  attach?: RenderAttachment;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

/**
 * The Message-ID of an outbox row: every attempt of one mail carries the same one, so a mail
 * delivered twice (the guarantee is at least once, docs/architecture.md "Mail") is recognisable
 * by the receiving server and mail clients as the same message.
 */
export function outboxMessageId(rowId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'voltforge.invalid';
  return `<outbox-${rowId}@${domain}>`;
}

/**
 * A failure that is the mail server's, not the mail's: it could not be reached, did not answer,
 * or said to try later (4xx). A permanent refusal (5xx: no such mailbox, message refused) is an
 * answer about this one mail.
 */
function isServerOutage(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return !(typeof code === 'number' && code >= 500 && code < 600);
}

/** Rejects when `work` has not settled within `ms`. */
async function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

export function createMailSender(db: Db, opts: MailSenderOptions): MailSender {
  const now = opts.now ?? (() => new Date());
  const health = callHealth({
    mode: SMTP_DEGRADED_MODE,
    slowAfterMs: SMTP_SLOW_AFTER_MS,
    isOutage: isServerOutage,
    now: () => now().getTime(),
  });
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  /**
   * One statement claims a batch: rows another instance has locked are skipped, and the claim is
   * committed before any mail server is contacted (no transaction is held while talking SMTP;
   * on PGlite, the single connection stays free for requests).
   */
  async function claim(): Promise<OutboxRow[]> {
    const at = now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(inArray(mailOutbox.status, ['pending', 'sending']), lte(mailOutbox.nextAttemptAt, at)),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(at.getTime() + CLAIM_LEASE_MS),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** Only the claim that is still current may settle a row (not one whose lease ran out). */
  const stillOurs = (row: OutboxRow) =>
    and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.status, 'sending'),
      eq(mailOutbox.attempts, row.attempts),
    );

  /**
   * Records the outcome of a delivery. A connection lost at that moment (the database restarted,
   * a backend terminated) is tried again at once: the pool opens a new connection, and the mail
   * is not sent a second time when its lease runs out.
   */
  async function settle(write: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await write();
        return;
      } catch (error) {
        if (attempt >= SETTLE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
      }
    }
  }

  function renderAttachment(attachment: MailAttachment) {
    if (!opts.attach) throw new Error(`no renderer for a ${attachment.kind} attachment`);
    return opts.attach(attachment);
  }

  /** Tries one mail and records the outcome; 'outage' when the server failed for its own sake. */
  async function deliver(
    transport: MailTransport,
    row: OutboxRow,
  ): Promise<'sent' | 'failed' | 'outage'> {
    let outage = false;
    try {
      const attachments = row.attachment ? [await renderAttachment(row.attachment)] : undefined;
      const mail = {
        from: opts.from,
        to: row.to,
        messageId: outboxMessageId(row.id, opts.from),
        subject: row.subject,
        html: row.html,
        text: row.text,
        ...(attachments ? { attachments } : {}),
      };
      await health
        .track(() => within(SEND_BOUND_MS, transport.send(mail), 'mail server'))
        .catch((error: unknown) => {
          outage = isServerOutage(error);
          throw error;
        });
    } catch (error) {
      const lastError = errorText(error);
      const delay = RETRY_DELAYS_MS[row.attempts - 1];
      if (delay === undefined) {
        await settle(() =>
          db.update(mailOutbox).set({ status: 'failed', lastError }).where(stillOurs(row)),
        );
        opts.log.error({ mailId: row.id, kind: row.kind, lastError }, 'mail failed for good');
      } else {
        await settle(() =>
          db
            .update(mailOutbox)
            .set({
              status: 'pending',
              lastError,
              nextAttemptAt: new Date(now().getTime() + delay),
            })
            .where(stillOurs(row)),
        );
        opts.log.warn(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, lastError },
          'mail not delivered; will retry',
        );
      }
      return outage ? 'outage' : 'failed';
    }
    await settle(() =>
      db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now(), lastError: null })
        .where(stillOurs(row)),
    );
    return 'sent';
  }

  /**
   * Hands claimed rows back untried, as if this sender had never claimed them, due again at once
   * or after `afterMs`.
   */
  async function release(rows: OutboxRow[], afterMs = 0) {
    for (const row of rows) {
      await db
        .update(mailOutbox)
        .set({
          status: 'pending',
          attempts: sql`${mailOutbox.attempts} - 1`,
          nextAttemptAt: new Date(now().getTime() + afterMs),
        })
        .where(stillOurs(row));
    }
  }

  async function keepAll() {
    await db
      .update(mailOutbox)
      .set({ status: 'kept' })
      .where(inArray(mailOutbox.status, ['pending', 'sending']));
  }

  /**
   * Sends a claimed batch, `SMTP_CONNECTIONS` mails at a time (the transport keeps that many
   * connections open). Stops taking mails from the batch when the sender stops, when the mail
   * server failed for its own sake, or when a claim could run out mid-delivery; answers why, and
   * which mails were never tried.
   */
  async function sendBatch(
    transport: MailTransport,
    batch: OutboxRow[],
  ): Promise<{ untried: OutboxRow[]; why: 'done' | 'stopped' | 'outage' | 'reclaim' }> {
    let next = 0;
    let why: 'done' | 'stopped' | 'outage' | 'reclaim' = 'done';
    let failure: { error: unknown } | null = null;
    const worker = async () => {
      while (next < batch.length && why === 'done' && failure === null) {
        if (stopped) {
          why = 'stopped';
          return;
        }
        const row = batch[next]!;
        if (row.nextAttemptAt.getTime() - now().getTime() < LEASE_NEEDED_MS) {
          // The batch took long enough that this claim could run out mid-delivery: claim afresh.
          why = 'reclaim';
          return;
        }
        next += 1;
        try {
          if ((await deliver(transport, row)) === 'outage') why = 'outage';
        } catch (error) {
          failure = { error };
        }
      }
    };
    await Promise.all(Array.from({ length: SMTP_CONNECTIONS }, worker));
    const untried = batch.slice(next);
    if (failure) {
      // The database failed us mid-batch: the mails not yet tried go back now, rather than
      // waiting out their lease; those in hand wait for their lease (they may have gone out).
      await release(untried).catch(() => undefined);
      throw (failure as { error: unknown }).error;
    }
    return { untried, why };
  }

  async function runOnce() {
    const { transport } = opts;
    if (!transport) {
      await keepAll();
      return;
    }
    for (;;) {
      if (stopped) return;
      const batch = await claim();
      if (batch.length === 0) return;
      const { untried, why } = await sendBatch(transport, batch);
      if (why === 'outage') {
        await release(untried, OUTAGE_DEFER_MS);
        return;
      }
      await release(untried);
      if (why === 'stopped') return;
    }
  }

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      // A mail queued while a pass is under way may have been committed after that pass looked.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runOnce();
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    drain,
    stop: async () => {
      stopped = true;
      await running;
    },
    health,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailSender: MailSender;
  }
}

/**
 * The sender every instance runs: a pass every few seconds, and one shortly after this process
 * queues a mail. Instances share the work through the claim, so two never send one mail at once;
 * the guarantee is at least once (docs/architecture.md, "Mail").
 */
export const mailSenderPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; attach?: RenderAttachment }) => {
    const { smtpUrl, from } = opts.config.mail;
    const transport = smtpUrl ? await smtpTransport(smtpUrl) : null;
    const sender = createMailSender(app.db, {
      transport,
      from,
      log: app.log,
      attach: opts.attach,
    });
    app.decorate('mailSender', sender);
    if (transport) app.declareDependency('smtp', () => sender.health.probe());

    const pass = () => {
      sender.drain().catch((err: unknown) => app.log.error({ err }, 'mail sender pass failed'));
    };
    let interval: NodeJS.Timeout | undefined;
    let wake: NodeJS.Timeout | undefined;
    const onQueued = () => {
      if (wake) return;
      wake = setTimeout(() => {
        wake = undefined;
        pass();
      }, WAKE_DELAY_MS);
      wake.unref();
    };

    app.addHook('onReady', async () => {
      outboxSignal.on(MAIL_QUEUED, onQueued);
      interval = setInterval(pass, POLL_EVERY_MS);
      interval.unref();
      // Whatever was due when the last instance stopped goes out now.
      pass();
    });
    app.addHook('preClose', async () => {
      outboxSignal.off(MAIL_QUEUED, onQueued);
      clearInterval(interval);
      clearTimeout(wake);
      await sender.stop();
      transport?.close();
    });
  },
  { name: 'mail-sender', dependencies: ['db', 'dependencies'] },
);
