import v8 from 'node:v8';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/*
 * The shop's only reach into PGlite's internals and its WebAssembly engine, each measured in
 * docs/decisions/013-library-internals.md; pglite.test.ts fails should an upgrade remove what
 * they rely on.
 */

/*
 * A thousand times V8's WebAssembly tiering budget: PGlite's one-off opening stays on baseline
 * code instead of keeping the optimising compiler busy at start-up, while hot queries still tier
 * up (docs/architecture.md, "PGlite").
 */
const WASM_TIERING_BUDGET = 1_800_000_000;

/** Call before PGlite is instantiated: V8 reads the budget when it compiles the module. */
export function keepPGliteStartOnBaselineCode(): void {
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

/** The private lock every PGlite statement takes, inside a transaction too. */
type WithStatementLock = {
  _runExclusiveQuery?: <T>(statement: () => Promise<T>) => Promise<T>;
};

/**
 * PGlite runs each statement synchronously on the event loop's thread and starts the next queued
 * one in the same turn of the loop, so under a stream of database work Node accepted one new
 * connection per chain of statements (docs/architecture.md, "PGlite"). Each
 * statement now starts in a turn of its own, still holding PGlite's lock. Throws at start when
 * the lock is no longer there, rather than letting the shop run without it.
 */
export function turnTheLoopBeforeEachStatement(client: PGlite): void {
  const locked = client as unknown as WithStatementLock;
  const runExclusive = locked._runExclusiveQuery?.bind(client);
  if (typeof runExclusive !== 'function') {
    throw new Error(
      'PGlite no longer has _runExclusiveQuery: see src/adapters/pglite.ts before upgrading it',
    );
  }
  locked._runExclusiveQuery = <T>(statement: () => Promise<T>) =>
    runExclusive(async () => {
      await nextTurn();
      return statement();
    });
}
