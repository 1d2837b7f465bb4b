import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { SearchResult, SearchType } from '../schemas/search.js';
import { containsText, likeEscaped, likePattern, prefixRange } from './text-match.js';
import { memberCompanyIds } from './member-companies.js';

export const RESULTS_PER_TYPE = 8;
/**
 * The dialog's event group looks through this many of each company's newest events, no more
 * (issue #24): its cost is bounded by the number of companies, not by the stored history. Older
 * events are searched on their device's page.
 */
export const RECENT_EVENTS_SEARCHED = 500;

/** Shorter queries match by prefix only: one or two letters are inside nearly every name. */
const MIN_CONTAINS_LENGTH = 3;

/** The entity types of the index, in the order the results list them. */
const COMPANY_TYPES = ['device', 'gateway', 'unit', 'group', 'company'] as const satisfies SearchType[];

interface Hit {
  type: SearchType;
  id: string;
  name: string;
  /** 0: the terms start with the query; 1: they contain it elsewhere; 2: an event. */
  pass: number;
  /** An event's time; '' for the entities. */
  at: string;
}

/** The user's company ids, or undefined to read them in the query itself. */
type Companies = string[] | undefined;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: Hit, b: Hit) => compare(a.name, b.name);
const byTime = (a: Hit, b: Hit) => compare(a.at, b.at);

