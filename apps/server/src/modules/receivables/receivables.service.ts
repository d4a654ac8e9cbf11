import { and, asc, count, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type {
  AccountInvoice,
  AdminCompany,
  AdminCompanyDetail,
  CompanyAccountInput,
  CompanyStatement,
  InvoicePaymentInput,
} from '@voltforge/contract/credit';
import {
  availableCredit,
  creditMessages,
  REMIND_DAYS_BEFORE,
} from '@voltforge/contract/credit-rules';
import { companyMessages } from '@voltforge/contract/company-rules';
import { centsToDollars, dollarsToCents, formatUsd } from '@voltforge/contract/money';
import { formatOrderNumber } from '@voltforge/contract/order-rules';
import type { Actor } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { user } from '../../db/schema/auth.ts';
import { company, companyMember } from '../../db/schema/company.ts';
import { invoicePayment } from '../../db/schema/credit.ts';
import { invoice, order } from '../../db/schema/order.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-error.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { invoiceReminderMail } from '../../mail/templates/invoice-mails.ts';
import { companyMembers, membershipOf } from '../company/company.service.ts';
import { owedByCompany, settleCredit } from '../credit/credit.service.ts';

/*
 * Payment on account, after the invoice (docs/payments.md, "Payment on account"): what each
 * company owes and when, the payments staff record, the statement a company admin reads, and the
 * reminders. The credit itself is the ledger's (modules/credit).
 */

const DAY_MS = 86_400_000;
const dollars = centsToDollars;

/** The invoices on account of these companies' orders not cancelled, newest first, with payments. */
async function accountInvoices(
  db: Db | Tx,
  companyIds: readonly string[],
  now: Date,
): Promise<Array<AccountInvoice & { companyId: string }>> {
  if (companyIds.length === 0) return [];
  const issued = await db
    .select({
      id: invoice.id,
      companyId: order.companyId,
      number: invoice.number,
      orderId: order.id,
      orderNumber: order.number,
      poNumber: order.poNumber,
      issuedAt: invoice.issuedAt,
      dueAt: invoice.dueAt,
      paidAt: invoice.paidAt,
      totalCents: invoice.totalCents,
    })
    .from(invoice)
    .innerJoin(order, eq(order.id, invoice.orderId))
    .where(
      and(
        inArray(order.companyId, [...companyIds]),
        eq(order.paymentMethod, 'account'),
        ne(order.status, 'cancelled'),
      ),
    )
    .orderBy(desc(invoice.issuedAt));
  const payments = issued.length
    ? await db
        .select()
        .from(invoicePayment)
        .where(
          inArray(
            invoicePayment.invoiceId,
            issued.map((i) => i.id),
          ),
        )
        .orderBy(asc(invoicePayment.receivedOn), asc(invoicePayment.createdAt))
    : [];
  return issued.map((i) => {
    const mine = payments.filter((p) => p.invoiceId === i.id);
    const paidCents = mine.reduce((sum, p) => sum + p.amountCents, 0);
    const openCents = i.totalCents - paidCents;
    return {
      companyId: i.companyId!,
      number: i.number,
      orderId: i.orderId,
      orderNumber: formatOrderNumber(i.orderNumber),
      poNumber: i.poNumber,
      issuedAt: i.issuedAt.toISOString(),
      dueAt: (i.dueAt ?? i.issuedAt).toISOString(),
      total: dollars(i.totalCents),
      paid: dollars(paidCents),
      open: dollars(openCents),
      overdue: openCents > 0 && (i.dueAt ?? i.issuedAt) < now,
      paidAt: i.paidAt?.toISOString() ?? null,
      payments: mine.map((p) => ({
        id: p.id,
        amount: dollars(p.amountCents),
        receivedOn: p.receivedOn,
        reference: p.reference,
      })),
    };
  });
}

const overdueCents = (invoices: readonly AccountInvoice[]) =>
  invoices.filter((i) => i.overdue).reduce((sum, i) => sum + dollarsToCents(i.open), 0);

/** A company's account: terms, limit, what it owes, its available credit and its invoices. */
export async function statementOf(db: Db | Tx, companyId: string): Promise<CompanyStatement> {
  return (await readStatement(db, companyId)).statement;
}

/** The statement, and the company's row it was made from. */
async function readStatement(db: Db | Tx, companyId: string) {
  const [row] = await db.select().from(company).where(eq(company.id, companyId));
  if (!row) throw notFound(creditMessages.companyNotFound);
  const now = new Date();
  const [owed, invoices] = await Promise.all([
    owedByCompany(db, [companyId]),
    accountInvoices(db, [companyId], now),
  ]);
  const owedCents = owed.get(companyId) ?? 0;
  const statement: CompanyStatement = {
    companyId,
    name: row.name,
    termsDays: row.termsDays,
    creditLimit: dollars(row.creditLimitCents),
    owed: dollars(owedCents),
    available: dollars(availableCredit(row.creditLimitCents, owedCents)),
    overdue: dollars(overdueCents(invoices)),
    invoices: invoices.map(({ companyId: _, ...i }) => i),
  };
  return { statement, row };
}

/** GET /api/company/statement: the caller's company's statement; its admins only. */
export async function ownStatement(db: Db, actor: Actor): Promise<CompanyStatement> {
  const mine = await membershipOf(db, actor.id);
  if (!mine) throw notFound(companyMessages.notInCompany);
  if (mine.role !== 'admin') throw forbidden(creditMessages.statementAdminOnly);
  return statementOf(db, mine.companyId);
}

/** GET /api/admin/companies: every company with its account's figures, by name. */
export async function listCompanies(db: Db): Promise<AdminCompany[]> {
  const rows = await db
    .select({
      id: company.id,
      name: company.name,
      taxId: company.taxId,
      termsDays: company.termsDays,
      creditLimitCents: company.creditLimitCents,
      members: count(companyMember.userId),
    })
    .from(company)
    .leftJoin(companyMember, eq(companyMember.companyId, company.id))
    .groupBy(company.id)
    .orderBy(asc(company.name));
  const ids = rows.map((r) => r.id);
  const now = new Date();
  const [owed, invoices] = await Promise.all([
    owedByCompany(db, ids),
    accountInvoices(db, ids, now),
  ]);
  return rows.map((r) => {
    const theirs = invoices.filter((i) => i.companyId === r.id);
    const owedCents = owed.get(r.id) ?? 0;
    return {
      id: r.id,
      name: r.name,
      taxId: r.taxId,
      members: Number(r.members),
      termsDays: r.termsDays,
      creditLimit: dollars(r.creditLimitCents),
      owed: dollars(owedCents),
      available: dollars(availableCredit(r.creditLimitCents, owedCents)),
      overdue: dollars(overdueCents(theirs)),
      openInvoices: theirs.filter((i) => i.open > 0).length,
    };
  });
}

/** GET /api/admin/companies/:id: the company, its members and its statement. */
export async function companyDetail(db: Db, id: string): Promise<AdminCompanyDetail> {
  if (!isUuid(id)) throw notFound(creditMessages.companyNotFound);
  const [{ statement, row }, members] = await Promise.all([
    readStatement(db, id),
    companyMembers(db, id),
  ]);
  return {
    ...statement,
    taxId: row.taxId,
    members: members.map((m) => ({ userId: m.userId, name: m.name, email: m.email, role: m.role })),
  };
}

/**
 * PUT /api/admin/companies/:id/account: terms and credit limit. Under the company's lock (the one
 * placement takes), so a limit is never set below what is owed at that moment, nor does an order
 * slip in between the check and the change.
 */
export async function setCompanyAccount(
  db: Db,
  id: string,
  input: CompanyAccountInput,
): Promise<AdminCompanyDetail> {
  if (!isUuid(id)) throw notFound(creditMessages.companyNotFound);
  const limitCents = dollarsToCents(input.creditLimit);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: company.id })
      .from(company)
      .where(eq(company.id, id))
      .for('no key update');
    if (!locked) throw notFound(creditMessages.companyNotFound);
    const owed = (await owedByCompany(tx, [id])).get(id) ?? 0;
    if (limitCents < owed) {
      throw conflict(creditMessages.limitBelowOwed(formatUsd(dollars(owed))), {
        creditLimit: creditMessages.limitBelowOwed(formatUsd(dollars(owed))),
      });
    }
    await tx
      .update(company)
      .set({ termsDays: input.termsDays, creditLimitCents: limitCents })
      .where(eq(company.id, id));
  });
  return companyDetail(db, id);
}

