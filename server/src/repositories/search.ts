import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { SearchEntriesTable } from '../db/schema.js';
import { likePattern } from './companies.js';
import { memberCompanyIds } from './scope.js';

export type SearchType = SearchEntriesTable['type'];
export const SEARCH_TYPES: readonly SearchType[] = ['device', 'gateway', 'unit', 'group', 'company', 'tenant', 'event'];
export const RESULTS_PER_TYPE = 8;

export interface SearchHit {
  type: SearchType;
  id: string;
  name: string;
}

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
    /** Up to RESULTS_PER_TYPE hits of each type, one indexed query per type. */
    async search(userId: string, text: string, includeTenants: boolean): Promise<SearchHit[]> {
      const needle = text.trim().toLowerCase();
      const types = SEARCH_TYPES.filter((type) => type !== 'tenant' || includeTenants);
      const perType = await Promise.all(
        types.map((type) => {
          let query = visible(userId, includeTenants).select(['e.type', 'e.id', 'e.name']).where('e.type', '=', type);
          if (needle.length < MIN_INDEXED_LENGTH) {
            query = query.where('e.terms', 'like', likePattern(needle).slice(1));
          } else if (dialect === 'sqlite') {
            const phrase = `"${needle.replaceAll('"', '""')}"`;
            query = query.where(sql<boolean>`e.rowid in (select rowid from search_fts where search_fts match ${phrase})`);
          } else {
            // pg_trgm's GIN index serves LIKE '%…%' directly.
            query = query.where('e.terms', 'like', likePattern(needle));
          }
          return query.orderBy('e.name').limit(RESULTS_PER_TYPE).execute();
        }),
      );
      return perType.flat();
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
