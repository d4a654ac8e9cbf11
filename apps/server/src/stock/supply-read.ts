import { sql, type SQL } from 'drizzle-orm';
import {
  availabilityOf,
  freeIncoming,
  type Availability,
  type Supply,
} from '@voltforge/contract/availability';
import type { Db, Tx } from '../db/client.ts';

/*
 * What availability (the contract's `availabilityOf`) needs of some tools, in one query whatever
 * their number (docs/payments.md, "Supply and availability"): stock, whether each may be
 * back-ordered, its lead time, and what of each batch still expected is not yet promised to its
 * waiting back-orders (the tool's `backlog`, served from the batches in date order, then as
 * entered).
 */

/**
 * Tool `t`'s batches not yet received, as jsonb `[{quantity, expectedOn}]`, in the order its
 * back-orders are served from them (by date, then as entered: `voltforge_promise_date`'s order).
 */
export const incomingOfTool: SQL = sql.raw(`(select coalesce(jsonb_agg(jsonb_build_object(
    'quantity', b.quantity, 'expectedOn', b.expected_on)
    order by b.expected_on, b.created_at, b.id), '[]'::jsonb)
  from supply_batch b where b.tool_id = t.id and b.received_at is null)`);

type SupplyRow = {
  id: string;
  in_stock: number;
  backorderable: boolean;
  lead_time_weeks: number | null;
  backlog: number | string;
  incoming: Array<{ quantity: number; expectedOn: string }>;
};

export async function suppliesOf(
  db: Db | Tx,
  toolIds: readonly string[],
): Promise<Map<string, Supply>> {
  if (toolIds.length === 0) return new Map();
  const result = (await db.execute<SupplyRow>(sql`
    select t.id, t.in_stock, t.backorderable, t.lead_time_weeks,
           t.backlog, ${incomingOfTool} as incoming
      from tool t
     where t.id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(toolIds)}::jsonb) x)`)) as {
    rows: SupplyRow[];
  };
  return new Map(
    result.rows.map((r) => [
      r.id,
      {
        inStock: r.in_stock,
        backorderable: r.backorderable,
        leadTimeWeeks: r.lead_time_weeks,
        incoming: freeIncoming(r.incoming, Number(r.backlog)),
      },
    ]),
  );
}

/** A quantity of a tool someone is choosing, with what is known of the tool already. */
export interface WantedQuantity {
  toolId: string;
  quantity: number;
  inStock: number;
  backorderable: boolean;
}

/**
 * How each wanted quantity beyond the stock of a tool sold beyond it ships (the contract's
 * `availabilityOf`: "18 now, 7 by Jan 14"), by tool id: one query for all of them, none when none
 * is beyond stock. The cart and a priced project say it alike.
 */
export async function availabilityBeyondStock(
  db: Db | Tx,
  wanted: readonly WantedQuantity[],
  today: string,
): Promise<Map<string, Availability>> {
  const beyond = wanted.filter((w) => w.backorderable && w.quantity > w.inStock);
  if (beyond.length === 0) return new Map();
  const supplies = await suppliesOf(db, [...new Set(beyond.map((w) => w.toolId))]);
  const found = new Map<string, Availability>();
  for (const w of beyond) {
    const supply = supplies.get(w.toolId);
    if (supply) found.set(w.toolId, availabilityOf(w.quantity, supply, today));
  }
  return found;
}
