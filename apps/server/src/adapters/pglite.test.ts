import { spawnSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { turnTheLoopBeforeEachStatement } from './pglite.ts';

const onPostgres = Boolean(inject('pgTemplate'));

// What src/adapters/pglite.ts relies on, checked against the installed PGlite and Node: an
// upgrade that changes either fails here, by name, before the shop runs without it.
describe.skipIf(onPostgres)('the PGlite adapter', () => {
  let client: PGlite;
  let statements = 0;
  beforeAll(async () => {
    client = await PGlite.create();
    turnTheLoopBeforeEachStatement(client);
    // Counts what passes through the lock, on top of the adapter's own wrapper.
    const locked = client as unknown as { _runExclusiveQuery: (s: () => unknown) => unknown };
    const inner = locked._runExclusiveQuery.bind(client);
    locked._runExclusiveQuery = (statement) => {
      statements += 1;
      return inner(statement);
    };
  });
  afterAll(() => client.close());

  it('every statement, inside a transaction too, takes the lock the adapter wraps', async () => {
    statements = 0;
    await client.query('select 1');
    await client.exec('select 1; select 2');
    expect(statements).toBe(2);
    statements = 0;
    await client.transaction(async (tx) => {
      await tx.query('select 1');
      await tx.query('select 2');
    });
    // BEGIN, two statements, COMMIT.
    expect(statements).toBe(4);
  });

  it('a statement starts in a turn of the event loop of its own', async () => {
    let immediateRan = false;
    setImmediate(() => (immediateRan = true));
    await client.query('select 1');
    expect(immediateRan).toBe(true);
  });

  it('refuses to start without the lock rather than run without it', () => {
    expect(() => turnTheLoopBeforeEachStatement({} as PGlite)).toThrow(
      /PGlite no longer has _runExclusiveQuery/,
    );
  });

  it('V8 still has the WebAssembly tiering budget the adapter sets', () => {
    // v8.setFlagsFromString ignores a flag V8 does not know, so ask V8 for its list.
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    expect(options).toMatch(/--wasm-tiering-budget\b/);
  });
});
