import { sql } from 'kysely';
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

/** The trigram index needs three characters; shorter queries match names by prefix only. */
const MIN_INDEXED_LENGTH = 3;

/** The entity types of the index, in the order the results list them. */
const COMPANY_TYPES = ['device', 'gateway', 'unit', 'group', 'company'] as const satisfies SearchType[];

interface Hit {
  type: SearchType;
  id: string;
  name: string;
  /** 0: the terms start with the query; 1: they contain it elsewhere. */
  pass: number;
}

const byName = (a: Hit, b: Hit) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function searchRepository(db: Db, dialect: Dialect) {
  /** Byte order on PostgreSQL, matching search_entries_prefix_idx (migration 0022); SQLite compares bytes anyway. */
  const terms = dialect === 'postgres' ? sql<string>`e.terms collate "C"` : sql<string>`e.terms`;

  /** One type's entries the user may see: of their companies, or for tenants, the tenants they own. */
  const entries = (type: SearchType, companies: string[], userId: string, pass: number) => {
    const rows = db
      .selectFrom('search_entries as e')
      .select(['e.type', 'e.id', 'e.name', sql<number>`${pass}`.as('pass')])
      .where('e.type', '=', type);
    return type === 'tenant'
      ? rows.where('e.tenant_id', 'in', db.selectFrom('tenant_owners').select('tenant_id').where('user_id', '=', userId))
      : rows.where('e.company_id', 'in', companies);
  };

  /** Entries whose terms start with the needle: a range of search_entries_prefix_idx, read until the limit. */
  const prefixMatches = (type: SearchType, companies: string[], userId: string, needle: string) => {
    const { from, to } = prefixRange(needle);
    return entries(type, companies, userId, 0)
      .where(sql<boolean>`${terms} >= ${from}`)
      .where(sql<boolean>`${terms} < ${to}`)
      .orderBy(terms)
      .limit(RESULTS_PER_TYPE);
  };

  /** Entries that contain the needle anywhere, through the trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL). */
  const containing = (type: SearchType, companies: string[], userId: string, needle: string) => {
    const rows = entries(type, companies, userId, 1);
    const matched =
      dialect === 'sqlite'
        ? rows.where(sql<boolean>`e.rowid in (select rowid from search_fts where search_fts match ${`"${needle.replaceAll('"', '""')}"`})`)
        : // pg_trgm's GIN index serves LIKE '%…%' directly.
          rows.where(likeEscaped(sql.ref('e.terms'), likePattern(needle)));
    return matched.orderBy('e.name').limit(RESULTS_PER_TYPE);
  };

  /** Matches among each company's newest events, newest first. */
  async function recentEvents(companies: string[], needle: string): Promise<SearchResult[]> {
    const newest = companies.map((companyId) =>
      db
        .selectFrom(
          db
            .selectFrom('device_events')
            .select(['id', 'summary', 'created_at'])
            .where('company_id', '=', companyId)
            .orderBy('created_at', 'desc')
            .limit(RECENT_EVENTS_SEARCHED)
            .as('n'),
        )
        .selectAll(),
    );
    const [first, ...rest] = newest;
    if (!first) return [];
    const rows = await db
      .selectFrom(rest.reduce((union, part) => union.unionAll(part), first).as('r'))
      .select(['r.id', 'r.summary'])
      .where(containsText('r.summary', needle))
      .orderBy('r.created_at', 'desc')
      .limit(RESULTS_PER_TYPE)
      .execute();
    return rows.map((row) => ({ type: 'event', id: row.id, name: row.summary }));
  }

  return {
    /**
     * Up to RESULTS_PER_TYPE hits of each type: per type, the entries that start with the query, then
     * those that contain it, each part a LIMIT over an index, so no type ranks all its matches.
     */
    async search(userId: string, text: string, includeTenants: boolean): Promise<SearchResult[]> {
      const needle = text.trim().toLowerCase();
      const companies = (await memberCompanyIds(db, userId).execute()).map((row) => row.company_id);
      const types: SearchType[] = [...(companies.length > 0 ? COMPANY_TYPES : []), ...(includeTenants ? (['tenant'] as const) : [])];
      const parts = types.flatMap((type) => [
        prefixMatches(type, companies, userId, needle),
        ...(needle.length >= MIN_INDEXED_LENGTH ? [containing(type, companies, userId, needle)] : []),
      ]);
      // A union's parts take their own ORDER BY and LIMIT only inside a subquery each.
      const wrapped = parts.map((part, i) => db.selectFrom(part.as(`p${i}`)).selectAll());
      const [first, ...rest] = wrapped;
      const hits = first ? await rest.reduce((union, part) => union.unionAll(part), first).execute() : [];

      const results: SearchResult[] = [];
      for (const type of types) {
        const seen = new Set<string>();
        // PostgreSQL may answer `pass` as a string; a union's order is its parts' only by accident.
        const ofType = hits.filter((hit) => hit.type === type).sort((a, b) => Number(a.pass) - Number(b.pass) || byName(a, b));
        for (const hit of ofType) {
          if (seen.has(hit.id) || seen.size >= RESULTS_PER_TYPE) continue;
          seen.add(hit.id);
          // The console shows the id when a record has no name (spec §3).
          results.push(hit.name ? { type, id: hit.id, name: hit.name } : { type, id: hit.id });
        }
      }
      return [...results, ...(companies.length > 0 ? await recentEvents(companies, needle) : [])];
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
