import asyncHooks, { AsyncLocalStorage } from 'node:async_hooks';
import { scopeToRunningCalls } from '../async-storage.ts';

/*
 * The shop's only reach into how React's server renderer (react-dom/server) keeps its context,
 * measured in docs/decisions/013-library-internals.md; plugins/web-ssr.test.ts fails ("leaves no
 * async context tracking on after rendering") should a React release keep it another way.
 */

/** An AsyncLocalStorage scoped to its running calls from the start. */
class ScopedAsyncLocalStorage<T> extends AsyncLocalStorage<T> {
  constructor() {
    super();
    scopeToRunningCalls(this);
  }
}

/**
 * Loads a module (with what it loads) so that every AsyncLocalStorage it creates through
 * `require('async_hooks')` is scoped to its running calls: React's server renderer keeps one
 * (for server components' request cache; the shop renders none) and runs each slice of a render
 * in it, which would leave it on for good after the first page rendered. Node's CommonJS exports
 * of `async_hooks` are swapped only while the module loads; ES module imports of it (the rest of
 * the server) never see the swap.
 */
export async function importWithScopedAsyncStorage<T>(load: () => Promise<T>): Promise<T> {
  const original = asyncHooks.AsyncLocalStorage;
  asyncHooks.AsyncLocalStorage = ScopedAsyncLocalStorage;
  try {
    return await load();
  } finally {
    asyncHooks.AsyncLocalStorage = original;
  }
}
