import type { AsyncLocalStorage } from 'node:async_hooks';

/**
 * AsyncLocalStorage instances that are on only while one of their runs runs.
 *
 * On Node 20 an AsyncLocalStorage that has run once turns async context tracking on for the
 * whole process, and from then on every promise and every tick of every request pays for it: a
 * bare Fastify hello-world needs about 38% more CPU per request
 * (docs/decisions/011-performance-history.md, "Part 4").
 * The libraries the shop runs (better-auth, React's server renderer) read their storage only
 * inside their own runs (src/adapters/better-auth.ts and react-dom-server.ts hand their storages
 * here), so each storage can count its running calls and switch itself off
 * (`disable()`, which turns the tracking off once no storage is on) when the last one settles;
 * its next `run()` switches it on again. Outside a run, `getStore()` answers undefined either way.
 * Not for a storage used with `enterWith()`, which sets a store outside any run.
 */

const SCOPED = Symbol('voltforge.scopedToRunningCalls');

type Scoped = AsyncLocalStorage<unknown> & { [SCOPED]?: true };

/** Makes `storage` switch itself off whenever none of its runs is running. */
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
  // A storage that ran before it was scoped must not stay on.
  storage.disable();
}
