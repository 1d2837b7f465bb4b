import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** A gateway that has just turned disconnected: what its outage notification needs. */
export interface DisconnectedGateway {
  id: string;
  company_id: string;
  gateway_id: string;
  name: string;
}

const DISCONNECTED_COLUMNS = ['id', 'company_id', 'gateway_id', 'name'] as const;

/** No node holds the gateway with a heartbeat after `liveAfter`. */
const heldByNoNode = (liveAfter: string) => (eb: ExpressionBuilder<Database, 'gateways'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('gateway_presence')
        .select('gateway_presence.node')
        .whereRef('gateway_presence.gateway_id', '=', 'gateways.gateway_id')
        .where('gateway_presence.heartbeat_at', '>', liveAfter),
    ),
  );

/**
 * Gateways' connections per API node (migration 0021). The gateway's `connected` flag follows the
 * rows: it turns false in one conditional statement, when no node holds the gateway with a live
 * heartbeat and it was still true, so of several nodes (or a node and the sweep) deciding at once
 * exactly one sees the transition and notifies.
 */
export function gatewayPresenceRepository(db: Db) {
  return {
    /** `node` holds a connection of the gateway from `at`: its row with a fresh heartbeat, and the gateway connected and seen. */
    async hold(gatewayId: string, node: string, at: string): Promise<{ id: string; company_id: string } | undefined> {
      await db
        .insertInto('gateway_presence')
        .values({ gateway_id: gatewayId, node, connected_at: at, heartbeat_at: at })
        .onConflict((conflict) => conflict.columns(['gateway_id', 'node']).doUpdateSet({ heartbeat_at: at }))
        .execute();
      return db
        .updateTable('gateways')
        .set({ connected: 1, last_seen: at })
        .where('gateway_id', '=', gatewayId)
        .returning(['id', 'company_id'])
        .executeTakeFirst();
    },

    /**
     * Refreshes the heartbeat of every row `node` holds, and connects again the gateways among them
     * found disconnected (a release on another node that raced this node's hold). Answers the
     * gateways of the rows (rows swept meanwhile are missing) and those connected again.
     */
    async heartbeat(node: string, at: string): Promise<{ recorded: Set<string>; reconnected: string[] }> {
      const rows = await db.updateTable('gateway_presence').set({ heartbeat_at: at }).where('node', '=', node).returning('gateway_id').execute();
      const reconnected = await db
        .updateTable('gateways')
        .set({ connected: 1 })
        .where('connected', '=', 0)
        .where('gateway_id', 'in', db.selectFrom('gateway_presence').select('gateway_id').where('node', '=', node))
        .returning('id')
        .execute();
      return { recorded: new Set(rows.map((row) => row.gateway_id)), reconnected: reconnected.map((row) => row.id) };
    },

    /**
     * `node` no longer holds the gateway. Answers the gateway when this made it disconnected: no
     * other node holds it with a heartbeat after `liveAfter`, and it was connected until now.
     */
    async release(gatewayId: string, node: string, at: string, liveAfter: string): Promise<DisconnectedGateway | undefined> {
      await db.deleteFrom('gateway_presence').where('gateway_id', '=', gatewayId).where('node', '=', node).execute();
      return db
        .updateTable('gateways')
        .set({ connected: 0, last_seen: at })
        .where('gateway_id', '=', gatewayId)
        .where('connected', '=', 1)
        .where(heldByNoNode(liveAfter))
        .returning(DISCONNECTED_COLUMNS)
        .executeTakeFirst();
    },

    /**
     * Rows whose heartbeat stopped by `liveAfter` (their node died) are deleted, and the gateways
     * then held by no node are disconnected; answers those. A gateway seen after `liveAfter` is
     * spared for now: it may just be reconnecting (after an upgrade, no node had recorded it yet).
     */
    async expire(liveAfter: string): Promise<DisconnectedGateway[]> {
      await db.deleteFrom('gateway_presence').where('heartbeat_at', '<=', liveAfter).execute();
      return db
        .updateTable('gateways')
        .set({ connected: 0 })
        .where('connected', '=', 1)
        .where((eb) => eb.or([eb('last_seen', 'is', null), eb('last_seen', '<=', liveAfter)]))
        .where(heldByNoNode(liveAfter))
        .returning(DISCONNECTED_COLUMNS)
        .execute();
    },
  };
}

export type GatewayPresenceRepository = ReturnType<typeof gatewayPresenceRepository>;
