import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../../server/src/schemas/gateways.js';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { createRecord, createCompany } from '../helpers/fixtures.js';
import { until } from '../helpers/mqtt-broker.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type Page, type SignedIn } from '../helpers/users.js';

/**
 * The sweep as a node runs it (startDataPlane, intervals from config): a node killed with SIGKILL
 * leaves its gateways' presence rows behind, and nothing releases them but their expiry.
 */
describe('gateways of a node that died', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', GATEWAY_HEARTBEAT_MS: '50', GATEWAY_PRESENCE_EXPIRY_MS: '500' }, undefined, { dataPlane: true });
    owner = await signUp(t.app);
    company = await createCompany(t, owner, 'Presence company');
  });
  afterAll(async () => {
    await t.close();
  });

  const gateway = async (ref: string) => (await call(t.app, owner, 'GET', `/api/gateway/${ref}/`)).json<Gateway>();
  const notifications = async () => (await call(t.app, owner, 'GET', '/api/user/notifications/')).json<Page<Notification>>().results;
  const leaseUntil = async () =>
    (await t.db.selectFrom('job_leases').select('held_until').where('name', '=', 'gateway-presence').executeTakeFirst())?.held_until ?? '';

  it('are disconnected once their heartbeat expires, with one notification', async () => {
    const ref = await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: 'B827EBFFFE8B0031', name: 'Mast' });
    const at = t.clock.now().toISOString();
    // What the killed node had written when it last heartbeat.
    await t.db.updateTable('gateways').set({ connected: 1, last_seen: at }).where('id', '=', ref).execute();
    await t.db.insertInto('gateway_presence').values({ gateway_id: 'B827EBFFFE8B0031', node: 'killed-node', connected_at: at, heartbeat_at: at }).execute();
    expect((await gateway(ref)).connected).toBe(true);

    expect(await until(async () => !(await gateway(ref)).connected)).toBe(true);
    expect(await until(async () => (await notifications()).length > 0)).toBe(true);
    expect(await t.db.selectFrom('gateway_presence').selectAll().execute()).toEqual([]);
    for (let round = 0; round < 2; round++) {
      const before = await leaseUntil();
      expect(await until(async () => (await leaseUntil()) > before)).toBe(true);
    }
    expect(await notifications()).toEqual([expect.objectContaining({ kind: 'gateway_disconnected', title: 'Gateway disconnected: Mast' })]);
    expect((await gateway(ref)).last_seen).toBe(at);
  });
});
