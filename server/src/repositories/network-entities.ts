import type { Db } from '../db/database.js';

/**
 * What the network-server worker reads of the entities it provisions, as they are now (a put
 * pushes the current state, so a change recorded twice is pushed once), and the credentials of
 * the HTTP integrations it sets up.
 */
export function networkEntitiesRepository(db: Db) {
  return {
    company: (id: string) => db.selectFrom('companies').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),

    profile: (id: string) =>
      db
        .selectFrom('profiles')
        .select([
          'id',
          'company_id',
          'name',
          'codec',
          'supports_otaa',
          'supports_class_b',
          'supports_class_c',
          'region',
          'mac_version',
          'reg_params_revision',
          'uplink_interval_s',
        ])
        .where('id', '=', id)
        .executeTakeFirst(),

    device: (id: string) =>
      db.selectFrom('devices').select(['id', 'company_id', 'dev_eui', 'join_eui', 'app_key', 'name', 'profile_id']).where('id', '=', id).executeTakeFirst(),

    gateway: (id: string) => db.selectFrom('gateways').select(['id', 'company_id', 'gateway_id', 'name']).where('id', '=', id).executeTakeFirst(),

    async profileIdsOfCompany(companyId: string): Promise<string[]> {
      return (await db.selectFrom('profiles').select('id').where('company_id', '=', companyId).execute()).map((row) => row.id);
    },

    gatewaysOfCompany: (companyId: string) => db.selectFrom('gateways').select(['id', 'gateway_id']).where('company_id', '=', companyId).execute(),

    hasIntegrationKey: async (companyId: string): Promise<boolean> =>
      (await db.selectFrom('integration_keys').select('lookup').where('company_id', '=', companyId).executeTakeFirst()) !== undefined,

    /** Replaces the company's integration credential: the network server gets the new key, the old one stops working. */
    async replaceIntegrationKey(companyId: string, lookup: string, keyHash: string, at: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('integration_keys').where('company_id', '=', companyId).execute();
        await trx.insertInto('integration_keys').values({ lookup, company_id: companyId, key_hash: keyHash, created_at: at }).execute();
      });
    },

    findIntegrationKey: (lookup: string) =>
      db.selectFrom('integration_keys').select(['company_id', 'key_hash']).where('lookup', '=', lookup).executeTakeFirst(),
  };
}

export type NetworkEntitiesRepository = ReturnType<typeof networkEntitiesRepository>;
