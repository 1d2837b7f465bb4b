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

    async deviceIdsUsingProfile(profileId: string): Promise<string[]> {
      return (await db.selectFrom('devices').select('id').where('profile_id', '=', profileId).execute()).map((row) => row.id);
    },

    async profileIdsOfCompany(companyId: string): Promise<string[]> {
      return (await db.selectFrom('profiles').select('id').where('company_id', '=', companyId).execute()).map((row) => row.id);
    },

    gatewaysOfCompany: (companyId: string) => db.selectFrom('gateways').select(['id', 'gateway_id']).where('company_id', '=', companyId).execute(),

    hasIntegrationKey: async (companyId: string): Promise<boolean> =>
      (await db.selectFrom('integration_keys').select('lookup').where('company_id', '=', companyId).executeTakeFirst()) !== undefined,

    /** Reconciliation: what is here, of one company or of all (companyId undefined), with the network server's ids. */
    devicesOf: (companyId: string | undefined) => {
      let query = db
        .selectFrom('devices')
        .leftJoin('network_sync as ps', (join) => join.onRef('ps.entity_id', '=', 'devices.profile_id').on('ps.kind', '=', 'profile'))
        .select([
          'devices.id',
          'devices.company_id',
          'devices.dev_eui',
          'devices.join_eui',
          'devices.app_key',
          'devices.name',
          'ps.remote_id as profile_remote_id',
        ]);
      if (companyId) query = query.where('devices.company_id', '=', companyId);
      return query.execute();
    },

    profilesOf: (companyId: string | undefined) => {
      let query = db
        .selectFrom('profiles')
        .leftJoin('network_sync as ns', (join) => join.onRef('ns.entity_id', '=', 'profiles.id').on('ns.kind', '=', 'profile'))
        .select(['profiles.id', 'profiles.company_id', 'profiles.name', 'ns.remote_id']);
      if (companyId) query = query.where('profiles.company_id', '=', companyId);
      return query.execute();
    },

    gatewaysOf: (companyId: string | undefined) => {
      let query = db.selectFrom('gateways').select(['id', 'company_id', 'gateway_id', 'name']);
      if (companyId) query = query.where('company_id', '=', companyId);
      return query.execute();
    },

    /** The network server's application of each company that has one. */
    applicationsOf: (companyId: string | undefined) => {
      let query = db
        .selectFrom('network_sync')
        .select(['entity_id as company_id', 'remote_id'])
        .where('kind', '=', 'application')
        .where('remote_id', 'is not', null);
      if (companyId) query = query.where('entity_id', '=', companyId);
      return query.execute();
    },

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