/** What has been received for an invoice so far, in cents. */
async function paidCents(db: Db | Tx, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ paid: sql<string>`coalesce(sum(${invoicePayment.amountCents}), 0)` })
    .from(invoicePayment)
    .where(eq(invoicePayment.invoiceId, invoiceId));
  return Number(row?.paid ?? 0);
}

/** Today in UTC, as `YYYY-MM-DD`. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * POST /api/admin/invoices/:number/payments: a bank transfer received for an invoice on account.
 * Under the invoice's lock: Σ payments never passes the total; the payment settles that much of
 * the company's credit; the invoice is paid when they are equal.
 */
export async function recordInvoicePayment(
  db: Db,
  actor: Actor,
  number: string,
  input: InvoicePaymentInput,
): Promise<AccountInvoice> {
  if (input.receivedOn > today()) {
    throw badRequest(creditMessages.paymentDate, { receivedOn: creditMessages.paymentDate });
  }
  const amountCents = dollarsToCents(input.amount);
  const companyId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: invoice.id,
        totalCents: invoice.totalCents,
        orderId: order.id,
        companyId: order.companyId,
        method: order.paymentMethod,
        status: order.status,
      })
      .from(invoice)
      .innerJoin(order, eq(order.id, invoice.orderId))
      .where(eq(invoice.number, number))
      .for('update', { of: invoice });
    if (!row) throw notFound(creditMessages.invoiceNotFound);
    if (row.method !== 'account' || !row.companyId) throw conflict(creditMessages.notOnAccount);
    if (row.status === 'cancelled') throw conflict(creditMessages.orderCancelled);
    const openCents = row.totalCents - (await paidCents(tx, row.id));
    if (openCents <= 0) throw conflict(creditMessages.invoicePaid);
    if (amountCents > openCents) {
      const message = creditMessages.paymentTooLarge(formatUsd(dollars(openCents)));
      throw conflict(message, { amount: message });
    }
    const [payment] = await tx
      .insert(invoicePayment)
      .values({
        invoiceId: row.id,
        amountCents,
        receivedOn: input.receivedOn,
        reference: input.reference || null,
        recordedBy: actor.id,
      })
      .returning({ id: invoicePayment.id });
    await settleCredit(tx, {
      companyId: row.companyId,
      orderId: row.orderId,
      paymentId: payment!.id,
      amountCents,
    });
    if (amountCents === openCents) {
      await tx.update(invoice).set({ paidAt: new Date() }).where(eq(invoice.id, row.id));
    }
    return row.companyId;
  });
  const statement = await statementOf(db, companyId);
  return statement.invoices.find((i) => i.number === number)!;
}

