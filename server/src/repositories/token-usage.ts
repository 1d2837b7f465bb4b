import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Tokens to add for a company on a day. */
export interface UsageIncrement {
  company_id: string;
  day: string;
  tokens: number;
}

/** API tokens per company and UTC day (migration 0029). */
export function tokenUsageRepository(db: Db) {
  return {
    /** Adds counts with one atomic upsert-increment per row: nodes never read before they write, so none loses another's count. */
    async add(increments: readonly UsageIncrement[]): Promise<void> {
      if (increments.length === 0) return;
      await db
        .insertInto('token_usage')
        .values([...increments])
        .onConflict((c) => c.columns(['company_id', 'day']).doUpdateSet({ tokens: sql<number>`token_usage.tokens + excluded.tokens` }))
        .execute();
    },

    /** Tokens used on days in [fromDay, toDay). */
    async total(companyId: string, fromDay: string, toDay: string): Promise<number> {
      const row = await db
        .selectFrom('token_usage')
        .select(sql<string | number | null>`sum(tokens)`.as('n'))
        .where('company_id', '=', companyId)
        .where('day', '>=', fromDay)
        .where('day', '<', toDay)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Each day's tokens in [fromDay, toDay), oldest first (days without use are absent). */
    async daily(companyId: string, fromDay: string, toDay: string): Promise<{ day: string; tokens: number }[]> {
      const rows = await db
        .selectFrom('token_usage')
        .select(['day', 'tokens'])
        .where('company_id', '=', companyId)
        .where('day', '>=', fromDay)
        .where('day', '<', toDay)
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ day: row.day, tokens: Number(row.tokens) }));
    },
  };
}

export type TokenUsageRepository = ReturnType<typeof tokenUsageRepository>;
