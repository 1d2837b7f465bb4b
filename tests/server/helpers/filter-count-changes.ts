import type { Db } from '../../../server/src/db/database.js';

/** How many filter-count changes wait to be folded (migration 0043: PostgreSQL's; SQLite writes none). */
export async function filterCountChangesLeft(db: Db): Promise<number> {
  const row = await db
    .selectFrom('device_filter_count_changes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
