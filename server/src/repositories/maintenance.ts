import type { Db } from '../db/database.js';
import type { Plan } from '../domain/plans.js';

/** The queries of the data plane's periodic chores (dataplane/maintenance.ts): retention and the checks of time passing. */
export function maintenanceRepository(db: Db) {
  /** Retention follows the plan of the owner's company: the ids of its devices, or the EUIs of its gateways. */
  const devicesOn = (plans: readonly Plan[]) =>
    db.selectFrom('devices').innerJoin('companies', 'companies.id', 'devices.company_id').select('devices.id').where('companies.plan', 'in', plans);
  const gatewaysOn = (plans: readonly Plan[]) =>
    db.selectFrom('gateways').innerJoin('companies', 'companies.id', 'gateways.company_id').select('gateways.gateway_id').where('companies.plan', 'in', plans);

  return {
    async deleteEventsBefore(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('device_events').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Time-series samples older than `cutoff` of devices whose company is on one of `plans`. */
    async deleteSamplesBefore(cutoff: string, plans: readonly Plan[]): Promise<number> {
      const result = await db.deleteFrom('topic_samples').where('ts', '<', cutoff).where('device_id', 'in', devicesOn(plans)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The index of receptions by gateway, older than `cutoff`, of gateways whose company is on one of `plans`. */
    async deleteReceptionsBefore(cutoff: string, plans: readonly Plan[]): Promise<number> {
      const result = await db.deleteFrom('frame_receptions').where('gateway_id', 'in', gatewaysOn(plans)).where('received_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Frames (radio metadata) older than `cutoff` of devices whose company is on one of `plans`. */
    async deleteFramesBefore(cutoff: string, plans: readonly Plan[]): Promise<number> {
      const result = await db.deleteFrom('frames').where('received_at', '<', cutoff).where('device_id', 'in', devicesOn(plans)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Devices with a known interval not heard since `before`: the ones that may have gone silent. */
    async silentCandidates(before: string) {
      return db
        .selectFrom('devices')
        .select(['id', 'company_id', 'name', 'dev_eui', 'last_seen', 'uplink_interval_s'])
        .where('uplink_interval_s', 'is not', null)
        .where('last_seen', '<', before)
        .execute();
    },

    /** Gateways whose certificate expires before `before`. */
    async expiringCertificates(before: string) {
      return db
        .selectFrom('gateways')
        .select(['id', 'company_id', 'name', 'gateway_id', 'cert_expires_at', 'cert_serial'])
        .where('cert_expires_at', 'is not', null)
        .where('cert_expires_at', '<', before)
        .execute();
    },
  };
}

export type MaintenanceRepository = ReturnType<typeof maintenanceRepository>;
