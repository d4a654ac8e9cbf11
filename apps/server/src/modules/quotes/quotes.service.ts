import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { companyMessages } from '@voltforge/contract/company-rules';
import { creditMessages } from '@voltforge/contract/credit-rules';
import { centsToDollars, dollarsToCents, formatCents } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import { formatOrderNumber, shortageMessage } from '@voltforge/contract/order-rules';
import type {
  Quote,
  QuoteAcceptBody,
  QuoteRequestBody,
  QuoteRevisionBody,
  QuoteSummary,
} from '@voltforge/contract/quote';
import {
  MAX_VALID_DAYS,
  quoteCharges,
  quoteExpiresAt,
  quoteMessages,
  quoteNumber,
  quoteStateOf,
  type QuoteState,
} from '@voltforge/contract/quote-rules';
import { addDays, dateIn, formatCalendarDate } from '@voltforge/contract/calendar';
import type { Actor } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { INT32_MAX } from '../../db/limits.ts';
import { user } from '../../db/schema/auth.ts';
import { company } from '../../db/schema/company.ts';
import { order } from '../../db/schema/order.ts';
import { project } from '../../db/schema/project.ts';
import {
  quote,
  quoteLine,
  quoteMessage,
  quoteOffer,
  quoteRevision,
} from '../../db/schema/quote.ts';
import { tool } from '../../db/schema/tool.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http-error.ts';
import { mailAdmins } from '../../mail/admin-mail.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import {
  quoteDecidedMail,
  quoteExpiryMail,
  quoteMessageMail,
  quoteRequestedMail,
  quoteSentMail,
} from '../../mail/templates/quote-mails.ts';
import { billToOf, limitsOf } from '../checkout/checkout.service.ts';
import type { CheckoutDeps } from '../checkout/cart-order.ts';
import { renderDocumentPdfOffThread } from '../invoices/document-pdf-thread.ts';
import { invoiceOnAccount } from '../invoices/invoices.service.ts';
import { nextDocumentNumber } from '../invoices/numbering.ts';
import { buyingCompanyOf, membershipOf, seesAllCompanyOrders } from '../company/company.service.ts';
import { OverLimit, placeOrder } from '../orders/placement/place-order.ts';
import type { Rows } from '../orders/placement/batch-queue.ts';
import { quoteModel } from './quote-pdf.ts';

/*
 * Quotes (docs/payments.md, "Quotes"): a buyer asks for prices; staff answer in revisions that
 * are locked once sent; the buyer accepts a revision they read, and it becomes one order at exactly
 * its prices, freight and tax, placed by the one placement path while this quote's row is locked.
 */

export interface QuoteDeps extends CheckoutDeps {
  /** SHOP_TIME_ZONE: where a validity date ends. */
  timeZone: string;
}

type QuoteRow = typeof quote.$inferSelect;

/** Answers the same for a quote that does not exist and one the actor may not see. */
const noSuchQuote = () => notFound(quoteMessages.notFound);

async function rowOf(db: Db | Tx, id: string): Promise<QuoteRow> {
  if (!isUuid(id)) throw noSuchQuote();
  const [row] = await db.select().from(quote).where(eq(quote.id, id));
  if (!row) throw noSuchQuote();
  return row;
}

/**
 * How the actor stands to a quote: staff (admins), the buyer side (its requester, or a member of
 * its company who sees the company's orders), or nobody (answered as not found).
 */
async function sideOf(db: Db | Tx, actor: Actor, row: QuoteRow): Promise<'staff' | 'buyer'> {
  if (row.requestedBy === actor.id) return 'buyer';
  if (actor.role === 'admin') return 'staff';
  if (row.companyId) {
    const mine = await membershipOf(db, actor.id);
    if (mine?.companyId === row.companyId && (await seesAllCompanyOrders(db, mine))) return 'buyer';
  }
  throw noSuchQuote();
}

/** Every revision of these quotes and all their offers (a quote's page). */
async function revisionsOf(db: Db | Tx, quoteIds: string[]) {
  if (quoteIds.length === 0) return { revisions: [], offers: [] };
  const [revisions, offers] = await Promise.all([
    db
      .select({
        quoteId: quoteRevision.quoteId,
        revision: quoteRevision.revision,
        sentAt: quoteRevision.sentAt,
        sentBy: user.name,
        validUntil: quoteRevision.validUntil,
        expiresAt: quoteRevision.expiresAt,
        freightCents: quoteRevision.freightCents,
        taxRateBp: quoteRevision.taxRateBp,
        note: quoteRevision.note,
      })
      .from(quoteRevision)
      .leftJoin(user, eq(user.id, quoteRevision.sentBy))
      .where(inArray(quoteRevision.quoteId, quoteIds))
      .orderBy(asc(quoteRevision.revision)),
    db
      .select()
      .from(quoteOffer)
      .where(inArray(quoteOffer.quoteId, quoteIds))
      .orderBy(asc(quoteOffer.revision), asc(quoteOffer.lineNo), asc(quoteOffer.offerNo)),
  ]);
  return { revisions, offers };
}

