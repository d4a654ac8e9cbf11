/**
 * Paged lists: every paged `GET` answers with one page of items as a JSON array and the number of
 * matching items across all pages in this response header.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
