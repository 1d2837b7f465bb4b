import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** A key's count in its current window. */
export interface RateCount {
  hits: number;
  /** Epoch milliseconds at which the window ends. */
  resetAt: number;
}

const counted = (row: { hits: number; reset_at: number | string }): RateCount => ({ hits: Number(row.hits), resetAt: Number(row.reset_at) });

/** Rate-limit counters in the database, shared by every API node on it (migration 0019). */
export function rateLimitsRepository(db: Db) {
  return {
    /**
     * Counts one hit and answers the new count. One statement, so hits from several nodes at once
     * all count: a window that has ended starts again at 1.
     */
    async hit(key: string, nowMs: number, windowMs: number): Promise<RateCount> {
      const row = await db
        .insertInto('rate_limits')
        .values({ key, hits: 1, reset_at: nowMs + windowMs })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql<number>`case when rate_limits.reset_at <= ${nowMs} then 1 else rate_limits.hits + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${nowMs} then ${nowMs + windowMs} else rate_limits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      return counted(row);
    },

    /** The count without adding to it; a window that has ended counts 0. */
    async peek(key: string, nowMs: number): Promise<RateCount> {
      const row = await db.selectFrom('rate_limits').select(['hits', 'reset_at']).where('key', '=', key).where('reset_at', '>', nowMs).executeTakeFirst();
      return row ? counted(row) : { hits: 0, resetAt: nowMs };
    },

    /** Forgets ended windows, so the table holds only the keys active now. */
    async sweep(nowMs: number): Promise<void> {
      await db.deleteFrom('rate_limits').where('reset_at', '<=', nowMs).execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('rate_limits')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
