import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { order } from '../../db/schema/order.ts';
import { quote } from '../../db/schema/quote.ts';
import { formatOrderNumber } from '@voltforge/contract/order-rules';
import { CSV_BOM, csvLine, csvMoney } from '../../csv.ts';
import { orderFiltersWhere, withLines, type OrderFilters } from '../orders/order-row.ts';

const PAGE = 500;

interface ExportRow {
  order: typeof order.$inferSelect;
  cursor: string;
  quote: string | null;
}

export const orderCsvColumns = [
  'orderId',
  'orderNumber',
  'line',
  'placedAt',
  'status',
  'customerName',
  'email',
  'phone',
  'address',
  'partNumber',
  'tool',
  'unitPrice',
  'quantity',
  'lineTotal',
  'total',
  'paidAt',
  'shippedAt',
  'deliveredAt',
  'cancelledAt',
  'transactionId',
  'poNumber',
  'quote',
] as const;

export type OrderExportFilters = OrderFilters;

const time = (at: Date | null) => at?.toISOString() ?? '';

/**
 * Every order line of every order matching Manage All Orders' filters, newest first, as CSV, a page at a time (keyset
 * on creation time and id, so a large history is never held in memory and no order is skipped).
 * Every text cell is made spreadsheet-safe by the CSV writer.
 */
export async function* exportOrdersCsv(
  db: Db,
  filters: OrderExportFilters,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(orderCsvColumns);
  const matches = orderFiltersWhere(filters);
  // The cursor keeps the database's own text of the timestamp: a JS Date would drop microseconds.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const page: SQL | undefined = after
      ? or(
          lt(order.createdAt, sql`${after.createdAt}::timestamptz`),
          and(eq(order.createdAt, sql`${after.createdAt}::timestamptz`), lt(order.id, after.id)),
        )
      : undefined;
    const rows: ExportRow[] = await db
      .select({
        order,
        cursor: sql<string>`${order.createdAt}::text`,
        // The quote an order was accepted from (a quote names its one order).
        quote: sql<string | null>`(select q.number from ${quote} q where q.order_id = "order".id)`,
      })
      .from(order)
      .where(and(matches, page))
      .orderBy(desc(order.createdAt), desc(order.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    const orders = await withLines(
      db,
      rows.map((r) => r.order),
    );
    const quoteOf = new Map(rows.map((r) => [r.order.id, r.quote]));
    // One CSV row per order line; the order's own columns repeat on each of its lines.
    yield orders
      .flatMap((o) => o.lines.map((line) => ({ o, line })))
      .map(({ o, line }) =>
        csvLine([
          o.id,
          formatOrderNumber(o.number),
          line.lineNo,
          o.createdAt.toISOString(),
          o.status,
          o.customerName,
          o.email,
          o.phone,
          o.address,
          line.partNumber,
          line.toolName,
          csvMoney(line.unitPriceCents),
          line.quantity,
          csvMoney(line.totalCents),
          csvMoney(o.totalCents),
          time(o.paidAt),
          time(o.shippedAt),
          time(o.deliveredAt),
          time(o.cancelledAt),
          o.transactionId,
          o.poNumber,
          quoteOf.get(o.id) ?? '',
        ]),
      )
      .join('');
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) return;
    after = { createdAt: last.cursor, id: last.order.id };
  }
}
