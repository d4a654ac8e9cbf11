import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';
import { scopeToRunningCalls } from '../async-storage.ts';

/*
 * The shop's only reach into better-auth's internals, each measured in
 * docs/decisions/013-library-internals.md; better-auth.test.ts fails, by name, should an upgrade
 * change what they rely on.
 */

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

/**
 * The session token from better-auth's signed cookie (`token.signature`, the signature an
 * HMAC-SHA256 of the token with the auth secret, base64), checked exactly as better-auth checks
 * it; null when absent or forged.
 */
export function signedCookieToken(
  header: string | undefined,
  name: string,
  secret: string,
): string | null {
  if (!header) return null;
  const prefix = `${name}=`;
  const raw = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
