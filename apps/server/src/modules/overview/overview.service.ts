import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  gte,
  inArray,
  lt,
  or,
  sql,
  sum,
} from 'drizzle-orm';
import {
  TOP_TOOLS_LIMIT,
  type Overview,
  type OverviewQuery,
} from '@voltforge/contract/admin-overview';
import { centsToDollars } from '@voltforge/contract/money';
import { confirmedOrderStatuses, orderStatuses } from '@voltforge/contract/order-rules';
import type { Db } from '../../db/client.ts';
import { order, orderLine, refund } from '../../db/schema/order.ts';
import { quote } from '../../db/schema/quote.ts';
import { tool } from '../../db/schema/tool.ts';
import { listLowStock } from '../../stock/low-stock.service.ts';

const DAY_MS = 86_400_000;

/** Orders whose goods count as sold (top tools): confirmed, not cancelled. */
const EARNING = [...confirmedOrderStatuses];

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The admin overview for the last `days` calendar days (UTC), today included. Every figure is
 * aggregated by the database (sums and counts grouped by day, status and tool), so the cost does
 * not grow with the number of orders sent to the server; days without sales are filled with zeros.
 */
export async function adminOverview(
  db: Db,
  query: OverviewQuery,
  now: Date = new Date(),
): Promise<Overview> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (query.days - 1) * DAY_MS);
  const end = new Date(today + DAY_MS);
  const paidInPeriod = and(
    inArray(order.status, EARNING),
    gte(order.paidAt, start),
    lt(order.paidAt, end),
  );
  const day = sql<string>`to_char(${order.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const refundDay = sql<string>`to_char(${refund.settledAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  // Revenue is net of refunds: what was captured on a day less what was refunded that day. An
  // order paid and cancelled since counts as captured when the shop recorded its refund (the
  // refund is subtracted on its own day); one cancelled before refunds were recorded here was
  // refunded by hand, outside these books, and counts for nothing.
  const captured = or(
    inArray(order.status, EARNING),
    exists(db.select({ id: refund.id }).from(refund).where(eq(refund.orderId, order.id))),
  );
  const fromQuote = sql`exists (select 1 from ${quote} q where q.order_id = "order".id)`;
  const [daily, refunded, statuses, top, lowStock] = await Promise.all([
    db
      .select({
        date: day,
        revenueCents: sql<string>`${sum(order.totalCents)}`,
        // Orders paid that day that still stand.
        paidOrders: sql<number>`(count(*) filter (where ${inArray(order.status, EARNING)}))::int`,
        // Of those, the orders accepted from a quote (a quote names its one order).
        quoteCents: sql<string>`coalesce(sum(${order.totalCents}) filter (where ${inArray(order.status, EARNING)} and ${fromQuote}), 0)`,
        quoteOrders: sql<number>`(count(*) filter (where ${inArray(order.status, EARNING)} and ${fromQuote}))::int`,
      })
      .from(order)
      .where(and(gte(order.paidAt, start), lt(order.paidAt, end), captured))
      .groupBy(day),
    db
      .select({ date: refundDay, cents: sql<string>`${sum(refund.amountCents)}` })
      .from(refund)
      .where(
        and(
          eq(refund.status, 'succeeded'),
          gte(refund.settledAt, start),
          lt(refund.settledAt, end),
        ),
      )
      .groupBy(refundDay),
    db
      .select({ status: order.status, count: count() })
      .from(order)
      .where(and(gte(order.createdAt, start), lt(order.createdAt, end)))
      .groupBy(order.status),
    db
      .select({
        toolId: orderLine.toolId,
        name: tool.name,
        partNumber: tool.partNumber,
        revenueCents: sql<string>`${sum(orderLine.totalCents)}`,
        quantity: sql<string>`${sum(orderLine.quantity)}`,
        orders: countDistinct(orderLine.orderId),
      })
      .from(orderLine)
      .innerJoin(order, eq(order.id, orderLine.orderId))
      .innerJoin(tool, eq(tool.id, orderLine.toolId))
      .where(paidInPeriod)
      .groupBy(orderLine.toolId, tool.name, tool.partNumber)
      .orderBy(desc(sum(orderLine.totalCents)), tool.name)
      .limit(TOP_TOOLS_LIMIT),
    listLowStock(db),
  ]);

  const byDay = new Map(daily.map((d) => [d.date, d]));
  const refundsByDay = new Map(refunded.map((r) => [r.date, Number(r.cents)]));
  const days = Array.from({ length: query.days }, (_, i) => {
    const date = isoDay(new Date(start.getTime() + i * DAY_MS));
    const found = byDay.get(date);
    return {
      date,
      revenue: centsToDollars(Number(found?.revenueCents ?? 0) - (refundsByDay.get(date) ?? 0)),
      paidOrders: found?.paidOrders ?? 0,
    };
  });
  const totalCents =
    daily.reduce((acc, d) => acc + Number(d.revenueCents), 0) -
    refunded.reduce((acc, r) => acc + Number(r.cents), 0);
  const statusCount = new Map(statuses.map((s) => [s.status, s.count]));

  return {
    days: query.days,
    from: isoDay(start),
    to: isoDay(new Date(today)),
    totals: {
      revenue: centsToDollars(totalCents),
      paidOrders: daily.reduce((acc, d) => acc + d.paidOrders, 0),
      fromQuotes: {
        revenue: centsToDollars(daily.reduce((acc, d) => acc + Number(d.quoteCents), 0)),
        paidOrders: daily.reduce((acc, d) => acc + d.quoteOrders, 0),
      },
    },
    daily: days,
    statusCounts: orderStatuses.map((status) => ({ status, count: statusCount.get(status) ?? 0 })),
    topTools: top.map((t) => ({
      toolId: t.toolId,
      name: t.name,
      partNumber: t.partNumber,
      revenue: centsToDollars(Number(t.revenueCents)),
      quantity: Number(t.quantity),
      orders: t.orders,
    })),
    lowStock,
  };
}
