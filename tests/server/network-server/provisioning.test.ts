import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { status } from '@grpc/grpc-js';
import commonPb from '@chirpstack/chirpstack-api/common/common_pb.js';
import { call } from '../helpers/users.js';
import { createRecord } from '../helpers/fixtures.js';
import { provisioningSetup, waiting, PUBLIC_URL, type ProvisioningSetup } from './provisioning-setup.js';
import { APP_KEY, DEV_EUI, GATEWAY_ID, devEuis } from './samples.js';

const { Region, MacVersion } = commonPb;

/** The Authorization header of an HTTP integration as the double holds it (`headersMap`: [name, value] pairs). */
const header = (integration: { headersMap: [string, string][] } | undefined) => integration?.headersMap.find(([name]) => name === 'Authorization')?.[1];

// What is registered here is provisioned into ChirpStack (issue #13), through the outbox worker.
describe('provisioning into ChirpStack', () => {
  let s: ProvisioningSetup;
  beforeEach(async () => {
    s = await provisioningSetup();
  });
  afterEach(async () => s.close());

  const createProfile = (body: object = {}) =>
    createRecord(s.t, s.alice, `/api/config/${s.company}`, { name: 'Room sensor', codec: 'function decodeUplink(input) { return { data: {} }; }', ...body });
  const createDevice = (profile: string, body: object = {}) =>
    createRecord(s.t, s.alice, '/api/device/', { company_id: s.company, dev_eui: DEV_EUI, app_key: APP_KEY, name: 'Meeting room', config: profile, ...body });

  it('a device registered here appears there with its application, profile, keys and integration', async () => {
    const profile = await createProfile({ region: 'US915', mac_version: 'LORAWAN_1_0_2', reg_params_revision: 'B', uplink_interval_s: 600 });
    const device = await createDevice(profile, { join_eui: '70B3D57ED0000000' });

    // Answered at once: pending until the worker has pushed it.
    const before = await call(s.t.app, s.alice, 'GET', `/api/device/${device}/`);
    expect(before.json().network_sync).toMatchObject({ state: 'pending', error_code: null });
    await s.worker().drain();

    const [application] = [...s.chirpstack.applications.values()];
    expect(application?.name).toBe('Alice company');
    expect(application?.tenantId).toBe(s.running.config.tenantId);
    const [remoteProfile] = [...s.chirpstack.profiles.values()];
    expect(remoteProfile?.region).toBe(Region.US915);
    expect(remoteProfile?.macVersion).toBe(MacVersion.LORAWAN_1_0_2);
    expect(remoteProfile?.uplinkInterval).toBe(600);
    expect(remoteProfile?.payloadCodecScript).toContain('decodeUplink');
    const remote = s.chirpstack.devices.get(DEV_EUI.toLowerCase());
    expect(remote?.name).toBe('Meeting room');
    expect(remote?.applicationId).toBe(application?.id);
    expect(remote?.deviceProfileId).toBe(remoteProfile?.id);
    expect(remote?.joinEui).toBe('70b3d57ed0000000');
    expect(s.chirpstack.keys.get(DEV_EUI.toLowerCase())?.nwkKey).toBe(APP_KEY.toLowerCase());

    const integration = s.chirpstack.integrations.get(application?.id ?? '');
    expect(integration?.eventEndpointUrl).toBe(`${PUBLIC_URL}/api/ingest/chirpstack`);
    expect(header(integration)).toMatch(/^Bearer li_/);

    const after = await call(s.t.app, s.alice, 'GET', `/api/device/${device}/`);
    expect(after.json().network_sync).toMatchObject({ state: 'synced', error_code: null, error_message: null });
    expect(await waiting(s.t)).toEqual([]);
  });

  it('the integration key posts the company’s events, and only its own devices’', async () => {
    const profile = await createProfile();
    await createDevice(profile);
    await createRecord(s.t, s.bob, '/api/device/', { company_id: s.bobCompany, dev_eui: 'AABBCCDDEEFF0011', app_key: APP_KEY });
    await s.worker().drain();
    const [integration] = [...s.chirpstack.integrations.values()];
    const authorization = header(integration) ?? '';
    const uplink = (devEui: string) =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/ingest/chirpstack?event=up',
        headers: { authorization },
        payload: { deviceInfo: { devEui }, time: '2026-11-23T10:00:00Z', fPort: 1, object: { temperature: 21.5 } },
      });
    expect((await uplink(DEV_EUI.toLowerCase())).statusCode).toBe(200);
    // Another company's device is not this key's: a success for the network server, nothing stored for Bob's device.
    expect((await uplink('AABBCCDDEEFF0011')).json()).toEqual({ status: 'unregistered' });
    const bobs = await s.t.db
      .selectFrom('devices')
      .innerJoin('device_events', 'device_events.device_id', 'devices.id')
      .select('device_events.id')
      .where('devices.dev_eui', '=', 'AABBCCDDEEFF0011')
      .execute();
    expect(bobs).toEqual([]);
    const forged = await s.t.app.inject({
      method: 'POST',
      url: '/api/ingest/chirpstack?event=up',
      headers: { authorization: `${authorization}x` },
      payload: {},
    });
    expect(forged.statusCode).toBe(401);
  });

  it('edits and deletes of devices, profiles and gateways follow there', async () => {
    const profile = await createProfile();
    const device = await createDevice(profile);
    const gateway = await createRecord(s.t, s.alice, '/api/gateway/', { company_id: s.company, gateway_id: GATEWAY_ID, name: 'Roof' });
    const worker = s.worker();
    await worker.drain();
    expect(s.chirpstack.gateways.get(GATEWAY_ID.toLowerCase())?.name).toBe('Roof');

    await call(s.t.app, s.alice, 'PUT', `/api/device/${device}/`, {
      name: 'Board room',
      app_key: 'FFEEDDCCBBAA99887766554433221100',
      dev_eui: '70B3D57ED0009999',
    });
    await call(s.t.app, s.alice, 'PATCH', `/api/gateway/${gateway}/`, { name: 'Mast' });
    await call(s.t.app, s.alice, 'PATCH', `/api/config/${s.company}/${profile}`, { region: 'AS923' });
    await worker.drain();
    // A changed DevEUI is a new device there: the old one goes.
    expect(s.chirpstack.devices.has(DEV_EUI.toLowerCase())).toBe(false);
    expect(s.chirpstack.devices.get('70b3d57ed0009999')?.name).toBe('Board room');
    expect(s.chirpstack.keys.get('70b3d57ed0009999')?.nwkKey).toBe('ffeeddccbbaa99887766554433221100');
    expect(s.chirpstack.gateways.get(GATEWAY_ID.toLowerCase())?.name).toBe('Mast');
    expect([...s.chirpstack.profiles.values()][0]?.region).toBe(Region.AS923);

    for (const url of [`/api/device/${device}/`, `/api/gateway/${gateway}/`, `/api/config/${s.company}/${profile}`]) {
      expect((await call(s.t.app, s.alice, 'DELETE', url)).statusCode).toBe(204);
    }
    await worker.drain();
    expect(s.chirpstack.devices.size).toBe(0);
    expect(s.chirpstack.gateways.size).toBe(0);
    expect(s.chirpstack.profiles.size).toBe(0);
    expect(await waiting(s.t)).toEqual([]);
  });

  it('a 1,000-row import provisions 1,000 devices', async () => {
    const profile = await createProfile();
    const devices = devEuis(1000).map((dev_eui) => ({ dev_eui, app_key: APP_KEY }));
    const imported = await call(s.t.app, s.alice, 'POST', '/api/device/bulk/', { company_id: s.company, config: profile, devices });
    expect(imported.json().results.filter((row: { status: string }) => row.status === 'success')).toHaveLength(1000);
    await s.worker().drain();
    expect(s.chirpstack.devices.size).toBe(1000);
    expect(s.chirpstack.requests('DeviceService/Create')).toHaveLength(1000);
    expect(s.chirpstack.requests('ApplicationService/Create')).toHaveLength(1);
    // 1,000 gRPC round trips: ~10 s on a quiet machine, past the default 30 s on a busy one.
  }, 120_000);

  it('while ChirpStack is down nothing is lost, and once back every change arrives once', async () => {
    const profile = await createProfile();
    s.chirpstack.unavailable = true;
    for (let i = 0; i < 5; i++) await createDevice(profile, { dev_eui: `70B3D57ED000000${i}` });
    const worker = s.worker();
    await worker.pushDue();
    expect(s.chirpstack.devices.size).toBe(0);
    const device = (await call(s.t.app, s.alice, 'GET', '/api/device/', undefined)).json().results[0];
    expect(device.network_sync).toMatchObject({ state: 'pending', error_code: 'unavailable' });

    s.chirpstack.unavailable = false;
    s.chirpstack.clearCalls();
    s.t.clock.advance(60_000);
    await worker.drain();
    expect(s.chirpstack.devices.size).toBe(5);
    expect(s.chirpstack.applications.size).toBe(1);
    expect(s.chirpstack.requests('DeviceService/Create')).toHaveLength(5);
    expect(s.chirpstack.requests('ApplicationService/Create')).toHaveLength(1);
    expect(s.chirpstack.requests('DeviceProfileService/Create')).toHaveLength(1);
  });

  it('a refused change is shown failed with its reason, notified once, and retried on request', async () => {
    const profile = await createProfile();
    await s.worker().drain();
    s.chirpstack.failNext('DeviceService/Create', status.INVALID_ARGUMENT, 'Validation error: dev_eui');
    const device = await createDevice(profile);
    const worker = s.worker();
    await worker.drain();
    const failed = (await call(s.t.app, s.alice, 'GET', `/api/device/${device}/`)).json();
    expect(failed.network_sync).toMatchObject({ state: 'failed', error_code: 'invalid_argument', error_message: 'Validation error: dev_eui' });
    const notifications = (await call(s.t.app, s.alice, 'GET', '/api/user/notifications')).json();
    expect(notifications.results.map((n: { kind: string; params: object }) => [n.kind, n.params])).toContainEqual([
      'network_sync_failed',
      { name: 'Meeting room' },
    ]);

    // Bob cannot retry Alice's device; Alice can.
    expect((await call(s.t.app, s.bob, 'POST', `/api/network/sync/device/${device}/retry`)).statusCode).toBe(404);
    expect((await call(s.t.app, s.alice, 'POST', `/api/network/sync/unit/${device}/retry`)).statusCode).toBe(400);
    expect((await call(s.t.app, s.alice, 'POST', '/api/network/sync/device/not-a-uuid/retry')).statusCode).toBe(400);
    expect((await s.t.app.inject({ method: 'POST', url: `/api/network/sync/device/${device}/retry` })).statusCode).toBe(401);
    expect((await call(s.t.app, s.alice, 'POST', `/api/network/sync/device/${device}/retry`)).statusCode).toBe(204);
    await worker.drain();
    expect((await call(s.t.app, s.alice, 'GET', `/api/device/${device}/`)).json().network_sync).toMatchObject({ state: 'synced' });
    expect(s.chirpstack.devices.has(DEV_EUI.toLowerCase())).toBe(true);
  });

  it('a device without a profile is failed with profile_required until it gets one', async () => {
    const device = await createRecord(s.t, s.alice, '/api/device/', { company_id: s.company, dev_eui: DEV_EUI, app_key: APP_KEY });
    await s.worker().drain();
    expect((await call(s.t.app, s.alice, 'GET', `/api/device/${device}/`)).json().network_sync).toMatchObject({
      state: 'failed',
      error_code: 'profile_required',
    });
    const profile = await createProfile();
    await call(s.t.app, s.alice, 'PUT', `/api/device/${device}/`, { config: profile });
    await s.worker().drain();
    expect(s.chirpstack.devices.has(DEV_EUI.toLowerCase())).toBe(true);
  });

  it('status counts the user’s pending and failed entities', async () => {
    await createProfile();
    expect((await call(s.t.app, s.alice, 'GET', '/api/network/status')).json()).toEqual({ mode: 'chirpstack', pending: 1, failed: 0 });
    expect((await call(s.t.app, s.bob, 'GET', '/api/network/status')).json()).toEqual({ mode: 'chirpstack', pending: 0, failed: 0 });
    expect((await s.t.app.inject({ method: 'GET', url: '/api/network/status' })).statusCode).toBe(401);
  });
});
