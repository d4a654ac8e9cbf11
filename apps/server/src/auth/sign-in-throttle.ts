import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { authMessages } from '@voltforge/contract/user';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema/auth.ts';

/** At most this many unsuccessful password sign-ins per account in one window. */
export const MAX_SIGN_IN_FAILURES = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const normal = (email: string) => email.trim().toLowerCase();
const keyOf = (email: string, knownDevice = false) =>
  `sign-in-account:${normal(email)}${knownDevice ? ':known-device' : ''}`;

/**
 * The cookie a browser gets when an account signs in on it with its password: proof that this
 * browser has signed in as that account before. Anyone can lock an account by failing its
 * password ten times; with this cookie its owner's own browsers keep their own count (still ten
 * failures), so the lock stops strangers without locking the owner out (the OWASP "device cookie").
 */
export const KNOWN_DEVICE_COOKIE = 'voltforge.known_device';
export const KNOWN_DEVICE_MAX_AGE_S = 180 * 24 * 3600;

function deviceMac(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`known-device:${normal(email)}`)
    .digest('base64url');
}

/** The cookie's value for this account. */
export function knownDeviceValue(secret: string, email: string): string {
  return deviceMac(secret, email);
}

/** True when the cookie proves this browser has signed in as this account before. */
export function isKnownDevice(secret: string, email: string, cookie: string | null): boolean {
  if (!cookie) return false;
  const expected = Buffer.from(deviceMac(secret, email));
  const given = Buffer.from(cookie);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts a password sign-in against the account before the password is checked, whatever the
 * address it comes from: a per-address limit alone lets a botnet guess one account's password
 * forever. Counting first (one atomic upsert in the shared table) means parallel guesses cannot
 * all slip in before the count catches up. A success clears the count (`clearSignInFailures`),
 * so only failures add up; the window starts at the first attempt and the lock lifts with it.
 */
export async function reserveSignInAttempt(
  db: Db,
  email: string,
  knownDevice = false,
): Promise<void> {
  const now = Date.now();
  const expired = sql`${rateLimit.lastRequest} < ${now - SIGN_IN_FAILURE_WINDOW_MS}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: keyOf(email, knownDevice), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimit.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimit.lastRequest} END`,
      },
    })
    .returning({ count: rateLimit.count, since: rateLimit.lastRequest });
  if (row && row.count > MAX_SIGN_IN_FAILURES) {
    const retryAfter = Math.max(1, Math.ceil((row.since + SIGN_IN_FAILURE_WINDOW_MS - now) / 1000));
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'TOO_MANY_FAILED_SIGN_INS', message: authMessages.tooManyFailedSignIns },
      { 'retry-after': String(retryAfter) },
    );
  }
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(rateLimit).where(inArray(rateLimit.key, [keyOf(email), keyOf(email, true)]));
}
