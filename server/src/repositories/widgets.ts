import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { WidgetsTable } from '../db/schema.js';
import { visibleDashboards } from './dashboards.js';
import type { DataSourceMode, Widget, WidgetFields } from '../schemas/widgets.js';
import { listPage } from './list-page.js';
import { audited } from './audited.js';

const toWidget = (row: WidgetsTable): Widget => ({
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

type WidgetColumns = Omit<WidgetsTable, 'id' | 'dashboard_id' | 'created_at'>;

/** JSON names to columns (positionX → position_x …); fields left out stay untouched. */
function widgetColumns(fields: Partial<WidgetFields>): Partial<WidgetColumns> {
  const map: Partial<WidgetColumns> = {
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
}

/** Widgets are reached only through dashboards the caller may see. */
export function widgetsRepository(db: Db) {
  const visible = (userId: string) =>
    db
      .selectFrom('widgets')
      .innerJoin('dashboards', 'dashboards.id', 'widgets.dashboard_id')
      .where('widgets.dashboard_id', 'in', visibleDashboards(db, userId).select('dashboards.id'));

  return {
    async list(userId: string, options: { dashboardId?: string | undefined; limit: number; offset: number }): Promise<{ count: number; results: Widget[] }> {
      let query = visible(userId);
      if (options.dashboardId) query = query.where('widgets.dashboard_id', '=', options.dashboardId);
      // Reading order of the grid: row by row, left to right.
      return listPage(
        query,
        options,
        (q) => q.selectAll('widgets').orderBy('widgets.position_y').orderBy('widgets.position_x').orderBy('widgets.id'),
        toWidget,
      );
    },
    async find(userId: string, id: string): Promise<(Widget & { company_id: string }) | undefined> {
      const row = await visible(userId).selectAll('widgets').select('dashboards.company_id').where('widgets.id', '=', id).executeTakeFirst();
      return row ? { ...toWidget(row), company_id: row.company_id } : undefined;
    },
    /** Which of the referenced device and unit are not the given company's (names the offending fields). */
    async foreignReferences(companyId: string, refs: { device: string | null; unit: string | null }): Promise<('device' | 'unit')[]> {
      const foreign: ('device' | 'unit')[] = [];
      if (refs.device && !(await db.selectFrom('devices').select('id').where('id', '=', refs.device).where('company_id', '=', companyId).executeTakeFirst())) {
        foreign.push('device');
      }
      if (refs.unit && !(await db.selectFrom('units').select('id').where('id', '=', refs.unit).where('company_id', '=', companyId).executeTakeFirst())) {
        foreign.push('unit');
      }
      return foreign;
    },
    async create(dashboardId: string, fields: WidgetFields, at: string): Promise<string> {
      const id = randomUUID();
      await audited(db, { action: 'create', resource: 'widget', id }, (trx) =>
        trx
          .insertInto('widgets')
          .values({ id, dashboard_id: dashboardId, ...(widgetColumns(fields) as WidgetColumns), created_at: at })
          .execute(),
      );
      return id;
    },
    async update(id: string, fields: Partial<WidgetFields>): Promise<void> {
      const set = widgetColumns(fields);
      if (Object.keys(set).length === 0) return;
      await audited(db, { action: 'update', resource: 'widget', id }, (trx) => trx.updateTable('widgets').set(set).where('id', '=', id).execute());
    },
    async remove(id: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'widget', id }, (trx) => trx.deleteFrom('widgets').where('id', '=', id).execute());
    },
  };
}

export type WidgetsRepository = ReturnType<typeof widgetsRepository>;
