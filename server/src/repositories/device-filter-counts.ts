import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { DeviceFilterField } from '../db/schema.js';

interface Key {
  company_id: string;
  field: DeviceFilterField;
  value: string;
}

const keyOf = (key: Key) => `${key.company_id}\u0000${key.field}\u0000${key.value}`;

/** The device counts behind the list's filter options (migration 0043); reading them is repositories/filter-options.ts. */
export function deviceFilterCountsRepository(db: Db, dialect: Dialect) {
  return {
    /**
     * Folds up to `limit` of the oldest changes PostgreSQL's trigger appended into the counts, in
     * one transaction; answers how many it folded. Safe beside another fold on another node: a change
     * row is folded by the fold that deleted it, and the counts are written in the keys' order, so
     * two folds wait for each other rather than deadlock. (SQLite's triggers write the counts
     * directly: its change table stays empty.)
     */
    async fold(limit: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const oldest = trx.selectFrom('device_filter_count_changes').select('id').orderBy('id').limit(limit);
        const changes = await trx
          .deleteFrom('device_filter_count_changes')
          .where('id', 'in', oldest)
          .returning(['company_id', 'field', 'value', 'delta'])
          .execute();
        const sums = new Map<string, Key & { device_count: number }>();
        for (const change of changes) {
          const key = keyOf(change);
          const sum = sums.get(key) ?? { company_id: change.company_id, field: change.field, value: change.value, device_count: 0 };
          sum.device_count += change.delta;
          sums.set(key, sum);
        }
        const rows = [...sums.entries()]
          .filter(([, sum]) => sum.device_count !== 0)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([, sum]) => sum);
        if (rows.length === 0) return changes.length;
        const written = await trx
          .insertInto('device_filter_counts')
          .values(rows)
          .onConflict((oc) =>
            oc
              .columns(['company_id', 'field', 'value'])
              .doUpdateSet((eb) => ({ device_count: eb(eb.ref('device_filter_counts.device_count'), '+', eb.ref('excluded.device_count')) })),
          )
          .returning(['company_id', 'field', 'value', 'device_count'])
          .execute();
        // Values no device holds any more; only rows this fold wrote (and so holds) are deleted.
        for (const row of written.filter((row) => Number(row.device_count) === 0)) {
          await trx
            .deleteFrom('device_filter_counts')
            .where('company_id', '=', row.company_id)
            .where('field', '=', row.field)
            .where('value', '=', row.value)
            .where('device_count', '=', 0)
            .execute();
        }
        return changes.length;
      });
    },

    /**
     * PostgreSQL: frees the rows folds deleted. The options read the changes through their index,
     * and until a vacuum every deleted change stays in it: after a 100,000-device import, 100,000
     * dead entries per field made an option cost 5–8 ms instead of 0.6 (autovacuum comes within
     * minutes; this comes at once). SQLite's change table stays empty.
     */
    async vacuum(): Promise<void> {
      if (dialect === 'postgres') await sql`vacuum device_filter_count_changes`.execute(db);
    },
  };
}

export type DeviceFilterCountsRepository = ReturnType<typeof deviceFilterCountsRepository>;
