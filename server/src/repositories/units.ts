import { randomUUID } from 'node:crypto';
import { dialectOf, type Db } from '../db/database.js';
import { containsText } from './text-match.js';
import { memberCompanyIds } from './member-companies.js';
import type { Unit } from '../schemas/units.js';
import type { Group } from '../schemas/units.js';
import { listPage } from './list-page.js';
import { audited } from './audited.js';
import { idIn } from './id-filter.js';

export interface NamedListOptions {
  companyId?: string | undefined;
  ids?: string[] | undefined;
  search?: string | undefined;
  descending: boolean;
  limit: number;
  offset: number;
}

/** Units (places or assets devices belong to) and the groups units are gathered in. */
export function unitsRepository(db: Db) {
  const dialect = dialectOf(db);
  const visibleUnits = (userId: string, options: Partial<NamedListOptions> & { groupId?: string | undefined }) => {
    let query = db.selectFrom('units').where('units.company_id', 'in', memberCompanyIds(db, userId));
    if (options.companyId) query = query.where('units.company_id', '=', options.companyId);
    if (options.ids) query = query.where(idIn('units.id', options.ids));
    if (options.groupId) query = query.where('units.group_id', '=', options.groupId);
    if (options.search) query = query.where(containsText('units.name', options.search, dialect));
    return query;
  };

  const unitColumns = (query: ReturnType<typeof visibleUnits>) =>
    query.leftJoin('groups', 'groups.id', 'units.group_id').select((eb) => [
      'units.id',
      'units.company_id',
      'units.name',
      'units.group_id as group',
      'groups.name as group_name',
      'units.created_at',
      eb
        .selectFrom('devices')
        .select((d) => d.fn.countAll<number>().as('n'))
        .whereRef('devices.unit_id', '=', 'units.id')
        .as('device_count'),
    ]);

  const toUnit = (row: Omit<Unit, 'device_count'> & { device_count: number | string | null }): Unit => ({
    ...row,
    device_count: Number(row.device_count ?? 0),
  });

  return {
    async list(userId: string, options: NamedListOptions & { groupId?: string | undefined }) {
      return listPage(
        visibleUnits(userId, options),
        options,
        (query) =>
          unitColumns(query)
            .orderBy('units.name', options.descending ? 'desc' : 'asc')
            .orderBy('units.id'),
        toUnit,
      );
    },
    async find(userId: string, id: string): Promise<Unit | undefined> {
      const row = await unitColumns(visibleUnits(userId, { ids: [id] })).executeTakeFirst();
      return row ? toUnit(row) : undefined;
    },
    async create(companyId: string, name: string, groupId: string | null, at: string): Promise<string> {
      const id = randomUUID();
      return audited(db, { action: 'create', resource: 'unit', id }, async (trx) => {
        await trx.insertInto('units').values({ id, company_id: companyId, name: name.trim(), group_id: groupId, created_at: at }).execute();
        return id;
      });
    },
    async update(id: string, changes: { name?: string | undefined; group_id?: string | null | undefined }): Promise<void> {
      const set = {
        ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
        ...(changes.group_id !== undefined ? { group_id: changes.group_id } : {}),
      };
      if (Object.keys(set).length === 0) return;
      await audited(db, { action: 'update', resource: 'unit', id }, (trx) => trx.updateTable('units').set(set).where('id', '=', id).execute());
    },
    async remove(id: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'unit', id }, (trx) => trx.deleteFrom('units').where('id', '=', id).execute());
    },
  };
}

export function groupsRepository(db: Db) {
  const dialect = dialectOf(db);
  const visibleGroups = (userId: string, options: Partial<NamedListOptions>) => {
    let query = db.selectFrom('groups').where('groups.company_id', 'in', memberCompanyIds(db, userId));
    if (options.companyId) query = query.where('groups.company_id', '=', options.companyId);
    if (options.ids) query = query.where(idIn('groups.id', options.ids));
    if (options.search) query = query.where(containsText('groups.name', options.search, dialect));
    return query;
  };

  const groupColumns = (query: ReturnType<typeof visibleGroups>) =>
    query.select((eb) => [
      'groups.id',
      'groups.company_id',
      'groups.name',
      'groups.created_at',
      eb
        .selectFrom('units')
        .select((u) => u.fn.countAll<number>().as('n'))
        .whereRef('units.group_id', '=', 'groups.id')
        .as('unit_count'),
    ]);

  const toGroup = (row: Omit<Group, 'unit_count'> & { unit_count: number | string | null }): Group => ({ ...row, unit_count: Number(row.unit_count ?? 0) });

  return {
    async list(userId: string, options: NamedListOptions) {
      return listPage(
        visibleGroups(userId, options),
        options,
        (query) =>
          groupColumns(query)
            .orderBy('groups.name', options.descending ? 'desc' : 'asc')
            .orderBy('groups.id'),
        toGroup,
      );
    },
    async find(userId: string, id: string): Promise<Group | undefined> {
      const row = await groupColumns(visibleGroups(userId, { ids: [id] })).executeTakeFirst();
      return row ? toGroup(row) : undefined;
    },
    /** Whether the group exists in the given company (units may only join their own company's groups). */
    async inCompany(companyId: string, id: string): Promise<boolean> {
      return (await db.selectFrom('groups').select('id').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst()) !== undefined;
    },
    async create(companyId: string, name: string, at: string): Promise<string> {
      const id = randomUUID();
      return audited(db, { action: 'create', resource: 'group', id }, async (trx) => {
        await trx.insertInto('groups').values({ id, company_id: companyId, name: name.trim(), created_at: at }).execute();
        return id;
      });
    },
    async rename(id: string, name: string): Promise<void> {
      await audited(db, { action: 'update', resource: 'group', id }, (trx) =>
        trx.updateTable('groups').set({ name: name.trim() }).where('id', '=', id).execute(),
      );
    },
    async remove(id: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'group', id }, (trx) => trx.deleteFrom('groups').where('id', '=', id).execute());
    },
  };
}

export type UnitsRepository = ReturnType<typeof unitsRepository>;
export type GroupsRepository = ReturnType<typeof groupsRepository>;
