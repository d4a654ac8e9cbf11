import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@voltforge/contract/paging';
import type { Db, Tx } from './db/client.ts';

/** One page of a list, and how many items match across all pages. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Every paged list: one bounded page of `rows` (already filtered and ordered, with ties broken
 * so pages never repeat or skip an item) and the count of `table` rows matching `where`.
 */
export async function paginate<Q extends PgSelect, Item>(
  db: Db | Tx,
  paging: { page: number; pageSize: number },
  list: { rows: Q; table: PgTable; where: SQL | undefined },
  toJson: (row: Awaited<Q>[number]) => Item,
): Promise<Page<Item>> {
  const [rows, [counted]] = await Promise.all([
    list.rows.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize),
    db.select({ total: count() }).from(list.table).where(list.where),
  ]);
  return { items: rows.map(toJson), total: counted?.total ?? 0 };
}

/** Answers a page: the items as the body, the total in the total-count header. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  void reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}
