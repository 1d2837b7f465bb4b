import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { dialectOf, type Db } from '../db/database.js';
import type { Database, DevicesTable } from '../db/schema.js';
import { memberCompanyIds } from './member-companies.js';
import { powerStatus } from '../domain/power.js';
import { deviceFilterCondition, ftsPhrase, type DeviceFilters } from './device-filter.js';
import type { Device, DeviceDetail, DeviceOrdering, TopicValue } from '../schemas/devices.js';
import { boundedCount, countBound } from './list-page.js';
import { COUNT_CAP } from '../schemas/common.js';
import { audited } from './audited.js';

export interface DeviceFields {
  dev_eui: string;
  join_eui: string;
  app_key: string;
  name: string;
  profile_id: string | null;
  unit_id: string | null;
}

/**
 * The rows after `last` in the list's order (ordered() below): ascending with never-seen devices
 * first, descending with them last, ties by id. The `>=` / `<=` half lets the database read the
 * column's index from the last value on.
 */
function afterRow(
  eb: ExpressionBuilder<Database, 'devices'>,
  column: 'devices.name' | 'devices.last_seen' | 'devices.dev_eui' | 'devices.created_at',
  descending: boolean,
  last: { value: string | null; id: string },
): Expression<SqlBool> {
  const { value, id } = last;
  if (value === null) {
    const laterNull = eb.and([eb(column, 'is', null), eb('devices.id', '>', id)]);
    return descending ? laterNull : eb.or([laterNull, eb(column, 'is not', null)]);
  }
  if (descending) return eb.or([eb.and([eb(column, '<=', value), eb.or([eb(column, '<', value), eb('devices.id', '>', id)])]), eb(column, 'is', null)]);
  return eb.and([eb(column, '>=', value), eb.or([eb(column, '>', value), eb('devices.id', '>', id)])]);
}

/** Which page of the list, in which order, and whether to count every match (no DeviceListQuery.bounded_count). */
export interface DeviceListPage {
  ordering: DeviceOrdering;
  limit: number;
  offset: number;
  exactCount?: boolean | undefined;
  countCap?: number | undefined;
  /** ACROSS_COMPANIES_WALK or IN_COMPANY_WALK (how far a walk goes), but for tests. */
  walkMax?: number | undefined;
  /** ACROSS_COMPANIES_FROM (from how many companies a walk crosses them), but for tests. */
  acrossCompaniesFrom?: number | undefined;
  /** IN_COMPANY_WALK_FROM (from how many matches a company's devices are walked), but for tests. */
  inCompanyWalkFrom?: number | undefined;
}

type DeviceRow = Selectable<DevicesTable> & { config_name: string | null; unit_name: string | null };

const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  company_id: row.company_id,
  dev_eui: row.dev_eui,
  join_eui: row.join_eui,
  name: row.name,
  config: row.profile_id,
  config_name: row.config_name,
  unit: row.unit_id,
  unit_name: row.unit_name,
  last_seen: row.last_seen,
  power_status: powerStatus(row),
  battery_level: row.power_source === 'battery' ? row.battery_level : null,
  created_at: row.created_at,
});

/**
 * Up to how many devices (of all companies) a search may match in SQLite's trigram index for the
 * list to start from the index. A word that rare is found there in well under a millisecond where
 * the LIKE reads the whole company; a common word ("temp": 25,000 of 100,000) is found faster by
 * reading the list's order index with the LIKE, which stops after a page of matches, than by
 * collecting and sorting all its matches from the trigram index (bench/RESULTS.md).
 */
const FTS_DRIVE_MAX = 2000;

/**
 * PostgreSQL, no company chosen (a member of many companies through the API): up to how many
 * devices of all companies a page may walk along its order's index (migration 0042) before the
 * user's matches are sorted instead. Walking finds a page at once where the user's devices spread
 * over the order, but a search whose matches sit together at the far end of it ("door" names
 * come first, so by name descending) walked 750,000 other devices of the million (bench/RESULTS.md).
 */
const ACROSS_COMPANIES_WALK = 5000;
/**
 * SQLite, a company chosen and a filter with an index of its own (unit, profile, power): up to how
 * many of the company's devices a page may walk along its order's index (0039) before the matches
 * are left to the planner. The planner reads the filter's index and sorts every match, each one's
 * row read for the column it sorts by (a unit of 12,500 in a company of 100,000: 30–45 ms); walking
 * the order finds a page of them after a few hundred rows. A small unit would walk the whole company
 * (100,000 rows, 110 ms), hence the bound (5,000 rows: some 5 ms when the page is not among them).
 */
