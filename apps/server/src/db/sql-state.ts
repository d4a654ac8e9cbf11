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

/** SQLSTATEs of a connection the server ended or could not give: class 08, and 57P01–57P03. */
const CONNECTION_ENDED = /^(08...|57P0[123])$/;
const PG_CONNECTION_GONE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable)/;

/**
 * True when the connection under the request was lost (a terminated backend, a restarting
 * server): the pool replaces it, and the same request may succeed a moment later. What the
 * lost transaction did is unknown to this request only if the loss came during its commit; the
 * routes that write are safe to repeat (an order carries the buyer's confirmed total, a payment
 * is confirmed once).
 */
export function isConnectionLost(error: unknown): boolean {
  if (hasSqlState(error, (state) => CONNECTION_ENDED.test(state))) return true;
  // node-postgres says so in words: when the socket closed under a query, and when a later
  // statement (the rest of a transaction, its rollback) is sent on the connection that broke.
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && PG_CONNECTION_GONE.test(message)) return true;
  }
  return false;
}