export function searchRepository(db: Db, dialect: Dialect) {
  /** Byte order on PostgreSQL, matching search_entries_prefix_idx (migration 0022); SQLite compares bytes anyway. */
  const terms = dialect === 'postgres' ? sql<string>`e.terms collate "C"` : sql<string>`e.terms`;

  const entryColumns = (pass: number) =>
    ['e.type', 'e.id', 'e.name', sql.lit(pass).$castTo<number>().as('pass'), sql.lit('').$castTo<string>().as('at')] as const;

  /**
   * One type's entries the user may see (of their companies; for tenants, the tenants they own),
   * read along search_entries_prefix_idx: type, then company, then terms.
   */
  const entries = (type: SearchType, userId: string, pass: number, companies: Companies) => {
    const rows = db.selectFrom('search_entries as e').select(entryColumns(pass)).where('e.type', '=', type);
    return type === 'tenant'
      ? rows.where('e.tenant_id', 'in', db.selectFrom('tenant_owners').select('tenant_id').where('user_id', '=', userId))
      : rows.where('e.company_id', 'in', companies ?? memberCompanyIds(db, userId));
  };

  /**
   * PostgreSQL: a type's matching entries read company by company (a lateral join), each company
   * one range of search_entries_prefix_idx with its own LIMIT, until the limit. Given the user's
   * companies as a set, the planner guessed how many of a type's entries a condition matches from
   * the whole table's statistics: for a member of 1,000 companies it walked the company index
   * through every entry of theirs, 100,000 devices, looking for units that contain a device word
   * (some 300 ms, bench/RESULTS.md). Read per company, a type with a few entries in each costs one
   * short range of the index per company.
   */
  const perCompany = (type: SearchType, userId: string, pass: number, conditions: readonly RawBuilder<boolean>[]) =>
    db
      .selectFrom(memberCompanyIds(db, userId).as('m'))
      .crossJoinLateral((eb) =>
        conditions
          .reduce(
            (query, condition) => query.where(condition),
            eb.selectFrom('search_entries as e').select(entryColumns(pass)).where('e.type', '=', type).whereRef('e.company_id', '=', 'm.company_id'),
          )
          .limit(RESULTS_PER_TYPE)
          .as('e'),
      )
      .select(['e.type', 'e.id', 'e.name', 'e.pass', 'e.at'])
      .limit(RESULTS_PER_TYPE);

  /** Terms that start with the needle, as a range of the index. */
  const startingWith = (needle: string): RawBuilder<boolean>[] => {
    const { from, to } = prefixRange(needle);
    return [sql<boolean>`${terms} >= ${from}`, sql<boolean>`${terms} < ${to}`];
  };

  /** Entries whose terms start with the needle: one range of the index per company, read until the limit. */
  const prefixMatches = (type: SearchType, userId: string, needle: string, companies: Companies) =>
    dialect === 'postgres' && type !== 'tenant'
      ? perCompany(type, userId, 0, startingWith(needle))
      : startingWith(needle)
          .reduce((query, condition) => query.where(condition), entries(type, userId, 0, companies))
          .limit(RESULTS_PER_TYPE);

  /**
   * Entries that contain the needle elsewhere: the user's entries of the type, in index order, until
   * the limit. A common word stops after a few rows; a rare one reads the user's entries of that
   * type once, which is the size of their fleet, never of another company's or of the history.
   * On PostgreSQL devices are left to the planner (for a rare word its trigram index answers at
   * once, where reading a large fleet company by company took 50–80 ms); the other types, a few
   * entries per company, are read company by company.
   */
  const containing = (type: SearchType, userId: string, needle: string, companies: Companies) =>
    dialect === 'postgres' && type !== 'tenant' && type !== 'device'
      ? perCompany(type, userId, 1, [likeEscaped(sql.ref('e.terms'), likePattern(needle))])
      : entries(type, userId, 1, companies)
          .where(likeEscaped(sql.ref('e.terms'), likePattern(needle)))
          .limit(RESULTS_PER_TYPE);

  /**
   * Matches among each of the user's companies' newest RECENT_EVENTS_SEARCHED events, newest first:
   * per company one short range of device_events_company_idx. PostgreSQL reads it with a lateral
   * join (a plain join would leave its planner to guess the range's size); SQLite has none, and
   * with a join on a threshold it re-evaluated the threshold per row: a union of one LIMIT per
   * company instead.
   */
  const recentEvents = (userId: string, needle: string, companies: Companies) => {
    const columns = [
      sql.lit('event').$castTo<SearchType>().as('type'),
      'd.id',
      'd.summary as name',
      sql.lit(2).$castTo<number>().as('pass'),
      'd.created_at as at',
    ] as const;
    if (dialect === 'postgres')
      return db
        .selectFrom(memberCompanyIds(db, userId).as('m'))
        .crossJoinLateral((eb) =>
          eb
            .selectFrom('device_events as x')
            .select(['x.id', 'x.summary', 'x.created_at'])
            .whereRef('x.company_id', '=', 'm.company_id')
            .orderBy('x.created_at', 'desc')
            .limit(RECENT_EVENTS_SEARCHED)
            .as('d'),
        )
        .select(columns)
        .where(containsText('d.summary', needle, dialect))
        .orderBy('d.created_at', 'desc')
        .limit(RESULTS_PER_TYPE);
    // SQLite, with the ids at hand: each company's newest events, one LIMIT of the index each.
    const newest = (companies ?? []).map((companyId) =>
      db
        .selectFrom(
          db
            .selectFrom('device_events as x')
            .select(['x.id', 'x.summary', 'x.created_at'])
            .where('x.company_id', '=', companyId)
            .orderBy('x.created_at', 'desc')
            .limit(RECENT_EVENTS_SEARCHED)
            .as('n'),
        )
        .selectAll(),
    );
    const [first, ...rest] = newest;
    if (!first) return undefined;
    return db
      .selectFrom(rest.reduce((union, part) => union.unionAll(part), first).as('d'))
      .select(columns)
      .where(containsText('d.summary', needle, dialect))
      .orderBy('d.created_at', 'desc')
      .limit(RESULTS_PER_TYPE);
  };

  return {
    /**
     * Up to RESULTS_PER_TYPE hits of each type, in one statement: per type, the entries that start
     * with the query, then those that contain it, each part a LIMIT over an index, so no type reads
     * or ranks all its matches; then the matching recent events.
     */
    async search(userId: string, text: string, includeTenants: boolean): Promise<SearchResult[]> {
      const needle = text.trim().toLowerCase();
      const types: SearchType[] = [...COMPANY_TYPES, ...(includeTenants ? (['tenant'] as const) : [])];
      // SQLite's planner guesses an IN (subquery) at 25 rows and would rather scan the whole index
      // than walk 25 companies' ranges; the ids themselves (read in-process, no round trip) it
      // counts. PostgreSQL plans the subquery well, and the ids would cost a round trip.
      const companies = dialect === 'sqlite' ? (await memberCompanyIds(db, userId).execute()).map((row) => row.company_id) : undefined;
      const parts = [
        ...types.flatMap((type) => [
          prefixMatches(type, userId, needle, companies),
          ...(needle.length >= MIN_CONTAINS_LENGTH ? [containing(type, userId, needle, companies)] : []),
        ]),
      ];
      const events = recentEvents(userId, needle, companies);
      // A union's parts take their own ORDER BY and LIMIT only inside a subquery each.
      const [first, ...rest] = [
        ...parts.map((part, i) => db.selectFrom(part.as(`p${i}`)).selectAll()),
        ...(events ? [db.selectFrom(events.as(`p${parts.length}`)).selectAll()] : []),
      ];
      const hits = first ? await rest.reduce((union, part) => union.unionAll(part), first).execute() : [];

      const results: SearchResult[] = [];
      for (const type of [...types, 'event'] as const) {
        const seen = new Set<string>();
        // Entities by pass, then by name; events newest first (a union's order is its parts' only by accident).
        const ofType = hits.filter((hit) => hit.type === type).sort((a, b) => Number(a.pass) - Number(b.pass) || byTime(b, a) || byName(a, b));
        for (const hit of ofType) {
          if (seen.has(hit.id) || seen.size >= RESULTS_PER_TYPE) continue;
          seen.add(hit.id);
          // The console shows the id when a record has no name (spec §3).
          results.push(hit.name ? { type, id: hit.id, name: hit.name } : { type, id: hit.id });
        }
      }
      return results;
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
