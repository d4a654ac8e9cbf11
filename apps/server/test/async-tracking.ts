import { executionAsyncId } from 'node:async_hooks';

/**
 * The async id a promise continuation runs in: 0 while Node tracks no async context at all (no
 * AsyncLocalStorage or hook on), which is what keeps every request of the process cheap
 * (docs/decisions/013-library-internals.md).
 */
export const continuationAsyncId = () =>
  new Promise<number>((resolve) => {
    void Promise.resolve().then(() => resolve(executionAsyncId()));
  });
