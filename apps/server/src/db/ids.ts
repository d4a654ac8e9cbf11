const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Row ids are uuid columns, and PostgreSQL rejects a malformed uuid with an error; check first so a
 * malformed id in a URL is simply a row that does not exist.
 */
export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
}
