import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { staffOrderNotice, type StaffOrderEvent } from '../db/schema/mail.ts';
import { order } from '../db/schema/order.ts';
import { enqueueMail } from './outbox.ts';
import { staffOrderMail, type StaffOrderMailOrder } from './templates/staff-order-mails.ts';

/*
 * Staff's mail about orders placed and paid (ORDER_NOTIFY_EMAILS; docs/architecture.md, "Mail"):
 * each event leaves a notice row in the transaction of the change, and a pass on every instance
 * mails what has gathered, one mail per recipient listing the orders, so a rush is one mail, not
 * one per order.
 */

/** Notices are mailed once none has come for this long… */
export const STAFF_NOTICE_QUIET_MS = 20_000;
/** …or once the oldest has waited this long, however many keep coming. */
export const STAFF_NOTICE_MAX_WAIT_MS = 60_000;
/** How often every instance looks (so a notice goes out at most this much after it is due). */
export const STAFF_NOTICE_EVERY_MS = 10_000;
/** A mail lists at most this many orders; a larger rush is several mails, sent at once. */
export const STAFF_NOTICE_ORDERS_PER_MAIL = 100;

/** Writes staff's notice of an order's event, in the transaction of the change it reports. */
export async function recordStaffOrderNotice(
  tx: Db | Tx,
  orderId: string,
  event: StaffOrderEvent,
): Promise<void> {
  await tx.insert(staffOrderNotice).values({ orderId, event });
}

export interface StaffNoticeSettings {
  publicUrl: string;
  /** ORDER_NOTIFY_EMAILS. */
  recipients: readonly string[];
}

/**
 * One pass: when the notices are due (none new for `STAFF_NOTICE_QUIET_MS`, or the oldest has
 * waited `STAFF_NOTICE_MAX_WAIT_MS`, by the database's clock), takes every committed notice and
 * queues one mail per recipient listing their orders, in one transaction: the notices go with the
 * mails, so each is mailed once, and a pass that fails mails nothing and takes nothing. One pass
 * at a time across instances (a transaction-level advisory lock; the others skip), so a rush is
 * never split between two instances' mails. Answers how many notices it took.
 */
export async function mailStaffOrderNotices(
  db: Db,
  settings: StaffNoticeSettings,
): Promise<number> {
  if (settings.recipients.length === 0) return 0;
  return db.transaction(async (tx) => {
    const locked = (await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtextextended('voltforge:staff-order-notices', 0)) as "locked"`,
    )) as { rows: Array<{ locked: boolean }> };
    if (!locked.rows[0]?.locked) return 0;
    const at = staffOrderNotice.createdAt;
    const [state] = await tx
      .select({
        due: sql<boolean>`coalesce(min(${at}) <= now() - make_interval(secs => ${STAFF_NOTICE_MAX_WAIT_MS / 1000})
          or max(${at}) <= now() - make_interval(secs => ${STAFF_NOTICE_QUIET_MS / 1000}), false)`,
      })
      .from(staffOrderNotice);
    if (!state?.due) return 0;
    const taken = await tx.delete(staffOrderNotice).returning();
    if (taken.length === 0) return 0;
    taken.sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() ||
        (a.event === b.event ? 0 : a.event === 'placed' ? -1 : 1),
    );
    const events = new Map<string, StaffOrderEvent[]>();
    for (const notice of taken) {
      const seen = events.get(notice.orderId) ?? [];
      if (!seen.includes(notice.event)) seen.push(notice.event);
      events.set(notice.orderId, seen);
    }
    const rowsById = new Map(
      (
        await tx
          .select({
            id: order.id,
            number: order.number,
            customerName: order.customerName,
            email: order.email,
            company: order.company,
            totalCents: order.totalCents,
            paymentMethod: order.paymentMethod,
          })
          .from(order)
          .where(inArray(order.id, [...events.keys()]))
      ).map((row) => [row.id, row]),
    );
    // In the order of each one's first event.
    const orders: StaffOrderMailOrder[] = [...events].flatMap(([id, happened]) => {
      const row = rowsById.get(id);
      return row ? [{ ...row, events: happened }] : [];
    });
    for (let i = 0; i < orders.length; i += STAFF_NOTICE_ORDERS_PER_MAIL) {
      const mail = staffOrderMail({
        publicUrl: settings.publicUrl,
        orders: orders.slice(i, i + STAFF_NOTICE_ORDERS_PER_MAIL),
      });
      await enqueueMail(
        tx,
        settings.recipients.map((to) => ({ to, kind: 'staff_order_notice' as const, ...mail })),
      );
    }
    return taken.length;
  });
}