/** The quote as its API answers it: the request, every revision sent, the thread, the outcome. */
async function quoteJson(db: Db | Tx, row: QuoteRow, now = new Date()): Promise<Quote> {
  const [lines, { revisions, offers }, messages, companyRow, projectRow, placed] =
    await Promise.all([
      db
        .select({
          lineNo: quoteLine.lineNo,
          toolId: quoteLine.toolId,
          partNumber: tool.partNumber,
          name: tool.name,
          partText: quoteLine.partText,
          quantities: quoteLine.quantities,
          targetPriceCents: quoteLine.targetPriceCents,
          customerRef: quoteLine.customerRef,
        })
        .from(quoteLine)
        .leftJoin(tool, eq(tool.id, quoteLine.toolId))
        .where(eq(quoteLine.quoteId, row.id))
        .orderBy(asc(quoteLine.lineNo)),
      revisionsOf(db, [row.id]),
      db
        .select()
        .from(quoteMessage)
        .where(eq(quoteMessage.quoteId, row.id))
        .orderBy(asc(quoteMessage.createdAt)),
      row.companyId
        ? db
            .select({ id: company.id, name: company.name })
            .from(company)
            .where(eq(company.id, row.companyId))
        : Promise.resolve([]),
      row.projectId
        ? db
            .select({ id: project.id, name: project.name })
            .from(project)
            .where(eq(project.id, row.projectId))
        : Promise.resolve([]),
      row.orderId
        ? db
            .select({ id: order.id, number: order.number })
            .from(order)
            .where(eq(order.id, row.orderId))
        : Promise.resolve([]),
    ]);
  const latest = revisions.at(-1);
  const toolOfLine = new Map(lines.map((l) => [l.lineNo, l.toolId]));
  return {
    id: row.id,
    number: row.number,
    state: quoteStateOf(row.status, latest?.expiresAt ?? null, now),
    createdAt: row.createdAt.toISOString(),
    requestedBy: { id: row.requestedBy ?? '', name: row.requesterName, email: row.requesterEmail },
    company: companyRow[0] ?? null,
    source: row.source,
    project: projectRow[0] ?? null,
    alternatesOk: row.alternatesOk,
    neededBy: row.neededBy,
    note: row.note,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      toolId: l.toolId,
      partNumber: l.partNumber,
      partText: l.partText,
      name: l.name,
      quantities: l.quantities,
      targetPrice: l.targetPriceCents === null ? null : centsToDollars(l.targetPriceCents),
      customerRef: l.customerRef,
    })),
    revisions: revisions.map((r) => ({
      revision: r.revision,
      sentAt: r.sentAt.toISOString(),
      sentBy: r.sentBy ?? '',
      validUntil: r.validUntil,
      expiresAt: r.expiresAt.toISOString(),
      freight: centsToDollars(r.freightCents),
      taxRate: r.taxRateBp / 100,
      note: r.note,
      offers: offers
        .filter((o) => o.revision === r.revision)
        .map((o) => ({
          lineNo: o.lineNo,
          offerNo: o.offerNo,
          toolId: o.toolId,
          partNumber: o.partNumber,
          name: o.toolName,
          substitute: toolOfLine.get(o.lineNo) !== o.toolId,
          quantity: o.quantity,
          unitPrice: centsToDollars(o.unitPriceCents),
          lineTotal: centsToDollars(o.unitPriceCents * o.quantity),
          leadTimeWeeks: o.leadTimeWeeks,
          minQuantity: o.minQuantity,
          multiple: o.multiple,
        })),
    })),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.authorName,
      fromStaff: m.fromStaff,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
    declineReason: row.declineReason,
    accepted:
      placed[0] && row.acceptedRevision !== null
        ? {
            revision: row.acceptedRevision,
            order: { id: placed[0].id, number: formatOrderNumber(placed[0].number) },
          }
        : null,
  };
}

