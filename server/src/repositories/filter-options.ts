import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { BATTERY_LOW_PERCENT } from '../domain/power.js';
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
 * The devices whose options are counted. With a company chosen, membership is one check of that
 * company (as in the device list): beside `company_id = ?` an `IN (member companies)` kept SQLite
 * from counting along the company's index of the counted column (migration 0041).
 */
function devicesOf(db: Db, scope: Scope) {
  const { companyId } = scope;
  if (!companyId) return db.selectFrom('devices').where('devices.company_id', 'in', memberCompanyIds(db, scope.userId));
  return db
    .selectFrom('devices')
    .where(({ exists }) => exists(memberCompanyIds(db, scope.userId).where('company_members.company_id', '=', companyId)))
    .where('devices.company_id', '=', companyId);
}

/**
 * Devices counted per referenced record (profile or unit), labelled with its name. The devices are
 * counted per reference first, along the company's index of that column (migration 0041), and
 * only the few counts are joined to the names: joining every device to its name first and grouping
 * by the name read the 100,000 rows of a company three times as long. The join target is aliased
 * `ref` so one query serves both references.
 */
function deviceReference(target: 'profiles' | 'units', column: 'devices.profile_id' | 'devices.unit_id'): OptionQuery {
  return async (db, scope) => {
    const counted = devicesOf(db, scope)
      .where(column, 'is not', null)
      .select([`${column} as ref_id` as 'devices.profile_id as ref_id', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(column)
      .as('counted');
    const joined = db.selectFrom(counted).innerJoin(`${target} as ref` as 'profiles as ref', 'ref.id', 'counted.ref_id');
    const query = scope.search ? joined.where(containsText('ref.name', scope.search ?? '')) : joined;
    const rows = await query.select(['ref.id as value', 'ref.name as label', 'counted.count']).orderBy('ref.name').limit(MAX_FILTER_OPTIONS).execute();
    return toOptions(rows);
  };
}

/**
 * Devices counted per power status. Counted per power source and battery level first, in the order
 * of the company's index of those columns (migration 0041), then the few groups summed per status:
 * grouping every device by the status expression sorted the whole company.
 */
const powerStatus: OptionQuery = async (db, scope) => {
  const counted = devicesOf(db, scope)
    .select(['devices.power_source', 'devices.battery_level', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['devices.power_source', 'devices.battery_level'])
    .as('counted');
  const status = sql<string>`case when counted.power_source = 'external' then 'external'
    when counted.power_source = 'battery' and counted.battery_level < ${sql.lit(BATTERY_LOW_PERCENT)} then 'battery_low'
    when counted.power_source = 'battery' then 'battery' else 'unknown' end`;
  const rows = await db
    .selectFrom(counted)
    .select([status.as('value'), sql<number | string>`sum(counted.count)`.as('count')])
    .groupBy(status)
    .orderBy('value')
    .execute();
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
  if (scope.search) query = query.where(containsText('groups.name', scope.search ?? ''));
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
  if (scope.search) query = query.where(containsText('vendor', scope.search ?? ''));
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
      ['config', deviceReference('profiles', 'devices.profile_id')],
      ['unit', deviceReference('units', 'devices.unit_id')],
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
