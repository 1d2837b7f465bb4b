import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { DashboardsTable, WidgetsTable } from '../db/schema.js';
import { memberCompanyIds } from './scope.js';

export interface Dashboard {
  id: string;
  company_id: string;
  owner_id: string;
  name: string;
  is_shared: boolean;
  is_owner: boolean;
  created_at: string;
}

export const DATA_SOURCE_MODES = ['device', 'unit', 'query'] as const;
export type DataSourceMode = (typeof DATA_SOURCE_MODES)[number];

export interface Widget {
  id: string;
  dashboard: string;
  type: WidgetsTable['type'];
  title: string;
  data_source_mode: DataSourceMode;
  query: string | null;
  device: string | null;
  unit: string | null;
  topic: string | null;
  width: number;
  height: number;
  positionX: number;
  positionY: number;
  created_at: string;
}

export type WidgetFields = Omit<Widget, 'id' | 'dashboard' | 'created_at'>;

const toDashboard = (row: DashboardsTable, userId: string): Dashboard => ({
  id: row.id,
  company_id: row.company_id,
  owner_id: row.owner_id,
  name: row.name,
  is_shared: row.is_shared === 1,
  is_owner: row.owner_id === userId,
  created_at: row.created_at,
});

export const toWidget = (row: WidgetsTable): Widget => ({
  id: row.id,
  dashboard: row.dashboard_id,
  type: row.type,
  title: row.title,
  data_source_mode: row.data_source_mode as DataSourceMode,
  query: row.query,
  device: row.device_id,
  unit: row.unit_id,
  topic: row.topic,
  width: row.width,
  height: row.height,
  positionX: row.position_x,
  positionY: row.position_y,
  created_at: row.created_at,
});

const widgetColumns = (fields: Partial<WidgetFields>): Partial<WidgetsTable> => {
  const map: Partial<WidgetsTable> = {
    type: fields.type,
    title: fields.title,
    data_source_mode: fields.data_source_mode,
    query: fields.query,
    device_id: fields.device,
    unit_id: fields.unit,
    topic: fields.topic,
    width: fields.width,
    height: fields.height,
    position_x: fields.positionX,
    position_y: fields.positionY,
  };
  return Object.fromEntries(Object.entries(map).filter(([, value]) => value !== undefined));
};

/** Spec §6: a private dashboard is its owner's alone; a shared one belongs to all members. */
export function dashboardsRepository(db: Db) {
  const visible = (userId: string) =>
    db
      .selectFrom('dashboards')
      .where('dashboards.company_id', 'in', memberCompanyIds(db, userId))
      .where((eb) => eb.or([eb('dashboards.is_shared', '=', 1), eb('dashboards.owner_id', '=', userId)]));

  return {
    async list(userId: string, options: { companyId?: string | undefined; limit: number; offset: number }) {
      let query = visible(userId);
      if (options.companyId) query = query.where('dashboards.company_id', '=', options.companyId);
      const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
      const rows = await query.selectAll('dashboards').orderBy('dashboards.name').orderBy('dashboards.id').limit(options.limit).offset(options.offset).execute();
      return { count: Number(counted?.count ?? 0), results: rows.map((row) => toDashboard(row, userId)) };
    },
    async find(userId: string, id: string): Promise<Dashboard | undefined> {
      const row = await visible(userId).selectAll('dashboards').where('dashboards.id', '=', id).executeTakeFirst();
      return row ? toDashboard(row, userId) : undefined;
    },
    async create(userId: string, companyId: string, name: string, isShared: boolean, at: string): Promise<string> {
      const id = randomUUID();
      await db.insertInto('dashboards').values({ id, company_id: companyId, owner_id: userId, name: name.trim(), is_shared: isShared ? 1 : 0, created_at: at }).execute();
      return id;
    },
    async update(id: string, changes: { name?: string | undefined; is_shared?: boolean | undefined }): Promise<void> {
      const set = {
        ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
        ...(changes.is_shared !== undefined ? { is_shared: changes.is_shared ? 1 : 0 } : {}),
      };
      if (Object.keys(set).length > 0) await db.updateTable('dashboards').set(set).where('id', '=', id).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('dashboards').where('id', '=', id).execute();
    },

    async widgets(userId: string, dashboardId: string | undefined): Promise<Widget[]> {
      let query = db.selectFrom('widgets').selectAll('widgets').where('widgets.dashboard_id', 'in', visible(userId).select('dashboards.id'));
      if (dashboardId) query = query.where('widgets.dashboard_id', '=', dashboardId);
      const rows = await query.orderBy('widgets.position_y').orderBy('widgets.position_x').orderBy('widgets.id').limit(1000).execute();
      return rows.map(toWidget);
    },
    async widget(userId: string, id: string): Promise<(Widget & { company_id: string }) | undefined> {
      const row = await db
        .selectFrom('widgets')
        .innerJoin('dashboards', 'dashboards.id', 'widgets.dashboard_id')
        .selectAll('widgets')
        .select('dashboards.company_id')
        .where('widgets.id', '=', id)
        .where('widgets.dashboard_id', 'in', visible(userId).select('dashboards.id'))
        .executeTakeFirst();
      return row ? { ...toWidget(row), company_id: row.company_id } : undefined;
    },
    async createWidget(dashboardId: string, fields: WidgetFields, at: string): Promise<string> {
      const id = randomUUID();
      await db.insertInto('widgets').values({ id, dashboard_id: dashboardId, ...(widgetColumns(fields) as Omit<WidgetsTable, 'id' | 'dashboard_id' | 'created_at'>), created_at: at }).execute();
      return id;
    },
    async updateWidget(id: string, fields: Partial<WidgetFields>): Promise<void> {
      const set = widgetColumns(fields);
      if (Object.keys(set).length > 0) await db.updateTable('widgets').set(set).where('id', '=', id).execute();
    },
    async removeWidget(id: string): Promise<void> {
      await db.deleteFrom('widgets').where('id', '=', id).execute();
    },
  };
}

export type DashboardsRepository = ReturnType<typeof dashboardsRepository>;