/** Rows of quote lists: each with its latest revision's value (first offers, freight and tax). */
async function summariesOf(db: Db, rows: Array<QuoteRow & { companyName: string | null }>) {
  const counts = rows.length
    ? await db
        .select({ quoteId: quoteLine.quoteId, n: sql<number>`count(*)::int` })
        .from(quoteLine)
        .where(
          inArray(
            quoteLine.quoteId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(quoteLine.quoteId)
    : [];
  // Only the latest revisions and their first offers: what a list shows.
  const answered = rows.filter((r) => r.revision > 0).map((r) => r.id);
  const ofAnswered = inArray(quote.id, answered);
  const [revisions, offers] = answered.length
    ? await Promise.all([
        db
          .select({
            quoteId: quoteRevision.quoteId,
            revision: quoteRevision.revision,
            validUntil: quoteRevision.validUntil,
            expiresAt: quoteRevision.expiresAt,
            freightCents: quoteRevision.freightCents,
            taxRateBp: quoteRevision.taxRateBp,
          })
          .from(quoteRevision)
          .innerJoin(quote, eq(quote.id, quoteRevision.quoteId))
          .where(and(ofAnswered, eq(quote.revision, quoteRevision.revision))),
        db
          .select({
            quoteId: quoteOffer.quoteId,
            revision: quoteOffer.revision,
            offerNo: quoteOffer.offerNo,
            quantity: quoteOffer.quantity,
            unitPriceCents: quoteOffer.unitPriceCents,
          })
          .from(quoteOffer)
          .innerJoin(quote, eq(quote.id, quoteOffer.quoteId))
          .where(
            and(ofAnswered, eq(quoteOffer.revision, quote.revision), eq(quoteOffer.offerNo, 1)),
          ),
      ])
    : [[], []];
  const now = new Date();
  return rows.map((r): QuoteSummary => {
    const latest = revisions.find((v) => v.quoteId === r.id && v.revision === r.revision);
    const firsts = offers.filter(
      (o) => o.quoteId === r.id && o.revision === r.revision && o.offerNo === 1,
    );
    return {
      id: r.id,
      number: r.number,
      state: quoteStateOf(r.status, latest?.expiresAt ?? null, now),
      createdAt: r.createdAt.toISOString(),
      requestedBy: r.requesterName,
      company: r.companyName,
      lineCount: Number(counts.find((c) => c.quoteId === r.id)?.n ?? 0),
      revision: r.revision,
      value: latest
        ? centsToDollars(quoteCharges(firsts, latest.freightCents, latest.taxRateBp).totalCents)
        : null,
      validUntil: latest?.validUntil ?? null,
      expiresAt: latest?.expiresAt.toISOString() ?? null,
    };
  });
}

const listColumns = { companyName: company.name };

/** The quotes the actor's side may see: their own, and their company's when they see its orders. */
export async function listMyQuotes(db: Db, actor: Actor): Promise<QuoteSummary[]> {
  const mine = await membershipOf(db, actor.id);
  const seesCompany = mine ? await seesAllCompanyOrders(db, mine) : false;
  const rows = await db
    .select({ q: quote, ...listColumns })
    .from(quote)
    .leftJoin(company, eq(company.id, quote.companyId))
    .where(
      seesCompany && mine
        ? or(eq(quote.requestedBy, actor.id), eq(quote.companyId, mine.companyId))
        : eq(quote.requestedBy, actor.id),
    )
    .orderBy(desc(quote.createdAt))
    .limit(200);
  return summariesOf(
    db,
    rows.map((r) => ({ ...r.q, companyName: r.companyName })),
  );
}

/** Staff's queue: by state ('open': waiting for us or answered and not decided), and searched. */
export async function listQuoteQueue(
  db: Db,
  filter: { state?: QuoteState | 'open'; q?: string },
): Promise<QuoteSummary[]> {
  const where: SQL[] = [];
  const lastExpiry = sql`(select r.expires_at from ${quoteRevision} r
    where r.quote_id = ${quote.id} and r.revision = ${quote.revision})`;
  if (filter.state === 'open') {
    where.push(
      sql`(${quote.status} = 'requested' or (${quote.status} = 'sent' and ${lastExpiry} > now()))`,
    );
  } else if (filter.state === 'expired') {
    where.push(sql`${quote.status} = 'sent' and ${lastExpiry} <= now()`);
  } else if (filter.state === 'sent') {
    where.push(sql`${quote.status} = 'sent' and ${lastExpiry} > now()`);
  } else if (filter.state) {
    where.push(eq(quote.status, filter.state));
  }
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(quote.number, like),
        ilike(company.name, like),
        ilike(quote.requesterName, like),
        ilike(quote.requesterEmail, like),
        sql`exists (select 1 from ${quoteLine} l left join ${tool} t on t.id = l.tool_id
                     where l.quote_id = ${quote.id}
                       and (l.part_text ilike ${like} or t.part_number ilike ${like}))`,
      ) as SQL,
    );
  }
  const rows = await db
    .select({ q: quote, ...listColumns })
    .from(quote)
    .leftJoin(company, eq(company.id, quote.companyId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(quote.createdAt))
    .limit(200);
  return summariesOf(
    db,
    rows.map((r) => ({ ...r.q, companyName: r.companyName })),
  );
}

