import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** One order as `voltforge_place_orders` (migration 0008) takes it: checked, priced and mailed. */
export interface PlacementRequest {
  order_id: string;
  user_id: string;
  customer_name: string;
  email: string;
  phone: string;
  address: string;
  tool_id: string;
  quantity: number;
  max_unpaid: number;
  tool_name: string;
  part_number: string;
  price_cents: number;
  mail_subject: string;
  mail_html: string;
  mail_text: string;
}

/** What `voltforge_place_orders` answers for one order. */
export type Placement = {
  outcome: 'placed' | 'too_many_unpaid' | 'changed';
  in_stock: number | null;
  threshold: number | null;
  went_low: boolean | null;
  created_at: string | Date | null;
};

/** Places a batch with one database call; answers in the batch's order, one per order. */
export type PlaceBatch = (orders: PlacementRequest[]) => Promise<Placement[]>;

/** The most orders one call carries (a call's JSON stays well under a megabyte even then). */
export const MAX_BATCH = 64;

interface Waiting {
  order: PlacementRequest;
  resolve: (placement: Placement) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (docs/decisions/008-order-group-commit.md): at most one placement call is in
 * flight; an order arriving while none is goes at once, alone, and the orders arriving while one
 * is in flight wait for it and then go together, up to `maxBatch` per call. Nothing is ever held
 * back to wait for company. Every order gets its own answer; a call that fails fails exactly the
 * orders it carried, with its error (the call is one transaction, so none of them was written).
 */
export class PlacementQueue {
  readonly #placeBatch: PlaceBatch;
  readonly #maxBatch: number;
  readonly #onIdle: () => void;
  #waiting: Waiting[] = [];
  #inFlight = false;

  constructor(placeBatch: PlaceBatch, opts: { maxBatch?: number; onIdle?: () => void } = {}) {
    this.#placeBatch = placeBatch;
    this.#maxBatch = opts.maxBatch ?? MAX_BATCH;
    this.#onIdle = opts.onIdle ?? (() => undefined);
  }

  /** Orders waiting for the next call (not those of the call in flight). */
  get waiting(): number {
    return this.#waiting.length;
  }

  place(order: PlacementRequest): Promise<Placement> {
    return new Promise<Placement>((resolve, reject) => {
      this.#waiting.push({ order, resolve, reject });
      if (!this.#inFlight) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#inFlight = true;
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.#maxBatch);
      try {
        const answers = await this.#placeBatch(batch.map((w) => w.order));
        batch.forEach((w, i) => {
          const answer = answers[i];
          if (answer) w.resolve(answer);
          else w.reject(new Error(`the placement call gave no answer for order ${i}`));
        });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.#inFlight = false;
    this.#onIdle();
  }
}

/** Both drivers (node-postgres and PGlite) answer a raw statement with its `rows`. */
interface Rows<T> {
  rows: T[];
}

/** One call of `voltforge_place_orders` (migration 0008): one statement, one transaction. */
export function placeBatchWith(db: Db): PlaceBatch {
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
 * One queue per tool, per database: the orders of one tool are batched together, while orders
 * of different tools never wait for each other (and a call holds one tool's row lock, never two).
 * A queue is dropped as soon as it is idle.
 */
const queues = new WeakMap<Db, Map<string, PlacementQueue>>();

/** Places one order through its tool's queue (group commit); see `PlacementQueue`. */
export function placeBatched(db: Db, order: PlacementRequest): Promise<Placement> {
  let byTool = queues.get(db);
  if (!byTool) {
    byTool = new Map();
    queues.set(db, byTool);
  }
  let queue = byTool.get(order.tool_id);
  if (!queue) {
    const tools = byTool;
    const toolId = order.tool_id;
    const created: PlacementQueue = new PlacementQueue(placeBatchWith(db), {
      onIdle: () => {
        if (tools.get(toolId) === created) tools.delete(toolId);
      },
    });
    queue = created;
    byTool.set(toolId, queue);
  }
  return queue.place(order);
}

/** How many orders of this tool wait for the next call on this database (tests and diagnostics). */
export function waitingPlacements(db: Db, toolId: string): number {
  return queues.get(db)?.get(toolId)?.waiting ?? 0;
}
