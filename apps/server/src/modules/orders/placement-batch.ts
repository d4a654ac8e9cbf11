import { sql } from 'drizzle-orm';
import type { PriceBreak } from '@voltforge/contract/pricing';
import type { Db } from '../../db/client.ts';
import { hasSqlState } from '../../db/sql-state.ts';
import { order } from '../../db/schema/order.ts';
import { tool } from '../../db/schema/tool.ts';

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
  /** The tool's base price, multiple and breaks as read: placed only while they still hold. */
  price_cents: number;
  order_multiple: number;
  price_breaks: readonly PriceBreak[];
  /** The order's unit price, from the contract's pricing function. */
  unit_price_cents: number;
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
export type PlaceBatch = (orders: PlacementRequest[]) => Promise<Array<Placement | undefined>>;

/** The most orders one call carries (a call's JSON stays well under a megabyte even then). */
export const MAX_BATCH = 64;

/**
 * True when the database refused a statement for its data (SQLSTATE class 22, data exception, or
 * 23, integrity constraint violation). A statement it refused did not commit, so its orders can be
 * sent again: alone, so that only the one the refusal is about fails. Any other failure (a lost
 * connection above all) may have come after the commit, and is never retried.
 */
export function refusedForItsData(error: unknown): boolean {
  return hasSqlState(error, (state) => state.startsWith('22') || state.startsWith('23'));
}