export async function readQuote(db: Db, actor: Actor, id: string): Promise<Quote> {
  const row = await rowOf(db, id);
  await sideOf(db, actor, row);
  return quoteJson(db, row);
}

class SameRequest extends Error {}

/**
 * A request for quotation: numbered in its transaction (Q-<year>-000001, the shop's year), with
 * every admin's mail. A second submission with the same `requestKey` (a double click, a retry)
 * answers the first request and makes nothing.
 */
export async function requestQuote(
  db: Db,
  actor: Actor,
  body: QuoteRequestBody,
  deps: Pick<QuoteDeps, 'publicUrl' | 'timeZone'>,
): Promise<{ quote: Quote; created: boolean }> {
  const same = () =>
    db
      .select()
      .from(quote)
      .where(and(eq(quote.requestedBy, actor.id), eq(quote.requestKey, body.requestKey)));
  const [earlier] = await same();
  if (earlier) return { quote: await quoteJson(db, earlier), created: false };

  const toolIds = [...new Set(body.lines.flatMap((l) => (l.toolId ? [l.toolId] : [])))];
  const tools = toolIds.length
    ? await db
        .select({ id: tool.id, partNumber: tool.partNumber, archivedAt: tool.archivedAt })
        .from(tool)
        .where(inArray(tool.id, toolIds))
    : [];
  if (tools.length !== toolIds.length || tools.some((t) => t.archivedAt)) {
    throw badRequest(quoteMessages.unknownTool);
  }
  let projectId: string | null = null;
  if (body.source === 'project' || body.projectId) {
    const [own] = body.projectId
      ? await db
          .select({ id: project.id })
          .from(project)
          .where(and(eq(project.id, body.projectId), eq(project.userId, actor.id)))
      : [];
    if (!own) throw notFound(quoteMessages.unknownProject);
    projectId = own.id;
  }
  const today = dateIn(deps.timeZone, new Date());
  if (body.neededBy && body.neededBy < today) {
    throw badRequest(quoteMessages.neededBy, { neededBy: quoteMessages.neededBy });
  }
  const mine = await buyingCompanyOf(db, actor.id);
  let made: QuoteRow;
  try {
    made = await db.transaction(async (tx) => {
      const year = Number(today.slice(0, 4));
      const number = quoteNumber(year, await nextDocumentNumber(tx, 'quote', year));
      const [row] = await tx
        .insert(quote)
        .values({
          number,
          requestedBy: actor.id,
          requesterName: actor.name,
          requesterEmail: actor.email,
          companyId: mine?.id ?? null,
          requestKey: body.requestKey,
          source: body.source,
          projectId,
          alternatesOk: body.alternatesOk,
          neededBy: body.neededBy ?? null,
          note: body.note,
        })
        .onConflictDoNothing()
        .returning();
      // The same request arrived at once from elsewhere: give its number back, answer that one.
      if (!row) throw new SameRequest();
      await tx.insert(quoteLine).values(
        body.lines.map((l, i) => ({
          quoteId: row.id,
          lineNo: i + 1,
          toolId: l.toolId,
          partText: l.partText,
          quantities: l.quantities,
          targetPriceCents: l.targetPrice == null ? null : dollarsToCents(l.targetPrice),
          customerRef: l.customerRef || null,
        })),
      );
      const partOf = new Map(tools.map((t) => [t.id, t.partNumber]));
      const mail = quoteRequestedMail({
        publicUrl: deps.publicUrl,
        id: row.id,
        number,
        requester: actor.name,
        company: mine?.name ?? null,
        lines: body.lines
          .slice(0, 20)
          .map((l) => [
            (l.toolId && partOf.get(l.toolId)) || l.partText,
            l.quantities.map((q) => q.toLocaleString('en-US')).join(' / '),
          ]),
      });
      await mailAdmins(tx, 'quote_requested', mail);
      return row;
    });
  } catch (error) {
    if (!(error instanceof SameRequest)) throw error;
    const [first] = await same();
    if (!first) throw error;
    return { quote: await quoteJson(db, first), created: false };
  }
  return { quote: await quoteJson(db, made), created: true };
}

