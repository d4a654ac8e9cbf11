// PostgreSQL's SQLSTATE for a unique index refusing a duplicate.
const UNIQUE_VIOLATION = '23505';

/** True when the error (or one it wraps: drivers and the ORM nest them) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
