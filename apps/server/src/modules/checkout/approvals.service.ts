import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Approval } from '@voltforge/contract/approval';
import {
  approvalMessages,
  approvalStatusLabels,
  fingerprintText,
  type ApprovalSummary,
} from '@voltforge/contract/approval-rules';
import { checkoutMessages } from '@voltforge/contract/cart-rules';
import { companyMessages } from '@voltforge/contract/company-rules';
import { centsToDollars, formatCents } from '@voltforge/contract/money';
import { formatOrderNumber } from '@voltforge/contract/order-rules';
import type { Actor } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { approval } from '../../db/schema/approval.ts';
import { user } from '../../db/schema/auth.ts';
import { company, companyMember } from '../../db/schema/company.ts';
import { order } from '../../db/schema/order.ts';
import { conflict, forbidden, notFound } from '../../http-error.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { approvalRejectedMail, approvalRequestedMail } from '../../mail/templates/company-mails.ts';
import { readCart } from '../cart/cart.service.ts';
import { buyingCompanyOf, membershipOf } from '../company/company.service.ts';
import { placeCart, summaryOf, type CheckoutCart, type CheckoutDeps } from './cart-order.ts';

/*
 * Approvals (docs/payments.md, "Approvals"): a company's buyer over their limit sends the cart to
 * the company's approvers instead of placing it. The request keeps what was asked for and its
 * fingerprint; a trigger voids it when the requester's cart changes; approving places the cart
 * only while it still has that fingerprint, and the placement marks the request approved in its
 * own transaction, so two approvers at once place one order.
 */

const fingerprintOf = (summary: ApprovalSummary) =>
  createHash('sha256').update(fingerprintText(summary)).digest('hex');

type ApprovalRow = typeof approval.$inferSelect;

async function toJson(db: Db, rows: ApprovalRow[]): Promise<Approval[]> {
  const people = [...new Set(rows.flatMap((r) => [r.requestedBy, r.decidedBy ?? r.requestedBy]))];
  const names = people.length
    ? await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, people))
    : [];
  const orderIds = rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
  const orders = orderIds.length
    ? await db
        .select({ id: order.id, number: order.number })
        .from(order)
        .where(inArray(order.id, orderIds))
    : [];
  const nameOf = (id: string) => names.find((n) => n.id === id)?.name ?? '';
  return rows.map((r) => {
    const placed = orders.find((o) => o.id === r.orderId);
    return {
      id: r.id,
      status: r.status,
      requestedBy: { id: r.requestedBy, name: nameOf(r.requestedBy) },
      createdAt: r.createdAt.toISOString(),
      why: r.why,
      total: centsToDollars(r.totalCents),
      lines: r.summary.lines.map((l) => ({
        partNumber: l.partNumber,
        name: l.name,
        quantity: l.quantity,
        unitPrice: centsToDollars(l.unitPriceCents),
        lineTotal: centsToDollars(l.totalCents),
      })),
      address: r.summary.address,
      poNumber: r.summary.poNumber,
      paymentMethod: r.summary.paymentMethod,
      reason: r.reason,
      decidedBy: r.decidedBy ? nameOf(r.decidedBy) : null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      order: placed ? { id: placed.id, number: formatOrderNumber(placed.number) } : null,
    };
  });
}

/**
 * Sends the cart for approval: any earlier request of the buyer's still pending is void (one cart,
 * one request), and the company's approvers and admins are mailed, in one transaction.
 */
export async function requestApproval(
  db: Db,
  requester: Actor,
  buyingFor: { id: string; name: string },
  summary: ApprovalSummary,
  limit: 'order' | 'month',
  limits: { orderLimitCents: number | null; monthlyLimitCents: number | null },
  deps: Pick<CheckoutDeps, 'publicUrl'>,
): Promise<Approval> {
  const why =
    limit === 'order'
      ? approvalMessages.overOrderLimit(formatCents(limits.orderLimitCents ?? 0))
      : approvalMessages.overMonthlyLimit(formatCents(limits.monthlyLimitCents ?? 0));
  const row = await db.transaction(async (tx) => {
    await tx
      .update(approval)
      .set({ status: 'void', decidedAt: new Date() })
      .where(and(eq(approval.requestedBy, requester.id), eq(approval.status, 'pending')));
    const [made] = await tx
      .insert(approval)
      .values({
        companyId: buyingFor.id,
        requestedBy: requester.id,
        fingerprint: fingerprintOf(summary),
        totalCents: summary.totalCents,
        summary,
        why,
      })
      .returning();
    const approvers = await tx
      .select({ email: user.email })
      .from(companyMember)
      .innerJoin(user, eq(user.id, companyMember.userId))
      .where(
        and(
          eq(companyMember.companyId, buyingFor.id),
          inArray(companyMember.role, ['admin', 'approver']),
          ne(companyMember.userId, requester.id),
        ),
      );
    const mail = approvalRequestedMail({
      publicUrl: deps.publicUrl,
      company: buyingFor.name,
      requester: requester.name,
      total: formatCents(summary.totalCents),
      why,
      lines: summary.lines.map((l) => [
        `${l.partNumber} × ${l.quantity.toLocaleString('en-US')}`,
        `${l.name}: ${formatCents(l.totalCents)}`,
      ]),
    });
    await enqueueMail(
      tx,
      approvers.map((a) => ({ to: a.email, kind: 'approval_requested' as const, ...mail })),
    );
    return made!;
  });
  const [answer] = await toJson(db, [row]);
  return answer!;
}