/**
 * Staff send an answer: the next revision, locked once written (what the buyer saw never
 * changes). Every line of the request is answered once (a line we cannot offer has no offers);
 * each tool is offered on one line only, so an accepted quote orders each tool once.
 */
export async function sendRevision(
  db: Db,
  staff: Actor,
  id: string,
  body: QuoteRevisionBody,
  deps: Pick<QuoteDeps, 'publicUrl' | 'timeZone'>,
): Promise<Quote> {
  const today = dateIn(deps.timeZone, new Date());
  if (body.validUntil < today || body.validUntil > addDays(today, MAX_VALID_DAYS)) {
    throw badRequest(quoteMessages.validUntil, { validUntil: quoteMessages.validUntil });
  }
  const offers = body.lines.flatMap((l) =>
    l.offers.map((o, i) => ({ ...o, lineNo: l.lineNo, offerNo: i + 1 })),
  );
  if (offers.length === 0) throw badRequest(quoteMessages.noOffer);
  const bad = offers.find((o) => o.quantity < o.minQuantity || o.quantity % o.multiple !== 0);
  if (bad) throw badRequest(quoteMessages.offerRule(bad.lineNo));
  // The dearest choice a buyer could make must fit an order, or the revision could never be accepted.
  const dearest = body.lines.map((l) => {
    const prices = l.offers.map((o) => ({
      quantity: o.quantity,
      unitPriceCents: dollarsToCents(o.unitPrice),
    }));
    return prices.sort((x, y) => y.quantity * y.unitPriceCents - x.quantity * x.unitPriceCents)[0];
  });
  const most = quoteCharges(
    dearest.flatMap((o) => (o ? [o] : [])),
    dollarsToCents(body.freight),
    Math.round(body.taxRate * 100),
  );
  if (most.totalCents > INT32_MAX) throw badRequest(quoteMessages.tooLarge);
  const toolIds = [...new Set(offers.map((o) => o.toolId))];
  const tools = await db
    .select({
      id: tool.id,
      name: tool.name,
      partNumber: tool.partNumber,
      archivedAt: tool.archivedAt,
    })
    .from(tool)
    .where(inArray(tool.id, toolIds));
  const toolOf = new Map(tools.filter((t) => !t.archivedAt).map((t) => [t.id, t]));
  const unknown = offers.find((o) => !toolOf.has(o.toolId));
  if (unknown) throw badRequest(quoteMessages.offerTool(unknown.lineNo));
  for (const toolId of toolIds) {
    const lines = new Set(offers.filter((o) => o.toolId === toolId).map((o) => o.lineNo));
    if (lines.size > 1) throw badRequest(quoteMessages.sameTool(toolOf.get(toolId)!.partNumber));
  }
  if (!isUuid(id)) throw noSuchQuote();
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quote).where(eq(quote.id, id)).for('update');
    if (!locked) throw noSuchQuote();
    if (locked.status !== 'requested' && locked.status !== 'sent') {
      throw conflict(quoteMessages.notAnswerable);
    }
    const lineNos = (
      await tx.select({ lineNo: quoteLine.lineNo }).from(quoteLine).where(eq(quoteLine.quoteId, id))
    ).map((l) => l.lineNo);
    const answered = body.lines.map((l) => l.lineNo);
    if (
      answered.length !== lineNos.length ||
      new Set(answered).size !== answered.length ||
      !answered.every((n) => lineNos.includes(n))
    ) {
      throw badRequest(quoteMessages.offerLines);
    }
    if (body.revision !== locked.revision + 1) {
      throw conflict(quoteMessages.revisedMeanwhile(locked.revision));
    }
    const revision = locked.revision + 1;
    const taxRateBp = Math.round(body.taxRate * 100);
    const freightCents = dollarsToCents(body.freight);
    await tx.insert(quoteRevision).values({
      quoteId: id,
      revision,
      sentBy: staff.id,
      validUntil: body.validUntil,
      expiresAt: quoteExpiresAt(body.validUntil, deps.timeZone),
      freightCents,
      taxRateBp,
      note: body.note,
    });
    const written = offers.map((o) => {
      const t = toolOf.get(o.toolId)!;
      return {
        quoteId: id,
        revision,
        lineNo: o.lineNo,
        offerNo: o.offerNo,
        toolId: t.id,
        toolName: t.name,
        partNumber: t.partNumber,
        quantity: o.quantity,
        unitPriceCents: dollarsToCents(o.unitPrice),
        leadTimeWeeks: o.leadTimeWeeks,
        minQuantity: o.minQuantity,
        multiple: o.multiple,
      };
    });
    await tx.insert(quoteOffer).values(written);
    const [updated] = await tx
      .update(quote)
      .set({
        status: 'sent',
        revision,
        updatedAt: new Date(),
        expiringMailedAt: null,
        expiredMailedAt: null,
      })
      .where(eq(quote.id, id))
      .returning();
    const firsts = written.filter((o) => o.offerNo === 1);
    await enqueueMail(tx, {
      to: locked.requesterEmail,
      kind: 'quote_sent',
      userId: locked.requestedBy ?? undefined,
      ...quoteSentMail({
        publicUrl: deps.publicUrl,
        id,
        number: locked.number,
        revision,
        validUntil: formatCalendarDate(body.validUntil),
        total: formatCents(quoteCharges(firsts, freightCents, taxRateBp).totalCents),
      }),
    });
    return updated!;
  });
  return quoteJson(db, row);
}

