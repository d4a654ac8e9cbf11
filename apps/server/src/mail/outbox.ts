import { EventEmitter } from 'node:events';
import type { MailAttachment, MailKind } from '@voltforge/contract/mail';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';

/** A rendered mail (see templates/) addressed to one recipient. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface OutgoingMail extends RenderedMail {
  to: string;
  kind: MailKind;
  orderId?: string;
  userId?: string;
  attachment?: MailAttachment;
}

/**
 * Tells this process's sender that a mail was queued, so it goes out in moments instead of at
 * the next interval. Only a hint: the row may not be committed yet, and the interval still finds
 * whatever a hint missed (or another instance queued).
 */
export const outboxSignal = new EventEmitter();
export const MAIL_QUEUED = 'queued';

/**
 * Queues a mail inside the caller's transaction: it is written with the change it reports, so a
 * change that rolls back sends nothing and a committed one cannot lose its mail. Nothing here
 * talks to a mail server, so queuing never slows or fails the user's action.
 */
export async function enqueueMail(tx: Db | Tx, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const mails = Array.isArray(mail) ? mail : [mail];
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(
    mails.map((m) => ({
      to: m.to,
      subject: m.subject,
      html: m.html,
      text: m.text,
      kind: m.kind,
      orderId: m.orderId ?? null,
      userId: m.userId ?? null,
      attachment: m.attachment ?? null,
    })),
  );
  outboxSignal.emit(MAIL_QUEUED);
}