/** GET /api/company/approvals: approvers and admins see the company's, buyers their own. */
export async function listApprovals(db: Db, actor: Actor): Promise<Approval[]> {
  const mine = await membershipOf(db, actor.id);
  if (!mine) throw notFound(companyMessages.notInCompany);
  const rows = await db
    .select()
    .from(approval)
    .where(
      and(
        eq(approval.companyId, mine.companyId),
        mine.role === 'buyer' ? eq(approval.requestedBy, actor.id) : undefined,
      ),
    )
    .orderBy(desc(approval.createdAt))
    .limit(100);
  return toJson(db, rows);
}

/** The request `id` of the caller's company, for one of its approvers or admins to decide. */
async function decidable(db: Db, actor: Actor, id: string): Promise<ApprovalRow> {
  const mine = await membershipOf(db, actor.id);
  if (!mine) throw notFound(companyMessages.notInCompany);
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(approval)
        .where(and(eq(approval.id, id), eq(approval.companyId, mine.companyId)))
    : [];
  if (!row) throw notFound(approvalMessages.notFound);
  if (mine.role === 'buyer') throw forbidden(approvalMessages.approverOnly);
  if (row.status !== 'pending') {
    throw conflict(approvalMessages.decided(approvalStatusLabels[row.status]));
  }
  return row;
}

/**
 * POST /api/company/approvals/:id/approve: places the requester's cart exactly as it was sent
 * (lines, prices, totals, address, PO number, payment method: the fingerprint), at its total to
 * the cent. A cart that changed voids the request; a second approval finds it decided.
 */
export async function approve(
  db: Db,
  actor: Actor,
  id: string,
  deps: CheckoutDeps,
): Promise<Approval> {
  const row = await decidable(db, actor, id);
  const [requester] = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, row.requestedBy));
  if (!requester) throw notFound(approvalMessages.notFound);
  const [goods, buyingFor] = await Promise.all([
    readCart(db, requester.id),
    buyingCompanyOf(db, requester.id),
  ]);
  const asked = row.summary;
  const cart: CheckoutCart = {
    lines: goods.lines,
    subtotalCents: goods.subtotalCents,
    phone: asked.phone,
    address: asked.address,
    poNumber: asked.poNumber,
    billTo: {
      company: asked.company,
      taxId: asked.taxId,
      companyId: row.companyId,
      billingAddress: buyingFor?.id === row.companyId ? buyingFor.billingAddress : null,
    },
    paymentMethod: asked.paymentMethod,
  };
  const unchanged =
    goods.ready &&
    buyingFor?.id === row.companyId &&
    fingerprintOf(summaryOf(cart, deps.shopTerms)) === row.fingerprint;
  if (!unchanged) {
    await db
      .update(approval)
      .set({ status: 'void', decidedAt: new Date() })
      .where(and(eq(approval.id, row.id), eq(approval.status, 'pending')));
    throw conflict(goods.ready ? approvalMessages.cartChanged : checkoutMessages.notReady);
  }
  await placeCart(
    db,
    { ...requester, role: requester.role === 'admin' ? 'admin' : 'user' },
    cart,
    row.totalCents,
    deps,
    { approval: { id: row.id, approvedBy: actor.id } },
  );
  const [now] = await db.select().from(approval).where(eq(approval.id, row.id));
  const [answer] = await toJson(db, [now!]);
  return answer!;
}

/** POST /api/company/approvals/:id/reject: says why to the requester; their cart stays. */
export async function reject(
  db: Db,
  actor: Actor,
  id: string,
  reason: string,
  deps: Pick<CheckoutDeps, 'publicUrl'>,
): Promise<Approval> {
  const row = await decidable(db, actor, id);
  const decided = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(approval)
      .set({ status: 'rejected', reason, decidedBy: actor.id, decidedAt: sql`now()` })
      .where(and(eq(approval.id, row.id), eq(approval.status, 'pending')))
      .returning();
    if (!updated) return null;
    const [to] = await tx
      .select({ email: user.email, company: company.name })
      .from(user)
      .innerJoin(company, eq(company.id, updated.companyId))
      .where(eq(user.id, updated.requestedBy));
    if (to) {
      await enqueueMail(tx, {
        to: to.email,
        kind: 'approval_rejected',
        ...approvalRejectedMail({
          publicUrl: deps.publicUrl,
          company: to.company,
          decidedBy: actor.name,
          total: formatCents(updated.totalCents),
          reason,
        }),
      });
    }
    return updated;
  });
  if (!decided) {
    const [now] = await db.select().from(approval).where(eq(approval.id, row.id));
    throw conflict(approvalMessages.decided(approvalStatusLabels[now?.status ?? 'void']));
  }
  const [answer] = await toJson(db, [decided]);
  return answer!;
}
