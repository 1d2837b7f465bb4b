import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../../server/src/schemas/gateways.js';
import { call } from '../helpers/users.js';
import { until } from '../helpers/mqtt-broker.js';
import { answers, brokerHarness, type BrokerHarness } from './broker-harness.js';

const VICTIM = 'B827EBFFFE000A01';
const ATTACKER = 'B827EBFFFE000B01';

/** Issue #16: a gateway certificate connected under another gateway's client id and kicked that gateway off. */
describe('broker: the client id is the certificate’s gateway ID', () => {
  let h: BrokerHarness;
  let victimRef: string;
  beforeAll(async () => {
    h = await brokerHarness();
    victimRef = await h.register(h.alice, h.company, VICTIM);
  });
  afterAll(async () => h.close());

  const victim = async () => (await call(h.t.app, h.alice, 'GET', `/api/gateway/${victimRef}/`)).json<Gateway>();

  it("refuses a certificate connecting as another gateway, and the real one stays connected without a 'disconnected' notification", async () => {
    const real = await h.connect(await h.issue(h.alice, victimRef), VICTIM.toLowerCase());
    expect(await until(async () => (await victim()).connected)).toBe(true);

    const attackerRef = await h.register(h.bob, h.bobCompany, ATTACKER);
    const attackerCert = await h.issue(h.bob, attackerRef);
    for (const clientId of [VICTIM.toLowerCase(), VICTIM, `gateway/${VICTIM}/${VICTIM}`, '']) {
      await expect(h.connect(attackerCert, clientId)).rejects.toThrow(/Identifier rejected/);
    }

    expect(await answers(real, `eu868/gateway/${VICTIM.toLowerCase()}/event/stats`)).toBe(true);
    expect((await victim()).connected).toBe(true);
    expect(await h.notifications(h.alice)).toEqual([]);
    // The refused impostor's own gateway was never reported connected either.
    expect((await call(h.t.app, h.bob, 'GET', `/api/gateway/${attackerRef}/`)).json<Gateway>().connected).toBe(false);
    expect(h.warnings.filter((w) => w.includes('is not its gateway ID'))).toHaveLength(4);
  });

  it('admits the gateway ID as client id in any case, as the ChirpStack MQTT forwarder sends it', async () => {
    const ref = await h.register(h.bob, h.bobCompany, 'B827EBFFFE000B02');
    const client = await h.connect(await h.issue(h.bob, ref), 'b827EBfffe000b02');
    expect(await answers(client, 'eu868/gateway/b827ebfffe000b02/event/stats')).toBe(true);
  });
});