interface Waiting<Req, Res> {
  request: Req;
  resolve: (answer: Res) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (docs/decisions/008-order-group-commit.md): at most one call is in flight; a
 * request arriving while none is goes at once, alone, and the requests arriving while one is in
 * flight wait for it and then go together, up to `maxBatch` per call. Nothing is ever held back to
 * wait for company, and a request never joins the call in flight (which may have started before
 * the request's own earlier writes were committed). Every request gets its own answer; a call
 * that fails fails exactly the requests it carried, with its error, except when `isolate` says the
 * failure proves nothing was written and may be one request's fault: then each request of that
 * call is sent again alone, one after the other, so one bad request never fails the others.
 */
export class BatchQueue<Req, Res> {
  readonly #run: (requests: Req[]) => Promise<Array<Res | undefined>>;
  readonly #maxBatch: number;
  readonly #onIdle: () => void;
  readonly #isolate: (error: unknown) => boolean;
  #waiting: Array<Waiting<Req, Res>> = [];
  #inFlight = false;

  constructor(
    run: (requests: Req[]) => Promise<Array<Res | undefined>>,
    opts: { maxBatch?: number; onIdle?: () => void; isolate?: (error: unknown) => boolean } = {},
  ) {
    this.#run = run;
    this.#maxBatch = opts.maxBatch ?? MAX_BATCH;
    this.#onIdle = opts.onIdle ?? (() => undefined);
    this.#isolate = opts.isolate ?? (() => false);
  }

  /** Requests waiting for the next call (not those of the call in flight). */
  get waiting(): number {
    return this.#waiting.length;
  }

  submit(request: Req): Promise<Res> {
    return new Promise<Res>((resolve, reject) => {
      this.#waiting.push({ request, resolve, reject });
      if (!this.#inFlight) void this.#drain();
    });
  }

  /** One call for `batch`: settles each of its requests, or throws and settles none. */
  async #call(batch: Array<Waiting<Req, Res>>): Promise<void> {
    const answers = await this.#run(batch.map((w) => w.request));
    batch.forEach((w, i) => {
      const answer = answers[i];
      if (answer !== undefined) w.resolve(answer);
      else w.reject(new Error(`the batched call gave no answer for request ${i}`));
    });
  }

  async #drain(): Promise<void> {
    this.#inFlight = true;
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.#maxBatch);
      try {
        await this.#call(batch);
      } catch (error) {
        if (batch.length === 1 || !this.#isolate(error)) {
          for (const w of batch) w.reject(error);
          continue;
        }
        for (const w of batch) {
          try {
            await this.#call([w]);
          } catch (alone) {
            w.reject(alone);
          }
        }
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
 * Queues per tool, per database: the orders of one tool are batched together, while orders of
 * different tools never wait for each other (and a call holds one tool's row lock, never two).
 * A queue is dropped as soon as it is idle.
 */
class PerTool<Req, Res> {
  readonly #queues = new WeakMap<Db, Map<string, BatchQueue<Req, Res>>>();
  readonly #run: (db: Db, toolId: string) => (requests: Req[]) => Promise<Array<Res | undefined>>;
  readonly #isolate: ((error: unknown) => boolean) | undefined;

  constructor(
    run: (db: Db, toolId: string) => (requests: Req[]) => Promise<Array<Res | undefined>>,
    opts: { isolate?: (error: unknown) => boolean } = {},
  ) {
    this.#run = run;
    this.#isolate = opts.isolate;
  }

  submit(db: Db, toolId: string, request: Req): Promise<Res> {
    let byTool = this.#queues.get(db);
    if (!byTool) {
      byTool = new Map();
      this.#queues.set(db, byTool);
    }
    let queue = byTool.get(toolId);
    if (!queue) {
      const tools = byTool;
      const created: BatchQueue<Req, Res> = new BatchQueue(this.#run(db, toolId), {
        isolate: this.#isolate,
        onIdle: () => {
          if (tools.get(toolId) === created) tools.delete(toolId);
        },
      });
      queue = created;
      byTool.set(toolId, queue);
    }
    return queue.submit(request);
  }

  waiting(db: Db, toolId: string): number {
    return this.#queues.get(db)?.get(toolId)?.waiting ?? 0;
  }
}

const placements = new PerTool<PlacementRequest, Placement>((db) => placeBatchWith(db), {
  isolate: refusedForItsData,
});

/** Places one order through its tool's queue (group commit); see `BatchQueue`. */
export function placeBatched(db: Db, order: PlacementRequest): Promise<Placement> {
  return placements.submit(db, order.tool_id, order);
}

/** The tool and one account as order placement reads them, without locking, before placing. */
export type OrderingState = {
  name: string | null;
  part_number: string | null;
  price_cents: number | null;
  order_multiple: number | null;
  /** jsonb, parsed by both drivers. */
  price_breaks: PriceBreak[] | null;
  in_stock: number | null;
  min_order_quantity: number | null;
  archived: boolean | null;
  unpaid: number;
  now: string | Date;
};

/**
 * One lock-free read of a tool for several accounts: the tool as it is (all nulls when there is
 * no such tool) and each account's unpaid orders. Reading later than each caller asked is as
 * good as reading alone: the read only explains refusals and gives what the order copies, and the
 * placement call checks again under the locks.
 */
function readBatchWith(db: Db, toolId: string) {
  return async (userIds: string[]): Promise<OrderingState[]> => {
    const accounts = JSON.stringify([...new Set(userIds)]);
    const result = (await db.execute<Omit<OrderingState, 'unpaid'> & { unpaid: unknown }>(sql`
      select t.name, t.part_number, t.price_cents, t.order_multiple, t.price_breaks, t.in_stock,
             t.min_order_quantity,
             t.archived_at is not null as archived,
             (select coalesce(jsonb_object_agg(a.id, (
                select count(*) from ${order} o
                 where o.user_id = a.id and o.status = 'pending_payment')), '{}'::jsonb)
                from jsonb_array_elements_text(${accounts}::jsonb) as a(id)) as unpaid,
             now() as now
      from (select 1) as one left join ${tool} t on t.id = ${toolId}`)) as Rows<
      Omit<OrderingState, 'unpaid'> & { unpaid: unknown }
    >;
    const row = result.rows[0];
    if (!row) throw new Error('the ordering read returned no row');
    // Both drivers parse jsonb; a string would mean a driver that does not.
    const unpaid = (typeof row.unpaid === 'string' ? JSON.parse(row.unpaid) : row.unpaid) as Record<
      string,
      number
    >;
    return userIds.map((id) => ({ ...row, unpaid: Number(unpaid[id] ?? 0) }));
  };
}

const reads = new PerTool<string, OrderingState>(readBatchWith);

/**
 * Reads the tool for one account's order; the reads of one tool arriving while its read is in
 * flight share the next one (one statement for all of them, as for placements).
 */
export function readForOrder(db: Db, toolId: string, userId: string): Promise<OrderingState> {
  return reads.submit(db, toolId, userId);
}

/** How many orders of this tool wait for the next call on this database (tests and diagnostics). */
export function waitingPlacements(db: Db, toolId: string): number {
  return placements.waiting(db, toolId);
}
