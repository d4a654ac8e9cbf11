import { and, asc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@voltforge/contract/money';
import type { Order } from '@voltforge/contract/order';
import {
  confirmedOrderStatuses,
  formatOrderNumber,
  orderTitle,
  parseOrderNumber,
  type OrderStatus,
} from '@voltforge/contract/order-rules';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import {
  invoice,
  order,
  orderLine,
  shipment,
  shipmentLine,
  type OrderLineRow,
  type OrderRow,
  type ShipmentRow,
} from '../../db/schema/order.ts';
import { quote } from '../../db/schema/quote.ts';
import { containsPattern } from '../tools/tools.service.ts';
import { refundsOf } from './order-refunds.ts';

export type { OrderRow };

/** Confirmed orders (the contract's `confirmedOrderStatuses`). */
export const PAID_STATUSES = confirmedOrderStatuses;

/**
 * The one place an order becomes the API's JSON; the orders and payments services use it. The
 * spec's one-tool fields for an order of several lines follow decision 015.
 */
export function orderToJson(row: OrderRow): Order {
  const lines = row.lines.map((l) => ({
    toolId: l.toolId,
    partNumber: l.partNumber,
    name: l.toolName,
    quantity: l.quantity,
    unitPrice: centsToDollars(l.unitPriceCents),
    lineTotal: centsToDollars(l.totalCents),
    customerRef: l.customerRef,
    project:
      l.projectId && l.projectRevision && l.projectName !== null
        ? { id: l.projectId, name: l.projectName, revision: l.projectRevision }
        : null,
    lineNo: l.lineNo,
    shipped: l.shipped,
    allocated: l.allocated,
    backordered: l.backordered,
    cancelled: l.cancelled,
    promisedOn: l.promisedOn,
  }));
  const only = lines.length === 1 ? lines[0] : undefined;
  const goodsTotal = centsToDollars(row.goodsCents);
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    name: row.customerName,
    email: row.email,
    order: orderTitle(lines),
    partNumber: lines[0]?.partNumber ?? '',
    toolId: lines[0]?.toolId ?? '',
    price: only ? only.unitPrice : goodsTotal,
    quantity: only ? only.quantity : 1,
    goodsTotal,
    shipping: centsToDollars(row.shippingCents),
    tax: centsToDollars(row.taxCents),
    taxRate: row.taxRateBp / 100,
    total: centsToDollars(row.totalCents),
    company: row.company,
    taxId: row.taxId,
    poNumber: row.poNumber,
    quote: row.quote ?? null,
    billingAddress: row.billingAddress,
    invoice: row.invoice
      ? {
          number: row.invoice.number,
          issuedAt: row.invoice.issuedAt.toISOString(),
          dueAt: row.invoice.dueAt?.toISOString() ?? null,
          paidAt: row.invoice.paidAt?.toISOString() ?? null,
        }
      : null,
    refunded: centsToDollars(
      row.refunds
        .filter((r) => r.status === 'succeeded')
        .reduce((sum, r) => sum + dollarsToCents(r.amount), 0),
    ),
    refunds: row.refunds,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    phone: row.phone,
    address: row.address,
    status: row.status,
    paymentMethod: row.paymentMethod,
    paid: PAID_STATUSES.includes(row.status),
    transactionId: row.transactionId,
    delivered: row.status === 'delivered',
    createdAt: row.createdAt.toISOString(),
    lines,
    shippingMode: row.shippingMode,
    shipments: (row.shipments ?? []).map((s) => ({
      number: s.number,
      carrier: s.carrier,
      trackingNumber: s.trackingNumber,
      shippedAt: s.createdAt.toISOString(),
      cancelledAt: s.cancelledAt?.toISOString() ?? null,
      lines: s.lines,
    })),
  };
}

/** Manage All Orders' filters, shared by its list and its CSV export. */
export interface OrderFilters {
  status?: OrderStatus;
  /**
   * The order number (VF-10001, 10001) or the start of its id, or part of a line's part number or tool name, the
   * customer's name, email, company or PO number, in any case.
   */
  search?: string;
}

