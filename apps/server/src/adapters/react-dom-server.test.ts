import asyncHooks, { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importWithScopedAsyncStorage } from './react-dom-server.ts';
import { continuationAsyncId } from '../../test/async-tracking.ts';

// The web app's real renderer is checked in plugins/web-ssr.test.ts; this is the mechanism.
/** A CommonJS module that keeps an AsyncLocalStorage, as React's server renderer does. */
function moduleWithAStorage(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'voltforge-als-')), 'keeps-a-storage.cjs');
  writeFileSync(
    file,
    `const { AsyncLocalStorage } = require('node:async_hooks');
const storage = new AsyncLocalStorage();
module.exports = { storage, read: (value) => storage.run(value, () => storage.getStore()) };`,
  );
  return pathToFileURL(file).href;
}

type Keeper = { storage: AsyncLocalStorage<unknown>; read: (value: number) => number };

describe('a module loaded with its AsyncLocalStorage scoped', () => {
  it('reads its store inside a run, and leaves no tracking on after it', async () => {
    expect(await continuationAsyncId()).toBe(0);
    const loaded = (
      await importWithScopedAsyncStorage(
        () => import(/* @vite-ignore */ moduleWithAStorage()) as Promise<{ default: Keeper }>,
      )
    ).default;
    expect(loaded.read(7)).toBe(7);
    expect(await continuationAsyncId()).toBe(0);
    // Only while it loaded: the class is Node's own again, for everyone.
    expect(asyncHooks.AsyncLocalStorage).toBe(AsyncLocalStorage);
  });

  it('is needed: the same module loaded plainly leaves tracking on after one run', async () => {
    const plain = ((await import(/* @vite-ignore */ moduleWithAStorage())) as { default: Keeper })
      .default;
    expect(plain.read(8)).toBe(8);
    expect(await continuationAsyncId()).not.toBe(0);
    plain.storage.disable();
    expect(await continuationAsyncId()).toBe(0);
  });
});
