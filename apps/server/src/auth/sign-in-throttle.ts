import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { authMessages } from '@voltforge/contract/user';
import type { Db } from '../db/client.ts';
import { account, rateLimit, user } from '../db/schema/auth.ts';

/** At most this many unsuccessful password sign-ins per account in one window. */
export const MAX_SIGN_IN_FAILURES = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const normal = (email: string) => email.trim().toLowerCase();
const keyOf = (email: string, device: string | null = null) =>
  `sign-in-account:${normal(email)}${device ? `:device:${device}` : ''}`;

/**
 * The cookie a browser gets when an account signs in on it with its password: proof that this
 * browser has signed in as that account before. Anyone can lock an account by failing its
 * password ten times; with this cookie each of its owner's own browsers keeps its own count
 * (still ten failures), so the lock stops strangers without locking the owner out (the OWASP
 * "device cookie"). Its value is `<device id>.<mac>`: a random id per browser, and an HMAC of
 * the account, that id and the account's current password hash. So each browser holds its own
 * value (one leaked cookie is one device, counted on its own), and a password reset, which
 * changes the hash, ends every device's standing at once.
 */
export const KNOWN_DEVICE_COOKIE = 'voltforge.known_device';
export const KNOWN_DEVICE_MAX_AGE_S = 180 * 24 * 3600;

function deviceMac(secret: string, email: string, device: string, credential: string): string {
  return createHmac('sha256', secret)
    .update(`known-device:${normal(email)}:${device}:${credential}`)
    .digest('base64url');
}

/** The account's password hash: what a reset changes. Null for an account without a password. */
export async function currentCredential(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(user.email, normal(email)), eq(account.providerId, 'credential')));
  return row?.password ?? null;
}

/** The cookie's value for this browser (`device`: its id, kept or new) and this account. */
export function knownDeviceValue(
  secret: string,
  email: string,
  device: string,
  credential: string,
): string {
  return `${device}.${deviceMac(secret, email, device, credential)}`;
}

/** A new browser's id. */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The browser's device id when its cookie proves it has signed in as this account since the
 * account's password last changed; null otherwise.
 */
export function knownDevice(
  secret: string,
  email: string,
  cookie: string | null,
  credential: string | null,
): string | null {
  if (!cookie || !credential) return null;
  const dot = cookie.indexOf('.');
  if (dot <= 0) return null;
  const device = cookie.slice(0, dot);
  const expected = Buffer.from(deviceMac(secret, email, device, credential));
  const given = Buffer.from(cookie.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
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
  device: string | null = null,
): Promise<void> {
  const now = Date.now();
  const expired = sql`${rateLimit.lastRequest} < ${now - SIGN_IN_FAILURE_WINDOW_MS}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: keyOf(email, device), count: 1, lastRequest: now })
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

/** A success clears the account's count and the count of the browser it came from. */
export async function clearSignInFailures(
  db: Db,
  email: string,
  device: string | null,
): Promise<void> {
  const keys = device ? [keyOf(email), keyOf(email, device)] : [keyOf(email)];
  await db.delete(rateLimit).where(inArray(rateLimit.key, keys));
}