/** The WHERE of Manage All Orders' filters (undefined: every order). */
export function orderFiltersWhere(filters: OrderFilters): SQL | undefined {
  const search = filters.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const number = search ? parseOrderNumber(search) : null;
  return and(
    filters.status ? eq(order.status, filters.status) : undefined,
    pattern
      ? or(
          number === null ? undefined : eq(order.number, number),
          // The first characters of the id, as older mails quoted it ("order 25688A8F").
          search && /^[0-9a-f-]{8,36}$/i.test(search)
            ? sql`${order.id}::text like ${`${search.toLowerCase()}%`}`
            : undefined,
          exists(
            sql`(select 1 from ${orderLine} where ${orderLine.orderId} = ${order.id} and (${or(
              ilike(orderLine.partNumber, pattern),
              ilike(orderLine.toolName, pattern),
            )}))`,
          ),
          ilike(order.customerName, pattern),
          ilike(order.email, pattern),
          ilike(order.poNumber, pattern),
          ilike(order.company, pattern),
        )
      : undefined,
  );
}

/**
 * These orders with their lines, invoices, refunds and quotes (a query each for all of them), in the
 * order given.
 */
export async function withLines(
  db: Db | Tx,
  rows: ReadonlyArray<typeof order.$inferSelect>,
): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const issued = await db
    .select({
      orderId: invoice.orderId,
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      dueAt: invoice.dueAt,
      paidAt: invoice.paidAt,
    })
    .from(invoice)
    .where(inArray(invoice.orderId, ids));
  const invoices = new Map(issued.map((i) => [i.orderId, i]));
  const refunds = await refundsOf(db, ids);
  // A quote names the one order it became.
  const quotes = new Map(
    (
      await db
        .select({
          orderId: quote.orderId,
          id: quote.id,
          number: quote.number,
          revision: quote.acceptedRevision,
        })
        .from(quote)
        .where(inArray(quote.orderId, ids))
    ).map((q) => [q.orderId, { id: q.id, number: q.number, revision: q.revision ?? 0 }]),
  );
  const shipments = await shipmentsOf(db, ids);
  const lines = await db
    .select()
    .from(orderLine)
    .where(
      inArray(
        orderLine.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLine.orderId), asc(orderLine.lineNo));
  const byOrder = new Map<string, OrderLineRow[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId);
    if (list) list.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return rows.map((r) => {
    const inv = invoices.get(r.id);
    return {
      ...r,
      lines: byOrder.get(r.id) ?? [],
      invoice: inv
        ? { number: inv.number, issuedAt: inv.issuedAt, dueAt: inv.dueAt, paidAt: inv.paidAt }
        : null,
      refunds: refunds.get(r.id) ?? [],
      quote: quotes.get(r.id) ?? null,
      shipments: shipments.get(r.id) ?? [],
    };
  });
}

/** These orders' shipments, oldest first, each with its pieces by line. */
async function shipmentsOf(db: Db | Tx, ids: string[]): Promise<Map<string, ShipmentRow[]>> {
  const rows = await db
    .select({
      orderId: shipment.orderId,
      number: shipment.number,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      createdAt: shipment.createdAt,
      cancelledAt: shipment.cancelledAt,
      lines: sql<Array<{ lineNo: number; quantity: number }>>`(
        select coalesce(jsonb_agg(jsonb_build_object('lineNo', sl.line_no, 'quantity', sl.quantity)
                                  order by sl.line_no), '[]'::jsonb)
          from ${shipmentLine} sl where sl.shipment_id = ${shipment.id})`,
    })
    .from(shipment)
    .where(inArray(shipment.orderId, ids))
    .orderBy(asc(shipment.orderId), asc(shipment.number));
  const byOrder = new Map<string, ShipmentRow[]>();
  for (const { orderId, ...s } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push(s);
    byOrder.set(orderId, list);
  }
  return byOrder;
}

/** The one order lookup by id; a malformed id is an order that does not exist (not a SQL error). */
export async function findOrderRow(db: Db | Tx, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(order).where(eq(order.id, id));
  if (!row) return undefined;
  const [full] = await withLines(db, [row]);
  return full;
}