/** A message on the quote from either side, mailed to the other. */
export async function postMessage(
  db: Db,
  actor: Actor,
  id: string,
  body: string,
  deps: Pick<QuoteDeps, 'publicUrl'>,
): Promise<Quote> {
  const row = await rowOf(db, id);
  const side = await sideOf(db, actor, row);
  await db.transaction(async (tx) => {
    await tx.insert(quoteMessage).values({
      quoteId: id,
      authorId: actor.id,
      authorName: side === 'staff' ? `${actor.name} (Voltforge)` : actor.name,
      fromStaff: side === 'staff',
      body,
    });
    const mail = quoteMessageMail({
      publicUrl: deps.publicUrl,
      id,
      number: row.number,
      author: actor.name,
      body,
      toStaff: side === 'buyer',
    });
    if (side === 'buyer') await mailAdmins(tx, 'quote_message', mail);
    else {
      await enqueueMail(tx, {
        to: row.requesterEmail,
        kind: 'quote_message',
        userId: row.requestedBy ?? undefined,
        ...mail,
      });
    }
  });
  return quoteJson(db, await rowOf(db, id));
}

/** Why a quote in this state cannot be accepted as `revision`, or null when it can. */
function acceptRefusal(
  state: { status: QuoteRow['status']; revision: number; orderNumber: number | null },
  revision: number,
  expiry: { expired: boolean; validUntil: string } | null,
): HttpError | null {
  if (state.status === 'accepted') {
    return conflict(quoteMessages.accepted(formatOrderNumber(state.orderNumber ?? 0)));
  }
  if (state.status === 'declined') return conflict(quoteMessages.declined);
  if (state.status === 'requested') return conflict(quoteMessages.notAnswered);
  if (revision !== state.revision) {
    return revision < state.revision
      ? conflict(quoteMessages.newerRevision(state.revision))
      : badRequest(quoteMessages.unknownOffer);
  }
  if (!expiry) return badRequest(quoteMessages.unknownOffer);
  if (expiry.expired) return conflict(quoteMessages.expired(formatCalendarDate(expiry.validUntil)));
  return null;
}

/**
 * The quote's state as the database sees it now (its expiry by the database's clock), taking its
 * row lock first when `lock`: the later reads then see what a concurrent acceptance committed.
 */
async function acceptState(db: Db | Tx, id: string, revision: number, lock: boolean) {
  const stateOf = db
    .select({ status: quote.status, revision: quote.revision, orderId: quote.orderId })
    .from(quote)
    .where(eq(quote.id, id));
  const [state] = lock ? await stateOf.for('update') : await stateOf;
  if (!state) throw noSuchQuote();
  const [sent] = await db
    .select({
      validUntil: quoteRevision.validUntil,
      expired: sql<boolean>`${quoteRevision.expiresAt} <= now()`,
    })
    .from(quoteRevision)
    .where(and(eq(quoteRevision.quoteId, id), eq(quoteRevision.revision, revision)));
  const [placed] = state.orderId
    ? await db.select({ number: order.number }).from(order).where(eq(order.id, state.orderId))
    : [];
  return acceptRefusal(
    { status: state.status, revision: state.revision, orderNumber: placed?.number ?? null },
    revision,
    sent ? { expired: !!sent.expired, validUntil: sent.validUntil } : null,
  );
}

/**
 * Accepts chosen offers of the revision the buyer read: one order at exactly the quoted prices,
 * freight and tax, at the total the buyer was shown, paid by card or on the company's account.
 * The placing transaction locks this quote's row first and places only while it is still 'sent',
 * at that revision and unexpired, then marks it accepted: however many devices, instances and
 * retries accept at once, one order is placed and the rest are told which.
 */
