import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../../server/src/schemas/gateways.js';
import { call } from '../helpers/users.js';
import { until } from '../helpers/mqtt-broker.js';
import { answers, brokerHarness, dropped, type BrokerHarness } from './broker-harness.js';

/**
 * Issue #16: re-issued and deleted gateways' certificates stayed valid; after a gateway ID was
 * deleted and registered by another company, the old certificate acted as the new company's gateway.
 */
describe('broker: revoked certificates', () => {
  let h: BrokerHarness;
  beforeAll(async () => {
    h = await brokerHarness();
  });
  afterAll(async () => h.close());

  it('refuses the previous certificate once a new one is issued, and drops its connection', async () => {
    const ref = await h.register(h.alice, h.company, 'B827EBFFFE00C001');
    const first = await h.issue(h.alice, ref);
    const old = await h.connect(first, 'b827ebfffe00c001');
    const second = await h.issue(h.alice, ref);

    expect(await dropped(old)).toBe(true);
    await expect(h.connect(first, 'b827ebfffe00c001')).rejects.toThrow(/Not authorized/);
    const current = await h.connect(second, 'b827ebfffe00c001');
    expect(await answers(current, 'eu868/gateway/b827ebfffe00c001/event/stats')).toBe(true);
    expect(h.warnings.some((w) => w.includes('B827EBFFFE00C001 disconnected: its certificate'))).toBe(true);
  });

  it("refuses a deleted gateway's certificate, also after another company registers the gateway ID", async () => {
    const ref = await h.register(h.alice, h.company, 'B827EBFFFE00C002');
    const alices = await h.issue(h.alice, ref);
    const stillConnected = await h.connect(alices, 'b827ebfffe00c002');
    expect((await call(h.t.app, h.alice, 'DELETE', `/api/gateway/${ref}/`)).statusCode).toBe(204);
    expect(await dropped(stillConnected)).toBe(true);

    const bobsRef = await h.register(h.bob, h.bobCompany, 'B827EBFFFE00C002');
    await expect(h.connect(alices, 'b827ebfffe00c002')).rejects.toThrow(/Not authorized/);
    const bobsGateway = async () => (await call(h.t.app, h.bob, 'GET', `/api/gateway/${bobsRef}/`)).json<Gateway>();
    expect((await bobsGateway()).connected).toBe(false);
    expect(h.delivered.get('B827EBFFFE00C002') ?? []).toEqual([]);

    // Bob's own certificate is the one that works now.
    const bobs = await h.connect(await h.issue(h.bob, bobsRef), 'b827ebfffe00c002');
    expect(await answers(bobs, 'eu868/gateway/b827ebfffe00c002/event/stats')).toBe(true);
    expect(await until(async () => (await bobsGateway()).connected)).toBe(true);
  });

  it('issues nothing on GET: the same certificate, no key, and the one in force keeps working', async () => {
    const ref = await h.register(h.alice, h.company, 'B827EBFFFE00C003');
    const issued = await h.issue(h.alice, ref);
    const client = await h.connect(issued, 'b827ebfffe00c003');
    const count = async () =>
      (
        await h.t.db
          .selectFrom('gateway_certificates')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    for (let i = 0; i < 3; i++) {
      const again = await call(h.t.app, h.alice, 'GET', `/api/gateway/${ref}/cert`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ server: issued.server, ca_cert: issued.ca_cert, tls_cert: issued.tls_cert, expires_at: issued.expires_at });
      expect(again.body).not.toContain('PRIVATE KEY');
    }
    expect(Number(await count())).toBe(before);
    expect(await answers(client, 'eu868/gateway/b827ebfffe00c003/event/stats')).toBe(true);
  });

  it('answers 400 for a malformed id and 404 for another company’s gateway on both certificate routes', async () => {
    const bobsRef = await h.register(h.bob, h.bobCompany, 'B827EBFFFE00C004');
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(h.t.app, h.alice, method, '/api/gateway/not-an-id/cert')).statusCode).toBe(400);
      expect((await call(h.t.app, h.alice, method, `/api/gateway/${bobsRef}/cert`)).statusCode).toBe(404);
    }
    expect(await h.t.db.selectFrom('gateway_certificates').select('serial').where('gateway_ref', '=', bobsRef).execute()).toEqual([]);
  });
});
