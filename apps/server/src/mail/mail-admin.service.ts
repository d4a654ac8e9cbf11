import { desc, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  mailMessages,
  type ContactListQuery,
  type ContactMessage,
  type MailDetail,
  type MailListQuery,
  type MailSummary,
} from '@voltforge/contract/mail';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { contactMessage } from '../db/schema/contact.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { notFound } from '../http-error.ts';
import { paginate, type Page } from '../paging.ts';

type OutboxRow = typeof mailOutbox.$inferSelect;

function mailSummaryToJson(row: Omit<OutboxRow, 'html' | 'text'>): MailSummary {
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
    attachment: row.attachment,
  };
}

/** The Mail page: every mail the shop wrote, newest first. */
export function listMails(db: Db, query: MailListQuery): Promise<Page<MailSummary>> {
  const { html: _html, text: _text, ...columns } = getTableColumns(mailOutbox);
  return paginate(
    db,
    query,
    {
      rows: db
        .select(columns)
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .$dynamic(),
      table: mailOutbox,
      where: undefined,
    },
    mailSummaryToJson,
  );
}

export async function getMail(db: Db, id: string): Promise<MailDetail> {
  const [row] = isUuid(id) ? await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)) : [];
  if (!row) throw notFound(mailMessages.mailNotFound);
  return { ...mailSummaryToJson(row), html: row.html, text: row.text };
}

type ContactRow = typeof contactMessage.$inferSelect;

function contactMessageToJson(row: ContactRow): ContactMessage {
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
export function listContactMessages(
  db: Db,
  query: ContactListQuery,
): Promise<Page<ContactMessage>> {
  const where =
    query.unread === undefined
      ? undefined
      : query.unread
        ? isNull(contactMessage.readAt)
        : isNotNull(contactMessage.readAt);
  return paginate(
    db,
    query,
    {
      rows: db
        .select()
        .from(contactMessage)
        .where(where)
        .orderBy(desc(contactMessage.createdAt), desc(contactMessage.id))
        .$dynamic(),
      table: contactMessage,
      where,
    },
    contactMessageToJson,
  );
}

/** Marks a message read (keeping the first time it was read) or unread again. */
export async function markContactMessage(
  db: Db,
  { id, read }: { id: string; read: boolean },
): Promise<ContactMessage> {
  if (!isUuid(id)) throw notFound(mailMessages.messageNotFound);
  const [row] = await db
    .update(contactMessage)
    .set({ readAt: read ? sql`coalesce(${contactMessage.readAt}, now())` : null })
    .where(eq(contactMessage.id, id))
    .returning();
  if (!row) throw notFound(mailMessages.messageNotFound);
  return contactMessageToJson(row);
}
