import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * better-auth keeps the context of each of its calls in three AsyncLocalStorage instances. On
 * Node 20 an AsyncLocalStorage that has run once turns async hooks on for the whole process, and
 * from then on every promise and every tick of every request pays for them: a bare Fastify
 * hello-world needs about 38% more CPU per request, and every page and cached read of the shop as
 * much (docs/performance.md, "Part 4").
 *
 * better-auth needs its context only while one of its calls runs: it does no work after a call
 * has settled (with no background-task handler configured, `runInBackgroundOrAwait` awaits).
 * So each storage counts its running calls and switches itself off (`disable()`, which turns the
 * hooks off once no storage is on) when the last one settles; its next `run()` switches it on
 * again. Outside a call, `getStore()` answers undefined either way.
 *
 * Call once at start, before any better-auth call.
 */
export async function scopeAuthAsyncContext(): Promise<void> {
  const storages = await Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  for (const storage of storages) scopeToRunningCalls(storage as AsyncLocalStorage<unknown>);
}

const SCOPED = Symbol('voltforge.scopedToRunningCalls');

type Scoped = AsyncLocalStorage<unknown> & { [SCOPED]?: true };

/** Exported for its test: makes `storage` switch itself off whenever none of its runs is running. */
export function scopeToRunningCalls(storage: AsyncLocalStorage<unknown>): void {
  const scoped = storage as Scoped;
  if (scoped[SCOPED]) return;
  scoped[SCOPED] = true;
  const run = storage.run.bind(storage);
  let running = 0;
  const settled = () => {
    running -= 1;
    if (running === 0) storage.disable();
  };
  storage.run = <R, A extends unknown[]>(
    store: unknown,
    callback: (...args: A) => R,
    ...args: A
  ): R => {
    running += 1;
    let result: R;
    try {
      result = run(store, callback, ...args);
    } catch (error) {
      settled();
      throw error;
    }
    if (result instanceof Promise) {
      return result.finally(settled) as R;
    }
    settled();
    return result;
  };
  // At start no call is running: a run made before (the demo seed's sign-ups) must not leave it on.
  storage.disable();
}