/**
 * Mails each open invoice on account once before its due date (within REMIND_DAYS_BEFORE days)
 * and once after it, to the member who placed the order and the company's admins. Each mail is
 * marked in the transaction that queues it, so two instances sweeping at once send it once.
 */
export async function remindOpenInvoices(
  db: Db,
  opts: { publicUrl: string; now?: Date },
): Promise<number> {
  const now = opts.now ?? new Date();
  const soon = new Date(now.getTime() + REMIND_DAYS_BEFORE * DAY_MS);
  const due = await db
    .select({ id: invoice.id })
    .from(invoice)
    .where(
      and(
        isNull(invoice.paidAt),
        lte(invoice.dueAt, soon),
        sql`(${invoice.remindedBeforeAt} is null or (${invoice.dueAt} < ${now} and ${invoice.remindedAfterAt} is null))`,
      ),
    )
    .limit(200);
  let sent = 0;
  for (const { id } of due) {
    sent += await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          number: invoice.number,
          dueAt: invoice.dueAt,
          totalCents: invoice.totalCents,
          remindedBeforeAt: invoice.remindedBeforeAt,
          remindedAfterAt: invoice.remindedAfterAt,
          orderId: order.id,
          orderNumber: order.number,
          poNumber: order.poNumber,
          email: order.email,
          status: order.status,
          companyId: order.companyId,
          companyName: company.name,
        })
        .from(invoice)
        .innerJoin(order, eq(order.id, invoice.orderId))
        .innerJoin(company, eq(company.id, order.companyId))
        .where(and(eq(invoice.id, id), isNull(invoice.paidAt)))
        .for('update', { of: invoice });
      if (!row?.dueAt || row.status === 'cancelled') return 0;
      const overdue = row.dueAt < now;
      if (overdue ? row.remindedAfterAt : row.remindedBeforeAt) return 0;
      const admins = await tx
        .select({ email: user.email })
        .from(companyMember)
        .innerJoin(user, eq(user.id, companyMember.userId))
        .where(and(eq(companyMember.companyId, row.companyId!), eq(companyMember.role, 'admin')));
      const mail = invoiceReminderMail({
        publicUrl: opts.publicUrl,
        company: row.companyName,
        invoiceNumber: row.number,
        orderNumber: formatOrderNumber(row.orderNumber),
        poNumber: row.poNumber,
        dueAt: row.dueAt,
        openCents: row.totalCents - (await paidCents(tx, id)),
        overdue,
      });
      const to = [...new Set([row.email, ...admins.map((a) => a.email)])];
      await enqueueMail(
        tx,
        to.map((address) => ({
          to: address,
          kind: 'invoice_reminder' as const,
          orderId: row.orderId,
          ...mail,
          attachment: { kind: 'invoice' as const, id: row.orderId, filename: `${row.number}.pdf` },
        })),
      );
      await tx
        .update(invoice)
        .set(
          overdue
            ? {
                remindedAfterAt: now,
                remindedBeforeAt: sql`coalesce(${invoice.remindedBeforeAt}, ${now})`,
              }
            : { remindedBeforeAt: now },
        )
        .where(eq(invoice.id, id));
      return 1;
    });
  }
  return sent;
}
