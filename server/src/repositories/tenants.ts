import { randomUUID } from 'node:crypto';
import { dialectOf, type Db } from '../db/database.js';
import { containsText } from './text-match.js';
import { listPage } from './list-page.js';
import { audited } from './audited.js';
import type { Tenant } from '../schemas/tenants.js';
import { idIn } from './id-filter.js';

export interface TenantChanges {
  name?: string | undefined;
  logo_url?: string | null | undefined;
  color_hex?: string | null | undefined;
}

const normaliseColor = (hex: string | null | undefined) => (hex ? hex.toUpperCase() : hex);

export function tenantsRepository(db: Db) {
  const dialect = dialectOf(db);
  const owned = (userId: string) =>
    db
      .selectFrom('tenants')
      .innerJoin('tenant_owners', (join) => join.onRef('tenant_owners.tenant_id', '=', 'tenants.id').on('tenant_owners.user_id', '=', userId));

  return {
    async list(userId: string, options: { search?: string | undefined; ids?: string[] | undefined; limit: number; offset: number; descending: boolean }) {
      let query = owned(userId);
      if (options.search) query = query.where(containsText('tenants.name', options.search, dialect));
      if (options.ids) query = query.where(idIn('tenants.id', options.ids));
      return listPage(
        query,
        options,
        (q) =>
          q
            .selectAll('tenants')
            .orderBy('tenants.name', options.descending ? 'desc' : 'asc')
            .orderBy('tenants.id'),
        (row) => row,
      );
    },

    async findOwned(userId: string, tenantId: string): Promise<Tenant | undefined> {
      return owned(userId).selectAll('tenants').where('tenants.id', '=', tenantId).executeTakeFirst();
    },

    /** Owners read their tenants; members of a company under a tenant read it too (its branding). */
    async findVisible(userId: string, tenantId: string): Promise<Tenant | undefined> {
      return db
        .selectFrom('tenants')
        .selectAll()
        .where('id', '=', tenantId)
        .where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('tenant_owners')
                .select('user_id')
                .whereRef('tenant_owners.tenant_id', '=', 'tenants.id')
                .where('tenant_owners.user_id', '=', userId),
            ),
            eb.exists(
              eb
                .selectFrom('companies')
                .innerJoin('company_members', 'company_members.company_id', 'companies.id')
                .select('companies.id')
                .whereRef('companies.tenant_id', '=', 'tenants.id')
                .where('company_members.user_id', '=', userId),
            ),
          ]),
        )
        .executeTakeFirst();
    },

    async create(userId: string, input: TenantChanges & { name: string }, at: string): Promise<Tenant> {
      const tenant: Tenant = {
        id: randomUUID(),
        name: input.name.trim(),
        logo_url: input.logo_url ?? null,
        color_hex: normaliseColor(input.color_hex) ?? null,
        created_at: at,
      };
      await audited(db, { action: 'create', resource: 'tenant', id: tenant.id }, async (trx) => {
        await trx.insertInto('tenants').values(tenant).execute();
        await trx.insertInto('tenant_owners').values({ tenant_id: tenant.id, user_id: userId }).execute();
      });
      return tenant;
    },

    async update(tenantId: string, changes: TenantChanges): Promise<void> {
      const set: Partial<Tenant> = {};
      if (changes.name !== undefined) set.name = changes.name.trim();
      if (changes.logo_url !== undefined) set.logo_url = changes.logo_url;
      if (changes.color_hex !== undefined) set.color_hex = normaliseColor(changes.color_hex) ?? null;
      if (Object.keys(set).length === 0) return;
      await audited(db, { action: 'update', resource: 'tenant', id: tenantId }, (trx) =>
        trx.updateTable('tenants').set(set).where('id', '=', tenantId).execute(),
      );
    },

    async remove(tenantId: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'tenant', id: tenantId }, (trx) => trx.deleteFrom('tenants').where('id', '=', tenantId).execute());
    },
  };
}

export type TenantsRepository = ReturnType<typeof tenantsRepository>;
