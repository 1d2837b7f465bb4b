import { NodePresence, type PresenceTiming } from '../../../server/src/dataplane/broker/presence.js';
import { gatewayPresenceRepository } from '../../../server/src/repositories/gateway-presence.js';
import { notificationsRepository } from '../../../server/src/repositories/notifications.js';
import type { Db } from '../../../server/src/db/database.js';
import { expect } from 'vitest';
import { until } from './mqtt-broker.js';

/** Long enough that no heartbeat expires during a test unless the test moves its clock. */
export const TEST_PRESENCE: PresenceTiming = { heartbeatMs: 60_000, expiryMs: 180_000 };

/** One node's record of the gateway connections it holds, as startEmbeddedBroker makes it (its heartbeat not started). */
export const nodePresence = (db: Db, now: () => Date, node = 'test-node', timing: PresenceTiming = TEST_PRESENCE): NodePresence =>
  new NodePresence({ repository: gatewayPresenceRepository(db), notifications: notificationsRepository(db), node, now, timing });

/**
 * Waits until the presence sweep has run twice more on some node (its job lease moved on twice):
 * whatever it would do again, such as a second alert, has had its chance.
 */
export async function presenceSweptTwice(db: Db): Promise<void> {
  const leaseUntil = async () =>
    (await db.selectFrom('job_leases').select('held_until').where('name', '=', 'gateway-presence').executeTakeFirst())?.held_until ?? '';
  for (let round = 0; round < 2; round++) {
    const before = await leaseUntil();
    expect(await until(async () => (await leaseUntil()) > before)).toBe(true);
  }
}
