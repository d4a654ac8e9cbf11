import { hasSqlState } from '../../../db/sql-state.ts';
import type { Db } from '../../../db/client.ts';

/*
 * Group commit (docs/decisions/008-order-group-commit.md): the machinery that lets placements
 * and their reads share one database call. The steps that use it: read.ts, reserve.ts.
 */

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
export interface Rows<T> {
  rows: T[];
}

/**
 * Queues per key, per database (the key says which requests may share a call, see `queueKey`).
 * A queue is dropped as soon as it is idle.
 */
export class PerKey<Req, Res> {
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
