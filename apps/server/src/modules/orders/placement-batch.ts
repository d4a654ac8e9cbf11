import { sql } from 'drizzle-orm';
import type { PriceBreak } from '@voltforge/contract/pricing';
import type { Db } from '../../db/client.ts';
import { hasSqlState } from '../../db/sql-state.ts';
import { order } from '../../db/schema/order.ts';
import { tool } from '../../db/schema/tool.ts';
import { profile } from '../../db/schema/profile.ts';

/** One line as `voltforge_place_orders` (migration 0013) takes it: priced and checked. */
export interface PlacementLine {
  line_no: number;
  tool_id: string;
  tool_name: string;
  part_number: string;
  quantity: number;
  /** At this quantity, from the contract's pricing function. */
  unit_price_cents: number;
  /** The tool's terms as read (`voltforge_tool_terms`): placed only while they still hold. */
  terms: string;
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
  /** Checked out from the account's cart: placed only while the cart holds these lines. */
  from_cart: boolean;
  lines: PlacementLine[];
  mail_subject: string;
  mail_html: string;
  mail_text: string;
}

/** What `voltforge_place_orders` answers for one order. */
export type Placement = {
  outcome: 'placed' | 'too_many_unpaid' | 'changed' | 'cart_changed';
  /** The tools this order took to their low-stock threshold first. */
  went_low: string[] | null;
  created_at: string | Date | null;
};

/** Places a batch with one database call; answers in the batch's order, one per order. */
export type PlaceBatch = (orders: PlacementRequest[]) => Promise<Array<Placement | undefined>>;

/**
 * The most orders one call carries: a call of one-line orders is a few tens of kilobytes; a call
 * of carts can be a few megabytes at worst (500 lines each), still one statement.
 */
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

/** One call of `voltforge_place_orders` (migration 0013): one statement, one transaction. */
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
 * Queues per key, per database (the key says which requests may share a call, see `queueKey`).
 * A queue is dropped as soon as it is idle.
 */
class PerKey<Req, Res> {
  readonly #queues = new WeakMap<Db, Map<string, BatchQueue<Req, Res>>>();
  readonly #run: (db: Db) => (requests: Req[]) => Promise<Array<Res | undefined>>;
  readonly #isolate: ((error: unknown) => boolean) | undefined;

  constructor(
    run: (db: Db) => (requests: Req[]) => Promise<Array<Res | undefined>>,
    opts: { isolate?: (error: unknown) => boolean } = {},
  ) {
    this.#run = run;
    this.#isolate = opts.isolate;
  }

  submit(db: Db, key: string, request: Req): Promise<Res> {
    let byTool = this.#queues.get(db);
    if (!byTool) {
      byTool = new Map();
      this.#queues.set(db, byTool);
    }
    let queue = byTool.get(key);
    if (!queue) {
      const queues = byTool;
      const created: BatchQueue<Req, Res> = new BatchQueue(this.#run(db), {
        isolate: this.#isolate,
        onIdle: () => {
          if (queues.get(key) === created) queues.delete(key);
        },
      });
      queue = created;
      byTool.set(key, queue);
    }
    return queue.submit(request);
  }

  waiting(db: Db, key: string): number {
    return this.#queues.get(db)?.get(key)?.waiting ?? 0;
  }
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
  terms: string;
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
                'archived', t.archived_at is not null, 'terms', voltforge_tool_terms(t)))
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

/** How many one-line orders of this tool wait for the next call on this database (tests). */
export function waitingPlacements(db: Db, toolId: string): number {
  return placements.waiting(db, queueKey([toolId]));
}
