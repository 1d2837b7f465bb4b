import { randomUUID } from 'node:crypto';
import { dialectOf, type Db } from '../db/database.js';
import { SAMPLE_RETENTION_DAYS, type Plan } from '../domain/plans.js';
import { containsText } from './text-match.js';
import type { Company } from '../schemas/companies.js';
import { listPage } from './list-page.js';
import { appendAudit, audited, membershipEntry } from './audited.js';

const COMPANY_COLUMNS = [
  'companies.id',
  'companies.name',
  'companies.tenant_id',
  'company_members.role',
  'companies.plan',
  'companies.suspended_at',
  'companies.suspension_reason',
  'companies.suspension_contact',
  'companies.created_at',
] as const;

function withRetention<R extends { plan: Plan }>(row: R): R & { sample_retention_days: number | null } {
  return { ...row, sample_retention_days: SAMPLE_RETENTION_DAYS[row.plan] };
}

export interface CompanyListOptions {
  search?: string | undefined;
  tenantId?: string | undefined;
  id?: string | undefined;
  ordering: 'name' | '-name' | 'created_at' | '-created_at';
  limit: number;
  offset: number;
}

/** Every query here is scoped to the companies the given user is a member of. */
export function companiesRepository(db: Db) {
  const dialect = dialectOf(db);
  const mine = (userId: string) =>
    db
      .selectFrom('companies')
      .innerJoin('company_members', (join) => join.onRef('company_members.company_id', '=', 'companies.id').on('company_members.user_id', '=', userId));

  return {
    async list(userId: string, options: CompanyListOptions): Promise<{ count: number; results: Company[] }> {
      let query = mine(userId);
      if (options.search) query = query.where(containsText('companies.name', options.search, dialect));
      if (options.tenantId) query = query.where('companies.tenant_id', '=', options.tenantId);
      if (options.id) query = query.where('companies.id', '=', options.id);
      const [column, direction] = options.ordering.startsWith('-') ? ([options.ordering.slice(1), 'desc'] as const) : ([options.ordering, 'asc'] as const);
      return listPage(
        query,
        options,
        (q) =>
          q
            .select(COMPANY_COLUMNS)
            .orderBy(column === 'name' ? 'companies.name' : 'companies.created_at', direction)
            .orderBy('companies.id'),
        withRetention,
      );
    },

    async find(userId: string, companyId: string): Promise<Company | undefined> {
      const row = await mine(userId).select(COMPANY_COLUMNS).where('companies.id', '=', companyId).executeTakeFirst();
      return row && withRetention(row);
    },

    async create(userId: string, name: string, tenantId: string | null, at: string, plan: Plan): Promise<Company> {
      const company = { id: randomUUID(), name: name.trim(), tenant_id: tenantId, created_at: at, plan };
      await audited(db, { action: 'create', resource: 'company', id: company.id }, async (trx) => {
        await trx.insertInto('companies').values(company).execute();
        await trx.insertInto('company_members').values({ company_id: company.id, user_id: userId, role: 'owner', joined_at: at, last_active_at: at }).execute();
        await appendAudit(trx, membershipEntry(company.id, userId, 'owner'));
      });
      return withRetention({ ...company, role: 'owner' as const, suspended_at: null, suspension_reason: null, suspension_contact: null });
    },

    async update(companyId: string, changes: { name?: string | undefined; tenant_id?: string | null | undefined }): Promise<void> {
      const set: { name?: string; tenant_id?: string | null } = {};
      if (changes.name !== undefined) set.name = changes.name.trim();
      if (changes.tenant_id !== undefined) set.tenant_id = changes.tenant_id;
      if (Object.keys(set).length === 0) return;
      await audited(db, { action: 'update', resource: 'company', id: companyId }, (trx) =>
        trx.updateTable('companies').set(set).where('id', '=', companyId).execute(),
      );
    },

    /** For the operator (not scoped to a user): a company's name and plan. */
    async planOf(companyId: string): Promise<{ name: string; plan: Plan } | undefined> {
      return db.selectFrom('companies').select(['name', 'plan']).where('id', '=', companyId).executeTakeFirst();
    },

    /** The operator's change of plan (not scoped to a user). */
    async setPlan(companyId: string, plan: Plan): Promise<void> {
      await audited(db, { action: 'update', resource: 'company', id: companyId }, (trx) =>
        trx.updateTable('companies').set({ plan }).where('id', '=', companyId).execute(),
      );
    },

    async remove(companyId: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'company', id: companyId }, (trx) => trx.deleteFrom('companies').where('id', '=', companyId).execute());
    },

    async isMember(userId: string, companyId: string): Promise<boolean> {
      const row = await db.selectFrom('company_members').select('user_id').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type CompaniesRepository = ReturnType<typeof companiesRepository>;
