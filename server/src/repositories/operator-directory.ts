import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { dialectOf, type Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { OperatorTenant, OperatorTenantOrdering, OperatorUser, OperatorUserOrdering } from '../schemas/operator.js';
import { listPage, type PageWindow } from './list-page.js';
import { containsText } from './text-match.js';

export interface OperatorTenantFilters {
  search?: string | undefined;
  ordering: OperatorTenantOrdering;
}

export interface OperatorUserFilters {
  search?: string | undefined;
  operator?: boolean | undefined;
  verified?: boolean | undefined;
  ordering: OperatorUserOrdering;
  /** The addresses of OPERATOR_EMAILS (lower case): operators whom only the environment names. */
  configured: readonly string[];
}

const direction = (ordering: string) => (ordering.startsWith('-') ? 'desc' : 'asc');
/** Counts are bigint strings on PostgreSQL. */
const count = (value: unknown) => Number(value ?? 0);

/**
 * The back-office's lists over every tenant and every user of the platform (issue #17), not
 * scoped to a user: only operator-only routes call it. Each page is one query plus one for the
 * owners or companies of the rows on it.
 */
export function operatorDirectoryRepository(db: Db) {
  const dialect = dialectOf(db);
  const isConfigured = (eb: ExpressionBuilder<Database, 'users'>, configured: readonly string[]): Expression<SqlBool> =>
    configured.length > 0 ? eb('users.email', 'in', [...configured]) : eb.lit(false);
  const isGranted = (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.exists(eb.selectFrom('operators').select('operators.email').whereRef('operators.email', '=', 'users.email'));

  return {
    async tenants(filters: OperatorTenantFilters, window: PageWindow): Promise<{ count: number; results: OperatorTenant[] }> {
      let query = db.selectFrom('tenants');
      if (filters.search) query = query.where(containsText('tenants.name', filters.search, dialect));
      const column = filters.ordering.replace('-', '');
      const page = await listPage(
        query,
        window,
        (q) =>
          q
            .select(['tenants.id', 'tenants.name', 'tenants.logo_url', 'tenants.color_hex', 'tenants.created_at'])
            .select((eb) => [
              eb
                .selectFrom('companies')
                .select(sql<number>`count(*)`.as('n'))
                .whereRef('companies.tenant_id', '=', 'tenants.id')
                .as('companies'),
              eb
                .selectFrom('devices')
                .innerJoin('companies', 'companies.id', 'devices.company_id')
                .select(sql<number>`count(*)`.as('n'))
                .whereRef('companies.tenant_id', '=', 'tenants.id')
                .as('devices'),
            ])
            .orderBy(sql.ref(column === 'companies' || column === 'devices' ? column : `tenants.${column}`), direction(filters.ordering))
            .orderBy('tenants.id'),
        (row) => ({ ...row, companies: count(row.companies), devices: count(row.devices), owners: [] as string[] }),
      );
      const ids = page.results.map((tenant) => tenant.id);
      if (ids.length === 0) return page;
      const owners = await db
        .selectFrom('tenant_owners')
        .innerJoin('users', 'users.id', 'tenant_owners.user_id')
        .select(['tenant_owners.tenant_id', 'users.email'])
        .where('tenant_owners.tenant_id', 'in', ids)
        .orderBy('users.email')
        .execute();
      for (const tenant of page.results) tenant.owners = owners.filter((o) => o.tenant_id === tenant.id).map((o) => o.email);
      return page;
    },

    async tenantExists(id: string): Promise<boolean> {
      return (await db.selectFrom('tenants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async users(filters: OperatorUserFilters, window: PageWindow): Promise<{ count: number; results: OperatorUser[] }> {
      let query = db.selectFrom('users');
      const { search, configured } = filters;
      if (search) {
        query = query.where((eb) =>
          eb.or([
            containsText('users.email', search, dialect),
            containsText('users.first_name', search, dialect),
            containsText('users.last_name', search, dialect),
          ]),
        );
      }
      if (filters.verified !== undefined) query = query.where('users.email_verified', '=', filters.verified ? 1 : 0);
      if (filters.operator !== undefined) {
        query = query.where((eb) => {
          const either = eb.or([isConfigured(eb, configured), isGranted(eb)]);
          return filters.operator ? either : eb.not(either);
        });
      }
      const column = filters.ordering.replace('-', '');
      const page = await listPage(
        query,
        window,
        (q) =>
          q
            .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.email_verified', 'users.created_at'])
            .select((eb) => [
              eb
                .selectFrom('sessions')
                .select(sql<string | null>`max(sessions.created_at)`.as('at'))
                .whereRef('sessions.user_id', '=', 'users.id')
                .as('last_sign_in_at'),
              isGranted(eb).as('granted'),
            ])
            // Users who never signed in come first ascending on both databases (their defaults differ);
            // PostgreSQL takes an output column's name alone, not inside an expression.
            .orderBy(
              column === 'last_sign_in_at'
                ? sql`last_sign_in_at ${sql.raw(direction(filters.ordering))} nulls ${sql.raw(direction(filters.ordering) === 'asc' ? 'first' : 'last')}`
                : sql`${sql.ref(`users.${column}`)} ${sql.raw(direction(filters.ordering))}`,
            )
            .orderBy('users.id'),
        (row): OperatorUser => ({
          id: row.id,
          email: row.email,
          first_name: row.first_name,
          last_name: row.last_name,
          email_verified: Boolean(row.email_verified),
          companies: [],
          operator: configured.includes(row.email) ? 'environment' : row.granted ? 'granted' : null,
          created_at: row.created_at,
          last_sign_in_at: row.last_sign_in_at ?? null,
        }),
      );
      const ids = page.results.map((user) => user.id);
      if (ids.length === 0) return page;
      const memberships = await db
        .selectFrom('company_members')
        .innerJoin('companies', 'companies.id', 'company_members.company_id')
        .select(['company_members.user_id', 'companies.id', 'companies.name', 'company_members.role'])
        .where('company_members.user_id', 'in', ids)
        .orderBy('companies.name')
        .orderBy('companies.id')
        .execute();
      for (const user of page.results) {
        user.companies = memberships.filter((m) => m.user_id === user.id).map(({ id, name, role }) => ({ id, name, role }));
      }
      return page;
    },

    async userEmail(id: string): Promise<string | undefined> {
      return (await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst())?.email;
    },
  };
}

export type OperatorDirectoryRepository = ReturnType<typeof operatorDirectoryRepository>;
