import type { DeleteResult } from 'kysely';
import type { Db } from '../db/database.js';
import { DOWNLINK_WAITING_STATES } from '../domain/downlink.js';
import { DEFAULT_PLAN, type Plan } from '../domain/plans.js';

const deleted = (result: DeleteResult): number => Number(result.numDeletedRows);

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

    /**
     * Up to `limit` sessions that can no longer be used: the refresh token expired (the session
     * service refuses a session from its `expires_at` on), or the session was revoked (signed out,
     * or a replayed refresh token). Either way verify and refresh answer as for no session at all.
     */
    async purgeSessions(at: string, limit: number): Promise<number> {
      const dead = db
        .selectFrom('sessions')
        .select('handle')
        .where((eb) => eb.or([eb('expires_at', '<=', at), eb('revoked_at', 'is not', null)]))
        .limit(limit);
      return deleted(await db.deleteFrom('sessions').where('handle', 'in', dead).executeTakeFirst());
    },

    /** Up to `limit` webhook deliveries that are done (delivered, or given up) and last changed before `before`. */
    async purgeDeliveries(before: string, limit: number): Promise<number> {
      const done = db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', 'in', ['delivered', 'failed'])
        .where('updated_at', '<', before)
        .limit(limit);
      return deleted(await db.deleteFrom('webhook_deliveries').where('id', 'in', done).executeTakeFirst());
    },

    /**
     * Up to `limit` downlinks sent before `before` that have left the queue (sent, answered, failed
     * or cancelled); pending and queued ones stay, since they may still go out.
     */
    async purgeDownlinks(before: string, limit: number): Promise<number> {
      const done = db.selectFrom('downlinks').select('id').where('state', 'not in', DOWNLINK_WAITING_STATES).where('created_at', '<', before).limit(limit);
      return deleted(await db.deleteFrom('downlinks').where('id', 'in', done).executeTakeFirst());
    },

    /**
     * Up to `limit` audit entries older than `cutoff` of companies on one of `plans`; the entries
     * of a deleted company follow the default plan's retention.
     */
    async purgeAuditEvents(cutoff: string, plans: readonly Plan[], limit: number): Promise<number> {
      const onPlans = db.selectFrom('companies').select('id').where('plan', 'in', plans);
      const expired = db
        .selectFrom('audit_events')
        .select('id')
        .where('at', '<', cutoff)
        .where((eb) =>
          plans.includes(DEFAULT_PLAN)
            ? eb.or([eb('company_id', 'in', onPlans), eb('company_id', 'not in', db.selectFrom('companies').select('id'))])
            : eb('company_id', 'in', onPlans),
        )
        .limit(limit);
      return deleted(await db.deleteFrom('audit_events').where('id', 'in', expired).executeTakeFirst());
    },

    /** Up to `limit` read notifications created before `before`; unread ones stay. */
    async purgeReadNotifications(before: string, limit: number): Promise<number> {
      const read = db.selectFrom('notifications').select('id').where('is_read', '=', 1).where('created_at', '<', before).limit(limit);
      return deleted(await db.deleteFrom('notifications').where('id', 'in', read).executeTakeFirst());
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