export async function acceptQuote(
  db: Db,
  actor: Actor,
  id: string,
  body: QuoteAcceptBody,
  deps: QuoteDeps,
): Promise<Order> {
  const row = await rowOf(db, id);
  const side = await sideOf(db, actor, row);
  if (side !== 'buyer') throw forbidden('Only the buyer side of a quote accepts it.');
  const early = await acceptState(db, id, body.revision, false);
  if (early) throw early;
  const [revision] = await db
    .select()
    .from(quoteRevision)
    .where(and(eq(quoteRevision.quoteId, id), eq(quoteRevision.revision, body.revision)));
  const offers = await db
    .select()
    .from(quoteOffer)
    .where(and(eq(quoteOffer.quoteId, id), eq(quoteOffer.revision, body.revision)));
  const lines = await db.select().from(quoteLine).where(eq(quoteLine.quoteId, id));
  const chosen = body.choices.map((c) =>
    offers.find((o) => o.lineNo === c.lineNo && o.offerNo === c.offerNo),
  );
  if (!revision || chosen.some((o) => !o)) throw badRequest(quoteMessages.unknownOffer);
  const picked = chosen as Array<(typeof offers)[number]>;

  const buyingFor = await buyingCompanyOf(db, actor.id);
  if (buyingFor?.poRequired && !body.poNumber) {
    throw badRequest(companyMessages.poRequired, { poNumber: companyMessages.poRequired });
  }
  const onAccount = body.paymentMethod === 'account';
  if (onAccount && !buyingFor) throw conflict(companyMessages.notInCompany);
  if (onAccount && buyingFor?.termsDays == null) throw conflict(creditMessages.noTerms);
  const limits = limitsOf(buyingFor);
  // Stock now, read without locks to say which lines are short; placing checks again under them.
  const stock = await db
    .select({ id: tool.id, inStock: tool.inStock })
    .from(tool)
    .where(
      inArray(
        tool.id,
        picked.map((o) => o.toolId),
      ),
    );
  const shortLines = picked.flatMap((o) => {
    const left = stock.find((t) => t.id === o.toolId)?.inStock ?? 0;
    return left < o.quantity
      ? [`line ${o.lineNo} (${o.partNumber}): ${shortageMessage(left).toLowerCase()}`]
      : [];
  });
  if (shortLines.length > 0) throw conflict(quoteMessages.short(shortLines));
  const refOf = new Map(lines.map((l) => [l.lineNo, l.customerRef]));
  try {
    const placed = await placeOrder(
      db,
      actor,
      {
        lines: picked
          .sort((a, b) => a.lineNo - b.lineNo)
          .map((o) => ({
            toolId: o.toolId,
            quantity: o.quantity,
            quotedUnitPriceCents: o.unitPriceCents,
            source: {
              projectId: null,
              projectRevision: null,
              projectName: null,
              customerRef: refOf.get(o.lineNo) ?? null,
            },
          })),
        phone: body.phone,
        address: body.address,
        poNumber: body.poNumber || null,
        billTo: billToOf(body, buyingFor),
        onAccount: onAccount
          ? { invoice: (tx, placed) => invoiceOnAccount(tx, placed, deps.seller) }
          : undefined,
        limits,
        quote: {
          freightCents: revision.freightCents,
          taxRateBp: revision.taxRateBp,
          expectedTotalCents: dollarsToCents(body.expectedTotal),
          claim: async (tx) => {
            const refusal = await acceptState(tx, id, body.revision, true);
            if (refusal) throw refusal;
          },
          accepted: async (tx, placed) => {
            await tx
              .update(quote)
              .set({
                status: 'accepted',
                acceptedRevision: body.revision,
                orderId: placed.id,
                decidedAt: new Date(),
                updatedAt: new Date(),
              })
              .where(eq(quote.id, id));
            const mail = quoteDecidedMail({
              publicUrl: deps.publicUrl,
              id,
              number: row.number,
              who: actor.name,
              accepted: {
                orderNumber: formatOrderNumber(placed.number),
                total: formatCents(placed.totalCents),
              },
              reason: null,
            });
            await mailAdmins(tx, 'quote_decided', mail, { orderId: placed.id });
          },
        },
      },
      deps,
    );
    return { ...placed, quote: { id, number: row.number, revision: body.revision } };
  } catch (error) {
    // Stock taken meanwhile (a multi-line refusal names the tools): said by the quote's lines.
    if (error instanceof HttpError && error.statusCode === 409 && error.fields) {
      const short = picked.flatMap((o) => {
        const why = error.fields?.[o.toolId];
        return why ? [`line ${o.lineNo} (${o.partNumber}): ${why.toLowerCase()}`] : [];
      });
      if (short.length > 0) throw conflict(quoteMessages.short(short));
    }
    if (!(error instanceof OverLimit) || !limits) throw error;
    const limit = error.limit === 'order' ? limits.orderLimitCents : limits.monthlyLimitCents;
    throw conflict(quoteMessages.overLimit(formatCents(limit ?? 0)));
  }
}

