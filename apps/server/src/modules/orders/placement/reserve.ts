import { sql } from 'drizzle-orm';
import type { ShippingMode } from '@voltforge/contract/order-rules';
import type { Db, Tx } from '../../../db/client.ts';
import { PerKey, refusedForItsData, type Rows } from './batch-queue.ts';

/*
 * Step 6 of placing an order (place-order.ts): reserve and write, under the locks, in one call of
 * `voltforge_place_orders` (its one source: place-orders.sql), shared by the orders that arrive
 * together (group commit).
 */

/** One line as `voltforge_place_orders` takes it: priced and checked. */
export interface PlacementLine {
  line_no: number;
  tool_id: string;
  tool_name: string;
  part_number: string;
  quantity: number;
  /** At this quantity, from the contract's pricing function. */
  unit_price_cents: number;
  /** Where the line came from (`LineSource`), kept on the order line. */
  project_id: string | null;
  project_revision: number | null;
  project_name: string | null;
  customer_ref: string | null;
  /** The tool's terms as read (`voltforge_tool_terms`): placed only while they still hold. */
  terms: string;
  /** The tool's low-stock threshold as read (the contract's rule): a tool it takes to it is named. */
  low_at: number;
  /** From stock now, as judged; the rest is back-ordered, due by `promised_on` (YYYY-MM-DD). */
  allocated: number;
  promised_on: string | null;
}

/** One order as `voltforge_place_orders` takes it: its lines priced, its total summed, mailed. */
export interface PlacementRequest {
  order_id: string;
  /** From the read (`OrderingState.number`). */
  number: number;
  user_id: string;
  customer_name: string;
  email: string;
  phone: string;
  address: string;
  max_unpaid: number;
  /** Σ of the lines; with shipping and tax, from the contract's orderCharges. */
  goods_cents: number;
  shipping_cents: number;
  tax_cents: number;
  tax_rate_bp: number;
  total_cents: number;
  company: string | null;
  tax_id: string | null;
  po_number: string | null;
  company_id: string | null;
  billing_address: string | null;
  /** On the company's account: placed only within its available credit, which it holds. */
  on_account: boolean;
  /** A buyer's limits (null: none): over them the order is not placed, approval is asked for. */
  order_limit_cents: number | null;
  monthly_limit_cents: number | null;
  /** An approved cart: its approval, marked approved by whom in the placing transaction. */
  approval_id: string | null;
  approved_by: string | null;
  /** Checked out from the account's cart: placed only while the cart holds these lines. */
  from_cart: boolean;
  /** 'complete' or 'as_available' (how back-ordered pieces ship). */
  shipping_mode: ShippingMode;
  /** The shop's calendar day the lines were judged on: the promise is checked against it. */
  today: string;
  lines: PlacementLine[];
  mail_subject: string;
  mail_html: string;
  mail_text: string;
  /** 'placed': staff are told of the order too (ORDER_NOTIFY_EMAILS), by a notice written with it. */
  staff_notice?: 'placed' | null;
}

/** What `voltforge_place_orders` answers for one order. */
export type Placement = {
  outcome:
    | 'placed'
    | 'too_many_unpaid'
    | 'changed'
    | 'cart_changed'
    | 'no_terms'
    | 'over_credit'
    | 'over_order_limit'
    | 'over_monthly_limit'
    | 'approval_taken';
  /** The tools this order took to their low-stock threshold first. */
  went_low: string[] | null;
  created_at: string | Date | null;
  /** 'over_credit': what the company may still buy on account, in cents. */
  credit_left_cents: string | number | null;
  /** 'placed' with back-ordered lines: each as written under the locks (null: none). */
  owed_lines: Array<{ line_no: number; allocated: number; promised_on: string }> | null;
};

/** Places a batch with one database call; answers in the batch's order, one per order. */
export type PlaceBatch = (orders: PlacementRequest[]) => Promise<Array<Placement | undefined>>;

/**
 * One call of `voltforge_place_orders`: one statement, in its own transaction, or in the caller's
 * (an order on account is placed alone, with its invoice, in one transaction).
 */
export function placeBatchWith(db: Db | Tx): PlaceBatch {
  return async (orders) => {
    const result = (await db.execute<Placement & { idx: number }>(
      sql`select * from voltforge_place_orders(${JSON.stringify(orders)}::jsonb)`,
    )) as Rows<Placement & { idx: number }>;
    const answers: Placement[] = [];
    for (const { idx, ...placement } of result.rows) answers[idx] = placement;
    return answers;
  };
}

/**
 * Which orders share a call (decision 008, and 015 for carts): the one-line orders of one tool
 * go together, and never wait for another tool's; orders of several lines go together in their
 * own queue, so a checkout rush is committed a batch at a time too. Every call takes its locks
 * in the one global order, so the queues never deadlock each other.
 */
function queueKey(toolIds: readonly string[]): string {
  return toolIds.length === 1 ? `tool:${toolIds[0]}` : 'lines';
}

const placements = new PerKey<PlacementRequest, Placement>((db) => placeBatchWith(db), {
  isolate: refusedForItsData,
});

/** Places one order through its queue (group commit); see `BatchQueue`. */
export function placeBatched(db: Db, order: PlacementRequest): Promise<Placement> {
  return placements.submit(db, queueKey(order.lines.map((l) => l.tool_id)), order);
}

/** How many one-line orders of this tool wait for the next call on this database (tests). */
export function waitingPlacements(db: Db, toolId: string): number {
  return placements.waiting(db, queueKey([toolId]));
}
