import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';
import { scopeToRunningCalls } from '../async-storage.ts';

/**
 * better-auth keeps the context of each of its calls in three AsyncLocalStorage instances, which
 * would leave async context tracking on for every request of the process (async-storage.ts).
 * better-auth needs its context only while one of its calls runs: it does no work after a call
 * has settled (with no background-task handler configured, `runInBackgroundOrAwait` awaits), and
 * sets no store with `enterWith()`. So its storages are scoped to their running calls.
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
