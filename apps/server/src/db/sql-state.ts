// PostgreSQL's SQLSTATEs the app answers for itself.
const UNIQUE_VIOLATION = '23505';
const LOCK_NOT_AVAILABLE = '55P03'; // lock_timeout ran out
const QUERY_CANCELED = '57014'; // statement_timeout ran out (one set on the role or database)

/**
 * True when the error, or one it wraps (drivers and the ORM nest them), carries a SQLSTATE that
 * `matches`.
 */
export function hasSqlState(error: unknown, matches: (state: string) => boolean): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && matches(code)) return true;
  }
  return false;
}

/** True when the error (or one it wraps) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, (state) => state === UNIQUE_VIOLATION);
}

/**
 * True when the database gave up waiting: for a row another transaction holds (lock_timeout,
 * set on every connection, db/client.ts) or on a statement (a statement_timeout). The statement
 * rolled back, nothing was written, and the same request may succeed a moment later.
 */
export function isDatabaseBusy(error: unknown): boolean {
  return hasSqlState(error, (state) => state === LOCK_NOT_AVAILABLE || state === QUERY_CANCELED);
}
