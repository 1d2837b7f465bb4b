import { randomUUID } from 'node:crypto';
import { dialectOf, type Db } from '../db/database.js';
import type { DashboardsTable } from '../db/schema.js';
import { containsText } from './text-match.js';
import { memberCompanyIds } from './member-companies.js';
import type { Dashboard, DashboardOrdering } from '../schemas/dashboards.js';
import { listPage } from './list-page.js';
import { audited } from './audited.js';

export interface DashboardListOptions {
  companyId?: string | undefined;
  search?: string | undefined;
  ordering: DashboardOrdering;
  limit: number;
  offset: number;
}

const toDashboard = (row: DashboardsTable, userId: string): Dashboard => ({
  id: row.id,
  company_id: row.company_id,
  owner_id: row.owner_id,
  name: row.name,
  is_shared: row.is_shared === 1,
  is_owner: row.owner_id === userId,
  created_at: row.created_at,
});

/**
 * The dashboards a user may see (spec §6): in the user's companies, shared ones and the user's
 * own private ones. Widgets are scoped through this too, so a private dashboard's widgets stay private.
 */
export function visibleDashboards(db: Db, userId: string) {
  return db
    .selectFrom('dashboards')
    .where('dashboards.company_id', 'in', memberCompanyIds(db, userId))
    .where((eb) => eb.or([eb('dashboards.is_shared', '=', 1), eb('dashboards.owner_id', '=', userId)]));
}

export function dashboardsRepository(db: Db) {
  const dialect = dialectOf(db);
  return {
    async list(userId: string, options: DashboardListOptions): Promise<{ count: number; results: Dashboard[] }> {
      let query = visibleDashboards(db, userId);
      if (options.companyId) query = query.where('dashboards.company_id', '=', options.companyId);
      if (options.search) query = query.where(containsText('dashboards.name', options.search, dialect));
      const descending = options.ordering.startsWith('-');
      return listPage(
        query,
        options,
        (q) =>
          q
            .selectAll('dashboards')
            .orderBy(options.ordering.endsWith('name') ? 'dashboards.name' : 'dashboards.created_at', descending ? 'desc' : 'asc')
            .orderBy('dashboards.id'),
        (row) => toDashboard(row, userId),
      );
    },
    async find(userId: string, id: string): Promise<Dashboard | undefined> {
      const row = await visibleDashboards(db, userId).selectAll('dashboards').where('dashboards.id', '=', id).executeTakeFirst();
      return row ? toDashboard(row, userId) : undefined;
    },
    async create(userId: string, companyId: string, name: string, isShared: boolean, at: string): Promise<string> {
      const id = randomUUID();
      await audited(db, { action: 'create', resource: 'dashboard', id }, (trx) =>
        trx
          .insertInto('dashboards')
          .values({ id, company_id: companyId, owner_id: userId, name: name.trim(), is_shared: isShared ? 1 : 0, created_at: at })
          .execute(),
      );
      return id;
    },
    async update(id: string, changes: { name?: string | undefined; is_shared?: boolean | undefined }): Promise<void> {
      const set = {
        ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
        ...(changes.is_shared !== undefined ? { is_shared: changes.is_shared ? 1 : 0 } : {}),
      };
      if (Object.keys(set).length === 0) return;
      await audited(db, { action: 'update', resource: 'dashboard', id }, (trx) => trx.updateTable('dashboards').set(set).where('id', '=', id).execute());
    },
    /** Its widgets go with it (widgets.dashboard_id cascades). */
    async remove(id: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'dashboard', id }, (trx) => trx.deleteFrom('dashboards').where('id', '=', id).execute());
    },
  };
}

export type DashboardsRepository = ReturnType<typeof dashboardsRepository>;
