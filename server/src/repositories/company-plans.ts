import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { Plan, PlanOverrides } from '../domain/plans.js';

/** A company's plan with the operator's overrides and suspension (not scoped to a user: callers check access first). */
export interface CompanyPlan extends PlanOverrides {
  id: string;
  plan: Plan;
  suspended_at: string | null;
}

const PLAN_COLUMNS = ['id', 'plan', 'device_limit', 'token_quota', 'suspended_at'] as const;

/** The queries behind plan limits: a company's plan and overrides, and how many devices it has. */
export function companyPlansRepository(db: Db, dialect: Dialect) {
  return {
    async find(companyId: string): Promise<CompanyPlan | undefined> {
      return db.selectFrom('companies').select(PLAN_COLUMNS).where('id', '=', companyId).executeTakeFirst();
    },

    /**
     * Inside a transaction: the company's plan, its row locked on PostgreSQL so two concurrent
     * creations cannot both take the last free place (SQLite runs one writer at a time anyway),
     * and the number of devices it has now.
     */
    async lockForDevices(companyId: string): Promise<{ plan: CompanyPlan; devices: number } | undefined> {
      let query = db.selectFrom('companies').select(PLAN_COLUMNS).where('id', '=', companyId);
      if (dialect === 'postgres') query = query.forUpdate();
      const plan = await query.executeTakeFirst();
      if (!plan) return undefined;
      return { plan, devices: await this.deviceCount(companyId) };
    },

    /** The companies the user belongs to, the first joined first (an API key's requests without a company_id are billed to it). */
    async companiesOf(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('company_members')
        .select('company_id')
        .where('user_id', '=', userId)
        .orderBy('joined_at')
        .orderBy('company_id')
        .execute();
      return rows.map((row) => row.company_id);
    },

    async deviceCount(companyId: string): Promise<number> {
      const row = await db
        .selectFrom('devices')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type CompanyPlansRepository = ReturnType<typeof companyPlansRepository>;
