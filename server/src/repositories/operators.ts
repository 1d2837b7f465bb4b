import { sql } from 'kysely';
import { dialectOf, type Db } from '../db/database.js';
import type { Plan } from '../domain/plans.js';
import type { OperatorCompany, OperatorCompanyOrdering } from '../schemas/operator.js';
import { appendAudit, audited, inTransaction, memberCompanies } from './audited.js';
import { listPage, type PageWindow } from './list-page.js';
import { containsText } from './text-match.js';
import { normaliseEmail } from './users.js';

export interface OperatorCompanyFilters {
  search?: string | undefined;
  plan?: Plan | undefined;
  suspended?: boolean | undefined;
  ordering: OperatorCompanyOrdering;
  /** The first day (YYYY-MM-DD, UTC) of the month whose tokens are counted. */
  monthStart: string;
}

export interface PlanChange {
  plan?: Plan | undefined;
  device_limit?: number | null | undefined;
  token_quota?: number | null | undefined;
}

/**
 * The platform operators and their back-office (issue #17); not scoped to a user: only routes the
 * permission table marks operator-only, and the operator's command line, call these.
 */
export function operatorsRepository(db: Db) {
  const dialect = dialectOf(db);
  const ordered = (ordering: OperatorCompanyOrdering) => {
    const direction = ordering.startsWith('-') ? 'desc' : 'asc';
    const column = ordering.replace('-', '');
    return { column: column === 'devices' ? 'devices' : `companies.${column}`, direction } as const;
  };

  return {
    /** Whether the user is an operator: named in OPERATOR_EMAILS (`configured`) or granted in the database. */
    async isOperator(userId: string, configured: readonly string[]): Promise<boolean> {
      const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      if (!user) return false;
      if (configured.includes(user.email)) return true;
      return (await db.selectFrom('operators').select('email').where('email', '=', user.email).executeTakeFirst()) !== undefined;
    },

    async emailOf(userId: string): Promise<string | undefined> {
      return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
    },

    /** Grants an address operator rights; false when it had them already. */
    async grant(email: string, at: string): Promise<boolean> {
      const rows = await db
        .insertInto('operators')
        .values({ email: normaliseEmail(email), granted_at: at })
        .onConflict((c) => c.column('email').doNothing())
        .executeTakeFirst();
      return Number(rows.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Takes the rights granted in the database back; false when there were none (OPERATOR_EMAILS is the environment's). */
    async revoke(email: string): Promise<boolean> {
      const result = await db.deleteFrom('operators').where('email', '=', normaliseEmail(email)).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * The back-office's grant (true) or revocation (false) for a user, recorded like a change of
     * the user in the log of each company they belong to; false when nothing changed.
     */
    async setOperator(userId: string, email: string, operator: boolean, at: Date): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const changed = operator
          ? Number(
              (
                await trx
                  .insertInto('operators')
                  .values({ email, granted_at: at.toISOString() })
                  .onConflict((c) => c.column('email').doNothing())
                  .executeTakeFirst()
              ).numInsertedOrUpdatedRows ?? 0,
            ) > 0
          : Number((await trx.deleteFrom('operators').where('email', '=', email).executeTakeFirst()).numDeletedRows) > 0;
        if (changed) {
          const changes = [{ field: 'operator', old: !operator, new: operator }];
          await appendAudit(trx, { companyIds: await memberCompanies(trx, userId), action: 'update', resource: 'user', resourceId: userId, changes }, at);
        }
        return changed;
      });
    },

    async granted(): Promise<{ email: string; granted_at: string }[]> {
      return db.selectFrom('operators').select(['email', 'granted_at']).orderBy('email').execute();
    },

    /** Every company with its devices, members and this month's tokens, counted in the database. */
    async companies(filters: OperatorCompanyFilters, window: PageWindow): Promise<{ count: number; results: OperatorCompany[] }> {
      let query = db.selectFrom('companies');
      if (filters.search) query = query.where(containsText('companies.name', filters.search, dialect));
      if (filters.plan) query = query.where('companies.plan', '=', filters.plan);
      if (filters.suspended !== undefined) query = query.where('companies.suspended_at', filters.suspended ? 'is not' : 'is', null);
      const { column, direction } = ordered(filters.ordering);
      return listPage(
        query,
        window,
        (q) =>
          q
            .select([
              'companies.id',
              'companies.name',
              'companies.plan',
              'companies.device_limit',
              'companies.token_quota',
              'companies.suspended_at',
              'companies.suspension_reason',
              'companies.created_at',
            ])
            .select((eb) => [
              eb
                .selectFrom('devices')
                .select(sql<number>`count(*)`.as('n'))
                .whereRef('devices.company_id', '=', 'companies.id')
                .as('devices'),
              eb
                .selectFrom('company_members')
                .select(sql<number>`count(*)`.as('n'))
                .whereRef('company_members.company_id', '=', 'companies.id')
                .as('members'),
              eb
                .selectFrom('token_usage')
                .select(sql<number>`coalesce(sum(tokens), 0)`.as('n'))
                .whereRef('token_usage.company_id', '=', 'companies.id')
                .where('token_usage.day', '>=', filters.monthStart)
                .as('tokens_this_month'),
            ])
            .orderBy(sql.ref(column), direction)
            .orderBy('companies.id'),
        (row) => ({
          ...row,
          // Counts come back as bigint strings on PostgreSQL.
          devices: Number(row.devices ?? 0),
          members: Number(row.members ?? 0),
          tokens_this_month: Number(row.tokens_this_month ?? 0),
        }),
      );
    },

    async exists(companyId: string): Promise<boolean> {
      return (await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !== undefined;
    },

    /** The operator's change of plan and overrides, in the company's audit log. */
    async changePlan(companyId: string, change: PlanChange): Promise<void> {
      await audited(db, { action: 'update', resource: 'company', id: companyId }, (trx) =>
        trx.updateTable('companies').set(change).where('id', '=', companyId).execute(),
      );
    },

    /** Suspends (reason and contact given) or resumes (null) a company, in its audit log; nothing else changes. */
    async setSuspension(companyId: string, suspension: { at: string; reason: string; contact: string } | null): Promise<void> {
      const set = suspension
        ? { suspended_at: suspension.at, suspension_reason: suspension.reason.trim(), suspension_contact: suspension.contact }
        : { suspended_at: null, suspension_reason: null, suspension_contact: null };
      await audited(db, { action: 'update', resource: 'company', id: companyId }, (trx) =>
        trx.updateTable('companies').set(set).where('id', '=', companyId).execute(),
      );
    },
  };
}

export type OperatorsRepository = ReturnType<typeof operatorsRepository>;
