import { sql } from 'drizzle-orm';
import type { PriceBreak } from '@voltforge/contract/pricing';
import type { Db } from '../../../db/client.ts';
import { order } from '../../../db/schema/order.ts';
import { profile } from '../../../db/schema/profile.ts';
import { tool } from '../../../db/schema/tool.ts';
import { incomingOfTool } from '../../../stock/supply-read.ts';
import { PerKey, type Rows } from './batch-queue.ts';

/* Step 2 of placing an order (place-order.ts): one lock-free read of its tools and account. */

/** A tool as placement reads it, without locking, before placing. */
export type OrderingTool = {
  id: string;
  name: string;
  part_number: string;
  price_cents: number;
  order_multiple: number;
  /** jsonb, parsed by both drivers. */
  price_breaks: PriceBreak[];
  in_stock: number;
  min_order_quantity: number;
  archived: boolean;
  /** The tool's own low-stock threshold, or null for the default (`lowStockThresholdOf`). */
  low_stock_threshold: number | null;
  terms: string;
  /** Sold beyond stock (docs/payments.md, "Back-orders"), within the lead time in weeks. */
  backorderable: boolean;
  lead_time_weeks: number | null;
  /** The pieces its waiting back-orders owe, served first by the incoming batches. */
  backlog: number;
  /** Its batches still expected, in the order back-orders are served from them. */
  incoming: Array<{ quantity: number; expectedOn: string }>;
};

/** The tools of an order and its account, as read before placing. */
export type OrderingState = {
  /** By id; a tool that does not exist is missing. */
  tools: Map<string, OrderingTool>;
  /** The account's unpaid orders. */
  unpaid: number;
  /**
   * A fresh order number for this order, from the sequence: a placement that does not happen
   * leaves it unused (order numbers are unique, not gap-free).
   */
  number: number;
  /** The buyer's company and VAT/tax id from their profile, copied onto the order. */
  company: string | null;
  taxId: string | null;
  now: string | Date;
};

type ReadRow = {
  tools: OrderingTool[] | null;
  accounts: Record<string, { unpaid: number; company: string | null; tax_id: string | null }>;
  numbers: Array<number | string>;
  now: string;
};

interface ReadRequest {
  toolIds: string[];
  userId: string;
}

/**
 * One lock-free read of some tools for several accounts: the tools as they are and each
 * account's unpaid orders. Reading later than each caller asked is as good as reading alone: the
 * read only explains refusals and gives what the order copies, and the placement call checks
 * again under the locks. The requests of one queue ask for the same tools (`readKey`).
 */
function readBatchWith(db: Db) {
  return async (requests: ReadRequest[]): Promise<OrderingState[]> => {
    const toolIds = JSON.stringify(requests[0]?.toolIds ?? []);
    const accounts = JSON.stringify([...new Set(requests.map((r) => r.userId))]);
    const result = (await db.execute<ReadRow>(sql`
      select (select jsonb_agg(jsonb_build_object(
                'id', t.id, 'name', t.name, 'part_number', t.part_number,
                'price_cents', t.price_cents, 'order_multiple', t.order_multiple,
                'price_breaks', t.price_breaks, 'in_stock', t.in_stock,
                'min_order_quantity', t.min_order_quantity,
                'low_stock_threshold', t.low_stock_threshold,
                'archived', t.archived_at is not null, 'terms', voltforge_tool_terms(t),
                'backorderable', t.backorderable, 'lead_time_weeks', t.lead_time_weeks,
                'backlog', t.backlog, 'incoming', ${incomingOfTool}))
                from ${tool} t
               where t.id in (select x::uuid from jsonb_array_elements_text(${toolIds}::jsonb) x))
               as tools,
             (select coalesce(jsonb_object_agg(a.id, jsonb_build_object(
                'unpaid', (select count(*) from ${order} o
                            where o.user_id = a.id and o.status = 'pending_payment'),
                'company', p.company, 'tax_id', p.tax_id)), '{}'::jsonb)
                from jsonb_array_elements_text(${accounts}::jsonb) as a(id)
                left join ${profile} p on p.user_id = a.id) as accounts,
             (select array_agg(nextval('order_number_seq'))
                from generate_series(1, ${requests.length}::int)) as numbers,
             now() as now`)) as Rows<ReadRow>;
    const row = result.rows[0];
    if (!row) throw new Error('the ordering read returned no row');
    const tools = new Map((row.tools ?? []).map((t) => [t.id, t]));
    return requests.map((r, i) => {
      const account = row.accounts[r.userId];
      return {
        tools,
        number: Number(row.numbers[i]),
        unpaid: Number(account?.unpaid ?? 0),
        company: account?.company ?? null,
        taxId: account?.tax_id ?? null,
        now: row.now,
      };
    });
  };
}

const reads = new PerKey<ReadRequest, OrderingState>(readBatchWith);

/**
 * Reads an order's tools (ids that are not uuids must be left out by the caller) for one
 * account; the reads of the same tools arriving while such a read is in flight share the next
 * one (one statement for all of them, as for placements).
 */
export function readForOrder(db: Db, toolIds: string[], userId: string): Promise<OrderingState> {
  const sorted = [...toolIds].sort();
  return reads.submit(db, sorted.join(','), { toolIds: sorted, userId });
}
