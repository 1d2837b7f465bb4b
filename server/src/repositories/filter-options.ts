import { sql, type SqlBool } from 'kysely';
import { dialectOf, type Db } from '../db/database.js';
import type { DeviceFilterField } from '../db/schema.js';
import { containsText } from './text-match.js';
import { memberCompanyIds } from './member-companies.js';
import type { FilterOption } from '../schemas/filter-options.js';

export const MAX_FILTER_OPTIONS = 200;

interface Scope {
  userId: string;
  companyId?: string | undefined;
  search?: string | undefined;
}

type OptionQuery = (db: Db, scope: Scope) => Promise<FilterOption[]>;

const toOptions = (rows: { value: string | number | null; label: string | null; count: number | string }[]): FilterOption[] =>
  rows.filter((row) => row.value !== null).map((row) => ({ value: String(row.value), label: row.label ?? String(row.value), count: Number(row.count) }));

/**
 * A company's devices per value of `field`, as the triggers of migration 0043 keep them: the folded
 * counts plus PostgreSQL's changes not yet folded in (one snapshot reads both, so a fold running
 * beside it neither hides nor doubles a device). Values no device holds any more are left out. With
 * a company chosen, membership is one check of that company (as in the device list).
 */
function devicesPer(db: Db, scope: Scope, field: DeviceFilterField) {
  const { companyId } = scope;
  const members = memberCompanyIds(db, scope.userId);
  // Both tables name it company_id: one condition serves the counts and the changes (a subquery comes in parentheses).
  const inScope = companyId
    ? sql<SqlBool>`company_id = ${companyId} and exists ${members.where('company_members.company_id', '=', companyId)}`
    : sql<SqlBool>`company_id in ${members}`;
  const counts = db.selectFrom('device_filter_counts').select(['value', 'device_count as n']).where('field', '=', field).where(inScope);
  const changes = db.selectFrom('device_filter_count_changes').select(['value', 'delta as n']).where('field', '=', field).where(inScope);
  const total = sql<number | string>`sum(kept.n)`;
  return db
    .selectFrom(counts.unionAll(changes).as('kept'))
    .select(['kept.value', total.as('count')])
    .groupBy('kept.value')
    .having(total, '>', 0);
}

/** Devices counted per referenced record (profile or unit), labelled with its name; devices without one are not an option. */
function deviceReference(target: 'profiles' | 'units', field: 'profile' | 'unit'): OptionQuery {
  return async (db, scope) => {
    const counted = devicesPer(db, scope, field).where('kept.value', '<>', '').as('counted');
    // The join target is aliased `ref` so one query serves both references.
    const joined = db.selectFrom(counted).innerJoin(`${target} as ref` as 'profiles as ref', 'ref.id', 'counted.value');
    const query = scope.search ? joined.where(containsText('ref.name', scope.search, dialectOf(db))) : joined;
    const rows = await query.select(['ref.id as value', 'ref.name as label', 'counted.count']).orderBy('ref.name').limit(MAX_FILTER_OPTIONS).execute();
    return toOptions(rows);
  };
}

/** Devices counted per power status (external, battery, battery_low, unknown). */
const powerStatus: OptionQuery = async (db, scope) => {
  const rows = await devicesPer(db, scope, 'power').orderBy('kept.value').execute();
  return toOptions(rows.map((row) => ({ ...row, label: row.value })));
};

const gatewayConnected: OptionQuery = async (db, scope) => {
  let query = db.selectFrom('gateways').where('company_id', 'in', memberCompanyIds(db, scope.userId));
  if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
  const rows = await query
    .select(['connected', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('connected')
    .orderBy('connected')
    .execute();
  return rows.map((row) => ({
    value: row.connected === 1 ? 'true' : 'false',
    label: row.connected === 1 ? 'connected' : 'disconnected',
    count: Number(row.count),
  }));
};

const unitGroup: OptionQuery = async (db, scope) => {
  let query = db.selectFrom('units').innerJoin('groups', 'groups.id', 'units.group_id').where('units.company_id', 'in', memberCompanyIds(db, scope.userId));
  if (scope.companyId) query = query.where('units.company_id', '=', scope.companyId);
  if (scope.search) query = query.where(containsText('groups.name', scope.search, dialectOf(db)));
  const rows = await query
    .select(['groups.id as value', 'groups.name as label', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['groups.id', 'groups.name'])
    .orderBy('groups.name')
    .limit(MAX_FILTER_OPTIONS)
    .execute();
  return toOptions(rows);
};

const templateVendor: OptionQuery = async (db, scope) => {
  let query = db.selectFrom('templates');
  if (scope.search) query = query.where(containsText('vendor', scope.search, dialectOf(db)));
  const rows = await query
    .select(['vendor as value', 'vendor as label', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('vendor')
    .orderBy('vendor')
    .limit(MAX_FILTER_OPTIONS)
    .execute();
  return toOptions(rows);
};

/**
 * The allow-list: model name → field name → its options; anything else is unknown (a 404). Maps,
 * so a name such as `__proto__` or `toString` finds nothing rather than Object.prototype's members.
 */
const FILTER_FIELDS = new Map<string, Map<string, OptionQuery>>([
  [
    'device',
    new Map([
      ['config', deviceReference('profiles', 'profile')],
      ['unit', deviceReference('units', 'unit')],
      ['power_status', powerStatus],
    ]),
  ],
  ['gateway', new Map([['connected', gatewayConnected]])],
  ['unit', new Map([['group', unitGroup]])],
  ['template', new Map([['vendor', templateVendor]])],
]);

export const FILTER_MODELS: readonly string[] = [...FILTER_FIELDS.keys()];
/** The filterable fields of a model; undefined for an unknown model. */
export const filterFieldsOf = (model: string): string[] | undefined => {
  const fields = FILTER_FIELDS.get(model);
  return fields && [...fields.keys()];
};

export function filterOptionsRepository(db: Db) {
  return {
    async options(model: string, field: string, scope: Scope): Promise<FilterOption[] | undefined> {
      const query = FILTER_FIELDS.get(model)?.get(field);
      return query ? query(db, scope) : undefined;
    },
  };
}
