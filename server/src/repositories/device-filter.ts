import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { DEFAULT_JOIN_EUI } from '../domain/network.js';
import { BATTERY_LOW_PERCENT, type PowerStatus } from '../domain/power.js';
import { containsText } from './text-match.js';
import { idIn } from './id-filter.js';

export interface DeviceFilters {
  companyId?: string | undefined;
  ids?: string[] | undefined;
  search?: string | undefined;
  profileId?: string | undefined;
  unitId?: string | undefined;
  powerStatus?: PowerStatus | undefined;
}

/** The power-status filter as SQL, so it runs in the database with the rest. */
function powerCondition(status: PowerStatus): Expression<SqlBool> {
  switch (status) {
    case 'external':
      return sql<SqlBool>`devices.power_source = 'external'`;
    case 'battery_low':
      return sql<SqlBool>`devices.power_source = 'battery' and devices.battery_level < ${BATTERY_LOW_PERCENT}`;
    case 'battery':
      return sql<SqlBool>`devices.power_source = 'battery' and (devices.battery_level is null or devices.battery_level >= ${BATTERY_LOW_PERCENT})`;
    case 'unknown':
      return sql<SqlBool>`devices.power_source not in ('external', 'battery')`;
  }
}

/** The trigram index answers only strings of 3 characters or more. */
const FTS_MIN_CHARS = 3;

/** The search as SQLite's trigram index (migration 0041) is asked for it: the LIKE's own text (trimmed, lower case), one quoted FTS5 string matched literally; undefined when too short for the index. */
export function ftsPhrase(search: string | undefined): string | undefined {
  const lowered = search?.trim().toLowerCase() ?? '';
  return [...lowered].length >= FTS_MIN_CHARS ? `"${lowered.replaceAll('"', '""')}"` : undefined;
}

/**
 * The devices whose name, DevEUI or JoinEUI holds the phrase, from the trigram index: FTS5 folds
 * case as LIKE on lower() does and more, so it finds every row the LIKE finds (and the LIKE beside
 * it drops the rest).
 */
const ftsCandidates = (phrase: string): Expression<SqlBool> =>
  sql<SqlBool>`devices.id in (select device_id from device_search_rows where rowid in (select rowid from devices_fts where devices_fts match ${phrase}))`;

/**
 * The device list's filters as one condition: the list, its export and the bulk jobs
 * (repositories/bulk-jobs.ts) select "all matching" the same way. `ftsIndex`: the database is
 * SQLite and the search is to be found from devices_fts before the LIKE (devices.ts says when).
 */
export function deviceFilterCondition(
  eb: ExpressionBuilder<Database, 'devices'>,
  filters: DeviceFilters,
  dialect: Dialect,
  ftsIndex: boolean,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.companyId) conditions.push(eb('devices.company_id', '=', filters.companyId));
  if (filters.ids) conditions.push(idIn('devices.id', filters.ids));
  if (filters.profileId) conditions.push(eb('devices.profile_id', '=', filters.profileId));
  if (filters.unitId) conditions.push(eb('devices.unit_id', '=', filters.unitId));
  if (filters.powerStatus) conditions.push(powerCondition(filters.powerStatus));
  if (filters.search) {
    const text = filters.search;
    const phrase = ftsIndex ? ftsPhrase(text) : undefined;
    if (phrase) conditions.push(ftsCandidates(phrase));
    // The JoinEUI too ("all devices of this vendor"), but not the zeros of "none", which every search for "0000" would hit.
    conditions.push(
      eb.or([
        containsText('devices.name', text, dialect),
        containsText('devices.dev_eui', text, dialect),
        eb.and([eb('devices.join_eui', '!=', DEFAULT_JOIN_EUI), containsText('devices.join_eui', text, dialect)]),
      ]),
    );
  }
  return eb.and(conditions);
}