/** The buyer declines, saying why; staff are mailed. A decided quote stays as it was decided. */
export async function declineQuote(
  db: Db,
  actor: Actor,
  id: string,
  reason: string,
  deps: Pick<QuoteDeps, 'publicUrl'>,
): Promise<Quote> {
  const row = await rowOf(db, id);
  const side = await sideOf(db, actor, row);
  if (side !== 'buyer') throw forbidden('Only the buyer side of a quote declines it.');
  const updated = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quote).where(eq(quote.id, id)).for('update');
    if (!locked) throw noSuchQuote();
    if (locked.status === 'accepted') {
      const [placed] = await tx
        .select({ number: order.number })
        .from(order)
        .where(eq(order.id, locked.orderId!));
      throw conflict(quoteMessages.accepted(formatOrderNumber(placed?.number ?? 0)));
    }
    if (locked.status === 'declined') throw conflict(quoteMessages.declined);
    const [done] = await tx
      .update(quote)
      .set({
        status: 'declined',
        declineReason: reason,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(quote.id, id))
      .returning();
    const mail = quoteDecidedMail({
      publicUrl: deps.publicUrl,
      id,
      number: row.number,
      who: actor.name,
      accepted: null,
      reason,
    });
    await mailAdmins(tx, 'quote_decided', mail);
    return done!;
  });
  return quoteJson(db, updated);
}

/** A buyer is told this long before an answered quote expires. */
export const EXPIRY_WARNING_DAYS = 3;

/**
 * Mails each buyer once when their answered quote has 3 days left, and once when it has expired
 * (the hourly sweep, on every instance: each mail is claimed by the UPDATE that marks it sent, in
 * the transaction that queues it). Answers how many were queued.
 */
export async function mailQuoteExpiry(
  db: Db,
  opts: { publicUrl: string; now?: Date },
): Promise<number> {
  const now = opts.now ?? new Date();
  const soon = new Date(now.getTime() + EXPIRY_WARNING_DAYS * 86_400_000);
  let queued = 0;
  for (const expired of [false, true]) {
    queued += await db.transaction(async (tx) => {
      const mark = expired ? sql`expired_mailed_at` : sql`expiring_mailed_at`;
      const window = expired
        ? sql`r.expires_at <= ${now.toISOString()}::timestamptz`
        : sql`r.expires_at > ${now.toISOString()}::timestamptz and r.expires_at <= ${soon.toISOString()}::timestamptz`;
      const claimed = (await tx.execute(sql`
        update ${quote} q set ${mark} = ${now.toISOString()}::timestamptz
          from ${quoteRevision} r
         where r.quote_id = q.id and r.revision = q.revision and q.status = 'sent'
           and q.${mark} is null and ${window}
        returning q.id, q.number, q.requester_email, q.requested_by, r.valid_until::text as valid_until`)) as Rows<{
        id: string;
        number: string;
        requester_email: string;
        requested_by: string | null;
        valid_until: string;
      }>;
      await enqueueMail(
        tx,
        claimed.rows.map((q) => ({
          to: q.requester_email,
          kind: expired ? ('quote_expired' as const) : ('quote_expiring' as const),
          userId: q.requested_by ?? undefined,
          ...quoteExpiryMail({
            publicUrl: opts.publicUrl,
            id: q.id,
            number: q.number,
            validUntil: formatCalendarDate(q.valid_until),
            expired,
          }),
        })),
      );
      return claimed.rows.length;
    });
  }
  return queued;
}

/**
 * A sent revision as a PDF (its buyer side and staff): rendered off the request thread from the
 * revision, which never changes; undefined when no such revision was sent.
 */
export async function quotePdf(
  db: Db,
  actor: Actor,
  id: string,
  revision: number,
  deps: Pick<QuoteDeps, 'seller' | 'timeZone'>,
): Promise<{ filename: string; pdf: Buffer } | undefined> {
  const row = await rowOf(db, id);
  await sideOf(db, actor, row);
  const model = quoteModel(await quoteJson(db, row), revision, deps.seller, deps.timeZone);
  if (!model) return undefined;
  return {
    filename: `${row.number}-rev${revision}.pdf`,
    pdf: await renderDocumentPdfOffThread(model),
  };
}
