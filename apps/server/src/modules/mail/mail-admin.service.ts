import { count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  mailMessages,
  type ContactListQuery,
  type ContactMessage,
  type MailDetail,
  type MailListQuery,
  type MailSummary,
} from '@voltforge/contract/mail';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { contactMessage } from '../../db/schema/contact.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { notFound } from '../../http-error.ts';

type OutboxRow = typeof mailOutbox.$inferSelect;

function summaryOf(row: Omit<OutboxRow, 'html' | 'text'>): MailSummary {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    // Only a mail waiting for a retry has a next attempt worth showing.
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** The Mail page: every mail the shop wrote, newest first. */
export async function listMails(
  db: Db,
  query: MailListQuery,
): Promise<{ mails: MailSummary[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        kind: mailOutbox.kind,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        nextAttemptAt: mailOutbox.nextAttemptAt,
        orderId: mailOutbox.orderId,
        userId: mailOutbox.userId,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(mailOutbox),
  ]);
  return { mails: rows.map(summaryOf), total: counted?.total ?? 0 };
}

export async function getMail(db: Db, id: string): Promise<MailDetail> {
  const [row] = isUuid(id) ? await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)) : [];
  if (!row) throw notFound(mailMessages.mailNotFound);
  return { ...summaryOf(row), html: row.html, text: row.text };
}

type ContactRow = typeof contactMessage.$inferSelect;

function contactOf(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    topic: row.topic,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The Inbox: contact messages newest first, optionally only the unread or only the read. */
export async function listContactMessages(
  db: Db,
  query: ContactListQuery,
): Promise<{ messages: ContactMessage[]; total: number }> {
  const where =
    query.unread === undefined
      ? undefined
      : query.unread
        ? isNull(contactMessage.readAt)
        : isNotNull(contactMessage.readAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contactMessage)
      .where(where)
      .orderBy(desc(contactMessage.createdAt), desc(contactMessage.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(contactMessage).where(where),
  ]);
  return { messages: rows.map(contactOf), total: counted?.total ?? 0 };
}

/** Marks a message read (keeping the first time it was read) or unread again. */
export async function markContactMessage(
  db: Db,
  id: string,
  read: boolean,
): Promise<ContactMessage> {
  if (!isUuid(id)) throw notFound(mailMessages.messageNotFound);
  const [row] = await db
    .update(contactMessage)
    .set({ readAt: read ? sql`coalesce(${contactMessage.readAt}, now())` : null })
    .where(eq(contactMessage.id, id))
    .returning();
  if (!row) throw notFound(mailMessages.messageNotFound);
  return contactOf(row);
}