const IN_COMPANY_WALK = 5000;
/**
 * From how many matches on (as the list counted them) the walk is tried: fewer are sorted in a
 * millisecond or two, where a walk that does not find them would add its 5 ms (a unit of 20: 0.5 → 6.6 ms).
 * Never above COUNT_CAP, the least a bounded count counts to.
 */
const IN_COMPANY_WALK_FROM = 1000;
/**
 * From how many companies on: a member of fewer is served by their companies' own indexes (0039),
 * which PostgreSQL's planner reads for them, and a walk across all companies would only add its
 * cost (some 8–15 ms for a member of one company of the million).
 */
const ACROSS_COMPANIES_FROM = 20;
/** The orders with an index across companies on PostgreSQL (0042's, and the DevEUI's unique one), and within a company on both (0039's). */
const WALKED_ORDERS = new Set(['name', 'last_seen', 'dev_eui']);

type Counted = { n: number | string };

/** `reads` serves the filtered list, a read that can be expensive (DatabaseHandle.reads); the rest stays on `db`. */
export function devicesRepository(db: Db, reads: Db = db) {
  const dialect = dialectOf(db);
  const sqlite = dialect === 'sqlite';

  /** Whether the search is rare enough in SQLite's trigram index (migration 0041) to start from it. */
  async function fromTrigramIndex(search: string | undefined): Promise<boolean> {
    const phrase = sqlite ? ftsPhrase(search) : undefined;
    if (!phrase) return false;
    const found = sql<Counted>`select count(*) as n from (select rowid from devices_fts where devices_fts match ${phrase} limit ${FTS_DRIVE_MAX + 1})`;
    const { rows } = await found.execute(reads);
    return Number(rows[0]?.n ?? 0) <= FTS_DRIVE_MAX;
  }

  /**
   * What a bounded count selects of each match. SQLite: a column no index of the list holds, so the
   * matches are counted in the table's order (or a filter's index), which no word's devices cluster
   * in. Along a covering index of the list (0044) a common word whose devices sit together at its
   * far end ("a84041…", a vendor's DevEUIs, in DevEUI order) was read last: 2 → 17 ms for the count.
   */
  const countedColumn = (sqlite ? sql<unknown>`devices.created_at` : sql<unknown>`1`).as('counted');

  const devicesOf = (from: Db) => from.selectFrom('devices');
  const visible = (userId: string, from: Db = db, devices = devicesOf(from)) => devices.where('devices.company_id', 'in', memberCompanyIds(from, userId));

  /**
   * The devices table read as its first `count` rows (of all companies, or of one) in the list's
   * order: the same columns under the same name, so the list's conditions apply unchanged, and an
   * index walk along the order that stops there (pageFromWalk).
   */
  const firstInOrder = (ordering: DeviceOrdering, count: number, companyId?: string) => {
    const devices = companyId ? devicesOf(reads).where('devices.company_id', '=', companyId) : devicesOf(reads);
    return reads.selectFrom(ordered(devices.selectAll('devices'), ordering).limit(count).as('devices')) as unknown as ReturnType<typeof devicesOf>;
  };

  function filtered(userId: string, filters: DeviceFilters, ftsIndex: boolean, devices?: ReturnType<typeof devicesOf>) {
    const { companyId } = filters;
    // With a company chosen, membership is one check of that company, not a second condition on
    // devices.company_id: beside `company_id = ?` an `IN (subquery)` made SQLite sort the whole
    // company for every page instead of reading the order's index (migration 0039).
    const query = companyId
      ? (devices ?? devicesOf(reads)).where(({ exists }) => exists(memberCompanyIds(reads, userId).where('company_members.company_id', '=', companyId)))
      : visible(userId, reads, devices);
    return query.where((eb) => deviceFilterCondition(eb, filters, dialect, ftsIndex));
  }

  const withNames = <Q extends ReturnType<typeof visible>>(query: Q) =>
    query
      .leftJoin('profiles', 'profiles.id', 'devices.profile_id')
      .leftJoin('units', 'units.id', 'devices.unit_id')
      .selectAll('devices')
      .select(['profiles.name as config_name', 'units.name as unit_name']);

  /**
   * The list's order: by the chosen column, then by id so pages never overlap. `sorted`: by the
   * column's value as an expression that no index holds, the same order, so the database sorts the
   * matches instead of walking an index (pageFromWalk).
   */
  const ordered = <TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB | 'devices', O>, ordering: DeviceOrdering, sorted = false) => {
    // References rather than column names: the query's tables are a type parameter here.
    const column = sql.ref(`devices.${ordering.replace('-', '')}`);
    const key = sorted ? sql<string>`${column} || ''` : column;
    const id = sql.ref('devices.id');
    const descending = ordering.startsWith('-');
    // Never-seen devices go last when the newest come first, and first the other way round, on both
    // databases. Only last_seen is ever null: the other columns are ordered without NULLS FIRST/LAST,
    // which PostgreSQL would otherwise read as an order no index of theirs has (migration 0039).
    if (ordering.endsWith('last_seen')) return query.orderBy(key, (ob) => (descending ? ob.desc().nullsLast() : ob.asc().nullsFirst())).orderBy(id);
    const byKey = query.orderBy(key, descending ? 'desc' : 'asc');
    // The DevEUI is unique (0002), so no tie to settle; and SQLite reads a company's index on it (0044) in order only when nothing follows it.
    return ordering.endsWith('dev_eui') ? byKey : byKey.orderBy(id);
  };

  /** A page of the matches in the list's order. */
  const pageOf = (matches: ReturnType<typeof filtered>, page: DeviceListPage, sorted = false) =>
    ordered(withNames(matches), page.ordering, sorted).limit(page.limit).offset(page.offset).execute();

  /** Whether the user is a member of at least `count` companies (read no further). */
  async function memberOfMany(userId: string, count: number): Promise<boolean> {
    const found = await reads
      .selectFrom(memberCompanyIds(reads, userId).limit(count).as('member'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(found?.n ?? 0) >= count;
  }

  /**
   * The page from the first `walk` devices in the list's order (of all companies, or of the chosen
   * one) when they hold it: the order's index is walked until the page is full, at most that far.
   * Else from `matches`, sorted: walking the rest of the order is what this avoids. PostgreSQL then
   * sorts the user's matches; SQLite reads the filter's index and sorts (its planner, left alone,
   * walked the rest of the company's order: a profile of 20,000 with a common word, 60 → 19 ms).
   * Either way the same rows: the first matches in the order are the first matches of any
   * beginning of it that holds them.
   */
  async function pageFromWalk(
    userId: string,
    filters: DeviceFilters,
    matches: ReturnType<typeof filtered>,
    page: DeviceListPage,
    walk: number,
  ): Promise<DeviceRow[]> {
    const walked = await pageOf(filtered(userId, filters, false, firstInOrder(page.ordering, walk, filters.companyId)), page);
    return walked.length === page.limit ? walked : pageOf(matches, page, true);
  }

  /**
   * How many devices the page is looked for among, walking its order's index, or undefined where
   * the planner's own plan serves it: across companies on PostgreSQL for a member of many with none
   * chosen, within the chosen company on SQLite for a filter with an index of its own and many matches.
   */
  async function walkLength(userId: string, filters: DeviceFilters, page: DeviceListPage, ftsIndex: boolean, found: number): Promise<number | undefined> {
    if (!WALKED_ORDERS.has(page.ordering.replace('-', ''))) return undefined;
    if (!sqlite && !filters.companyId && (await memberOfMany(userId, page.acrossCompaniesFrom ?? ACROSS_COMPANIES_FROM))) {
      return page.walkMax ?? ACROSS_COMPANIES_WALK;
    }
    const filteredByIndex = Boolean(filters.unitId || filters.profileId || filters.powerStatus);
    if (sqlite && filters.companyId && !ftsIndex && filteredByIndex && found > (page.inCompanyWalkFrom ?? IN_COMPANY_WALK_FROM)) {
      return page.walkMax ?? IN_COMPANY_WALK;
    }
    return undefined;
  }

  return {
    /**
     * A page of the list and how many devices match, counted only up to a bound (countBound) unless
     * `exactCount`: the rows past it are never read, where an exact count read all 100,000 of a
     * company for every page (issue #20). `countCap` is COUNT_CAP but for tests.
     */
    async list(userId: string, filters: DeviceFilters, page: DeviceListPage): Promise<{ count: number; count_exact: boolean; results: Device[] }> {
      const ftsIndex = await fromTrigramIndex(filters.search);
      const matches = filtered(userId, filters, ftsIndex);
      const bound = page.exactCount ? undefined : countBound(page, page.countCap ?? COUNT_CAP);
      const counted =
        bound === undefined
          ? await matches.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
          : await reads
              .selectFrom(
                matches
                  .select(countedColumn)
                  .limit(bound + 1)
                  .as('bounded'),
              )
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirst();
      const found = Number(counted?.n ?? 0);
      // A page that starts past the last match (a search that matches nothing, above all) is not read:
      // the count is exact there, and the page's query would read the same rows again for nothing.
      if (found <= page.offset) return { ...boundedCount(counted?.n, bound), results: [] };
      const walk = await walkLength(userId, filters, page, ftsIndex, found);
      const rows = walk === undefined ? await pageOf(matches, page) : await pageFromWalk(userId, filters, matches, page, walk);
      return { ...boundedCount(counted?.n, bound), results: rows.map(toDevice) };
    },

    /**
     * Every device the list's filters match, in the list's order, a page of `batch` at a time: an
     * export of a whole fleet never holds more than one page in memory. Each page starts after the
     * last row of the one before (its value and id), not at an offset, so the database reads every
     * row once instead of skipping ever more rows page after page.
     */
    async *matching(userId: string, filters: DeviceFilters, ordering: DeviceOrdering, batch = 1000): AsyncGenerator<Device[]> {
      const field = ordering.replace('-', '') as 'name' | 'last_seen' | 'dev_eui' | 'created_at';
      let last: { value: string | null; id: string } | undefined;
      const ftsIndex = await fromTrigramIndex(filters.search);
      for (;;) {
        let query = filtered(userId, filters, ftsIndex);
        if (last) query = query.where((eb) => afterRow(eb, `devices.${field}`, ordering.startsWith('-'), last as { value: string | null; id: string }));
        const rows = await ordered(withNames(query), ordering).limit(batch).execute();
        if (rows.length > 0) yield rows.map(toDevice);
        if (rows.length < batch) return;
        const end = rows[rows.length - 1] as DeviceRow;
        last = { value: end[field], id: end.id };
      }
    },

    async find(userId: string, id: string): Promise<DeviceDetail | undefined> {
      const row = await withNames(visible(userId).where('devices.id', '=', id)).executeTakeFirst();
      return row
        ? {
            ...toDevice(row),
            app_key: row.app_key,
            latitude: row.latitude,
            longitude: row.longitude,
            altitude: row.altitude,
            location_source: row.location_source,
            location_at: row.location_at,
          }
        : undefined;
    },

    async findByDevEui(devEui: string): Promise<{ id: string; company_id: string } | undefined> {
      return db.selectFrom('devices').select(['id', 'company_id']).where('dev_eui', '=', devEui).executeTakeFirst();
    },

    async create(companyId: string, fields: DeviceFields, at: string): Promise<string> {
      const id = randomUUID();
      await audited(db, { action: 'create', resource: 'device', id }, (trx) =>
        trx
          .insertInto('devices')
          .values({ id, company_id: companyId, ...fields, last_seen: null, power_source: 'unknown', battery_level: null, created_at: at })
          .execute(),
      );
      return id;
    },

    async update(id: string, fields: Partial<DeviceFields>): Promise<void> {
      if (Object.keys(fields).length === 0) return;
      await audited(db, { action: 'update', resource: 'device', id }, (trx) => trx.updateTable('devices').set(fields).where('id', '=', id).execute());
    },

    async remove(id: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'device', id }, (trx) => trx.deleteFrom('devices').where('id', '=', id).execute());
    },

    async topics(deviceId: string): Promise<TopicValue[]> {
      const rows = await db.selectFrom('device_topics').selectAll().where('device_id', '=', deviceId).orderBy('topic').execute();
      return rows.map((row) => ({
        topic: row.topic,
        last_value: JSON.parse(row.last_value) as unknown,
        last_timestamp: row.last_timestamp,
        decoded_by: row.decoded_by,
      }));
    },

    /** Whether a profile and a unit (when given) belong to the company a device is in. */
    async referencesBelongTo(companyId: string, refs: { profileId?: string | null | undefined; unitId?: string | null | undefined }) {
      const profileOk =
        !refs.profileId ||
        (await db.selectFrom('profiles').select('id').where('id', '=', refs.profileId).where('company_id', '=', companyId).executeTakeFirst()) !== undefined;
      const unitOk =
        !refs.unitId ||
        (await db.selectFrom('units').select('id').where('id', '=', refs.unitId).where('company_id', '=', companyId).executeTakeFirst()) !== undefined;
      return { profileOk, unitOk };
    },
  };
}

export type DevicesRepository = ReturnType<typeof devicesRepository>;
