import type { SelectQueryBuilder } from 'kysely';

/** Which rows of a list to read: LIMIT and OFFSET from the page and page_size of the query. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The part of a query builder a page read needs: columns and order are already chosen. */
interface Orderable<Row> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
}

/**
 * One page of a list and the number of rows its filters match (DESIGN §4 `{count, results}`),
 * both in the database. `filtered` carries only the WHERE clauses; `read` picks the columns and
 * the order (ending with a unique column, so pages never overlap).
 */
export async function listPage<DB, TB extends keyof DB, O, Row, Item>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  window: PageWindow,
  read: (query: SelectQueryBuilder<DB, TB, O>) => Orderable<Row>,
  toItem: (row: Row) => Item,
): Promise<{ count: number; results: Item[] }> {
  const counted = await filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  const rows = await read(filtered).limit(window.limit).offset(window.offset).execute();
  // A number on SQLite, a bigint string on PostgreSQL; the builder's generic type cannot say which.
  const total = (counted as { count?: number | string } | undefined)?.count;
  return { count: Number(total ?? 0), results: rows.map(toItem) };
}

/**
 * How far a bounded list counts (BoundedPage): past COUNT_CAP, or past the page's end when that is
 * further, so "more than count" always tells whether a next page exists.
 */
export function countBound(window: PageWindow, cap: number): number {
  return Math.max(cap, window.offset + window.limit);
}

/**
 * The count a bounded list answers from rows counted up to `bound + 1` (`bound` undefined: all were
 * counted). A number on SQLite, a bigint string on PostgreSQL.
 */
export function boundedCount(counted: number | string | undefined, bound: number | undefined): { count: number; count_exact: boolean } {
  const count = Number(counted ?? 0);
  return bound !== undefined && count > bound ? { count: bound, count_exact: false } : { count, count_exact: true };
}
