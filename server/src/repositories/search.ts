import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { SearchResult } from '../schemas/search.js';
import { likeEscaped, likePattern } from './text-match.js';
import { memberCompanyIds } from './member-companies.js';

export const RESULTS_PER_TYPE = 8;

/** The trigram index needs three characters; shorter queries match names by prefix. */
const MIN_INDEXED_LENGTH = 3;

export function searchRepository(db: Db, dialect: Dialect) {
  /** What the user may see: rows of their companies, and with tenants on, tenants they own. */
  const visible = (userId: string, includeTenants: boolean) =>
    db
      .selectFrom('search_entries as e')
      .where((eb) =>
        eb.or([
          eb('e.company_id', 'in', memberCompanyIds(db, userId)),
          ...(includeTenants
            ? [eb.and([eb('e.type', '=', 'tenant'), eb('e.tenant_id', 'in', db.selectFrom('tenant_owners').select('tenant_id').where('user_id', '=', userId))])]
            : []),
        ]),
      );

  return {
    /** Up to RESULTS_PER_TYPE hits of each type, in one query over the index. */
    async search(userId: string, text: string, includeTenants: boolean): Promise<SearchResult[]> {
      const needle = text.trim().toLowerCase();
      let matches = visible(userId, includeTenants).select([
        'e.type',
        'e.id',
        'e.name',
        sql<number>`row_number() over (partition by e.type order by e.name)`.as('rank'),
      ]);
      if (!includeTenants) matches = matches.where('e.type', '!=', 'tenant');
      if (needle.length < MIN_INDEXED_LENGTH) {
        matches = matches.where(likeEscaped(sql.ref('e.terms'), likePattern(needle).slice(1)));
      } else if (dialect === 'sqlite') {
        const phrase = `"${needle.replaceAll('"', '""')}"`;
        matches = matches.where(sql<boolean>`e.rowid in (select rowid from search_fts where search_fts match ${phrase})`);
      } else {
        // pg_trgm's GIN index serves LIKE '%…%' directly.
        matches = matches.where(likeEscaped(sql.ref('e.terms'), likePattern(needle)));
      }
      const rows = await db
        .selectFrom(matches.as('ranked'))
        .select(['ranked.type', 'ranked.id', 'ranked.name'])
        .where('ranked.rank', '<=', RESULTS_PER_TYPE)
        .orderBy('ranked.type')
        .orderBy('ranked.name')
        .execute();
      // The console shows the id when a record has no name (spec §3).
      return rows.map((row) => (row.name ? row : { type: row.type, id: row.id }));
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
