import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayNetwork } from '../../../server/src/schemas/gateways.js';
import { GATEWAY_SEEN_WINDOW_MS } from '../../../server/src/domain/network.js';
import { createRecord, twoCompanies, type TwoCompanies } from '../helpers/fixtures.js';
import { call } from '../helpers/users.js';
import { provisioningSetup, type ProvisioningSetup } from '../network-server/provisioning-setup.js';

const GATEWAY_ID = '0016C001F153A14C';
const MINUTE = 60_000;

// The setup wizard's verify step asks whether the network server hears the gateway (issue #13).
describe('GET /api/gateway/{id}/network with ChirpStack', () => {
  let s: ProvisioningSetup;
  let gateway: string;
  beforeEach(async () => {
    s = await provisioningSetup();
    gateway = await createRecord(s.t, s.alice, '/api/gateway/', { company_id: s.company, gateway_id: GATEWAY_ID, name: 'Roof' });
  });
  afterEach(async () => s.close());

  const network = () => call(s.t.app, s.alice, 'GET', `/api/gateway/${gateway}/network`);
  /** Provisions the gateway into the double, then lets it have been heard `ago` ms before the app's now. */
  const heard = async (ago: number | null): Promise<Date | null> => {
    await s.worker().drain();
    const at = ago === null ? null : new Date(s.t.clock.now().getTime() - ago);
    s.chirpstack.setLastSeen(GATEWAY_ID, at);
    return at;
  };

  it('seen: ChirpStack heard the gateway within the window', async () => {
    const at = await heard(MINUTE);
    const response = await network();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mode: 'chirpstack', seen: true, last_seen_at: at?.toISOString() });
    expect(s.chirpstack.requests('GatewayService/Get')).toContainEqual(expect.objectContaining({ gatewayId: GATEWAY_ID.toLowerCase() }));
  });

  it('not yet: never heard, or heard only before the window', async () => {
    await heard(null);
    expect((await network()).json()).toEqual({ mode: 'chirpstack', seen: false, last_seen_at: null });

    s.chirpstack.setLastSeen(GATEWAY_ID, new Date(s.t.clock.now().getTime() - GATEWAY_SEEN_WINDOW_MS - MINUTE));
    const stale = (await network()).json<GatewayNetwork>();
    expect(stale).toMatchObject({ mode: 'chirpstack', seen: false });
    expect(stale.last_seen_at).not.toBeNull();

    // Heard just now, then silent for longer than the window: no longer seen.
    s.chirpstack.setLastSeen(GATEWAY_ID, s.t.clock.now());
    expect((await network()).json()).toMatchObject({ seen: true });
    s.t.clock.advance(GATEWAY_SEEN_WINDOW_MS + 1);
    expect((await network()).json()).toMatchObject({ seen: false });
  });

  it('a gateway ChirpStack does not know yet (not provisioned) is not seen', async () => {
    expect(s.chirpstack.gateways.size).toBe(0);
    const response = await network();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mode: 'chirpstack', seen: false, last_seen_at: null });
  });

  it('ChirpStack down: 503 networkServerUnavailable', async () => {
    await heard(MINUTE);
    s.chirpstack.unavailable = true;
    const response = await network();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'networkServerUnavailable' });
  });

  it("another company's gateway, or none: 404 without asking ChirpStack; a bad id: 400", async () => {
    s.chirpstack.clearCalls();
    const theirs = await call(s.t.app, s.bob, 'GET', `/api/gateway/${gateway}/network`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'notFound' });
    expect((await call(s.t.app, s.alice, 'GET', '/api/gateway/00000000-0000-4000-8000-000000000000/network')).statusCode).toBe(404);
    expect(s.chirpstack.calls).toEqual([]);
    const bad = await call(s.t.app, s.alice, 'GET', '/api/gateway/not-a-uuid/network');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation', fields: { id: expect.any(String) } });
  });
});

describe('GET /api/gateway/{id}/network standalone', () => {
  let s: TwoCompanies;
  beforeAll(async () => {
    s = await twoCompanies();
  });
  afterAll(async () => s.t.close());

  it('says standalone and never seen: the broker connection alone counts', async () => {
    const gateway = await createRecord(s.t, s.alice, '/api/gateway/', { company_id: s.company, gateway_id: GATEWAY_ID });
    const response = await call(s.t.app, s.alice, 'GET', `/api/gateway/${gateway}/network`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mode: 'standalone', seen: false, last_seen_at: null });
    expect((await call(s.t.app, s.bob, 'GET', `/api/gateway/${gateway}/network`)).statusCode).toBe(404);
  });
});
