import { randomUUID } from 'node:crypto';
import { dialectOf, type Db } from '../db/database.js';
import type { GatewaysTable } from '../db/schema.js';
import { containsText } from './text-match.js';
import { memberCompanyIds } from './member-companies.js';
import { listPage } from './list-page.js';
import type { Gateway } from '../schemas/gateways.js';
import { audited } from './audited.js';
import { idIn } from './id-filter.js';

export type GatewayOrdering = 'name' | '-name' | 'last_seen' | '-last_seen' | 'gateway_id' | '-gateway_id' | 'created_at' | '-created_at';

export const toGateway = (row: GatewaysTable): Gateway => ({
  id: row.id,
  company_id: row.company_id,
  gateway_id: row.gateway_id,
  name: row.name,
  last_seen: row.last_seen,
  connected: row.connected === 1,
  cert_expires_at: row.cert_expires_at,
  created_at: row.created_at,
});

/** `reads` serves the filtered list, a read that can be expensive (DatabaseHandle.reads); the rest stays on `db`. */
export function gatewaysRepository(db: Db, reads: Db = db) {
  const dialect = dialectOf(db);
  const visible = (userId: string, from: Db = db) => from.selectFrom('gateways').where('company_id', 'in', memberCompanyIds(from, userId));

  return {
    async list(
      userId: string,
      options: {
        companyId?: string | undefined;
        search?: string | undefined;
        ids?: string[] | undefined;
        connected?: boolean | undefined;
        ordering: GatewayOrdering;
        limit: number;
        offset: number;
      },
    ) {
      let query = visible(userId, reads);
      if (options.companyId) query = query.where('company_id', '=', options.companyId);
      if (options.ids) query = query.where(idIn('id', options.ids));
      if (options.connected !== undefined) query = query.where('connected', '=', options.connected ? 1 : 0);
      if (options.search) {
        const text = options.search;
        query = query.where((eb) => eb.or([containsText('name', text, dialect), containsText('gateway_id', text, dialect)]));
      }
      const column = options.ordering.replace('-', '') as 'name' | 'last_seen' | 'gateway_id' | 'created_at';
      return listPage(
        query,
        options,
        (q) =>
          q
            .selectAll()
            .orderBy(column, options.ordering.startsWith('-') ? 'desc' : 'asc')
            .orderBy('id'),
        toGateway,
      );
    },

    async find(userId: string, id: string): Promise<Gateway | undefined> {
      const row = await visible(userId).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toGateway(row) : undefined;
    },

    async findByGatewayId(gatewayId: string): Promise<Gateway | undefined> {
      const row = await db.selectFrom('gateways').selectAll().where('gateway_id', '=', gatewayId).executeTakeFirst();
      return row ? toGateway(row) : undefined;
    },

    async create(companyId: string, gatewayId: string, name: string, at: string): Promise<Gateway> {
      const row: GatewaysTable = {
        id: randomUUID(),
        company_id: companyId,
        gateway_id: gatewayId,
        name: name.trim(),
        last_seen: null,
        connected: 0,
        cert_expires_at: null,
        cert_serial: null,
        created_at: at,
      };
      await audited(db, { action: 'create', resource: 'gateway', id: row.id }, (trx) => trx.insertInto('gateways').values(row).execute());
      return toGateway(row);
    },

    async update(id: string, changes: { name?: string | undefined }): Promise<void> {
      const name = changes.name?.trim();
      if (name === undefined) return;
      await audited(db, { action: 'update', resource: 'gateway', id }, (trx) => trx.updateTable('gateways').set({ name }).where('id', '=', id).execute());
    },

    async recordCertificate(id: string, serial: string, expiresAt: string): Promise<void> {
      await audited(db, { action: 'update', resource: 'gateway', id }, (trx) =>
        trx.updateTable('gateways').set({ cert_serial: serial, cert_expires_at: expiresAt }).where('id', '=', id).execute(),
      );
    },

    /** A sign of life from the gateway; its connected state follows the nodes holding it (gateway-presence.ts). */
    async touch(gatewayId: string, at: string): Promise<void> {
      await db.updateTable('gateways').set({ last_seen: at }).where('gateway_id', '=', gatewayId).execute();
    },

    async remove(id: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'gateway', id }, (trx) => trx.deleteFrom('gateways').where('id', '=', id).execute());
    },
  };
}

export type GatewaysRepository = ReturnType<typeof gatewaysRepository>;
