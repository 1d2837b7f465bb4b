import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { status } from '@grpc/grpc-js';
import { createChirpstackNetworkServer } from '../../../server/src/dataplane/network-server/chirpstack.js';
import type { DeviceProfileSpec, DeviceSpec, NetworkServer } from '../../../server/src/dataplane/network-server/port.js';
import { ChirpstackDouble, DOUBLE_API_TOKEN, DOUBLE_TENANT_ID, type RunningDouble } from './chirpstack-double.js';
import { APP_KEY, DEV_EUI, GATEWAY_ID, JOIN_EUI } from './samples.js';

const NO_KEY = '00000000000000000000000000000000';
/**
 * A tenant key's look-up of a missing object is denied as if the key were bad (UNAUTHENTICATED, no
 * message); the adapter's read of the tenant that follows tells the two apart.
 */
const TENANT_PROBE = 'ApplicationService/List';

const profileSpec = (overrides: Partial<DeviceProfileSpec> = {}): DeviceProfileSpec => ({
  remoteId: null,
  name: 'Room sensor',
  region: 'EU868',
  macVersion: 'LORAWAN_1_0_3',
  regParamsRevision: 'A',
  supportsOtaa: true,
  supportsClassB: false,
  supportsClassC: false,
  uplinkIntervalS: 900,
  codecScript: '',
  ...overrides,
});

let chirpstack: ChirpstackDouble;
let running: RunningDouble;
let ns: NetworkServer;

beforeEach(async () => {
  chirpstack = new ChirpstackDouble();
  running = await chirpstack.start();
  ns = createChirpstackNetworkServer(running.config);
});
afterEach(async () => {
  ns.close();
  await running.close();
});

/** An application and a profile to put devices in; the calls they took are forgotten. */
async function applicationWithProfile() {
  const applicationId = await ns.putApplication({ remoteId: null, name: 'Acme', description: '' });
  const deviceProfileId = await ns.putDeviceProfile(profileSpec());
  chirpstack.clearCalls();
  return { applicationId, deviceProfileId };
}

const deviceSpec = (ids: { applicationId: string; deviceProfileId: string }, overrides: Partial<DeviceSpec> = {}): DeviceSpec => ({
  devEui: DEV_EUI,
  joinEui: JOIN_EUI,
  name: 'Meeting room',
  macVersion: 'LORAWAN_1_0_3',
  appKey: APP_KEY,
  ...ids,
  ...overrides,
});

describe('chirpstack adapter: applications and integrations', () => {
  it('creates an application in the configured tenant with the API key, and returns the id ChirpStack assigned', async () => {
    const id = await ns.putApplication({ remoteId: null, name: 'Acme', description: 'Acme Ltd.' });

    expect(chirpstack.methods).toEqual(['ApplicationService/Create']);
    expect(chirpstack.calls[0].authorization).toBe(`Bearer ${DOUBLE_API_TOKEN}`);
    expect(chirpstack.requests('ApplicationService/Create')).toEqual([
      { application: { id: '', tenantId: DOUBLE_TENANT_ID, name: 'Acme', description: 'Acme Ltd.', tagsMap: [] } },
    ]);
    expect([...chirpstack.applications.keys()]).toEqual([id]);
  });

  it('updates the application it knows, and creates it again when ChirpStack lost it', async () => {
    const id = await ns.putApplication({ remoteId: null, name: 'Acme', description: '' });
    chirpstack.clearCalls();

    expect(await ns.putApplication({ remoteId: id, name: 'Acme GmbH', description: 'renamed' })).toBe(id);
    expect(chirpstack.methods).toEqual(['ApplicationService/Get', 'ApplicationService/Update']);
    expect(chirpstack.applications.get(id)).toMatchObject({ name: 'Acme GmbH', description: 'renamed', tenantId: DOUBLE_TENANT_ID });

    await ns.deleteApplication(id);
    const recreated = await ns.putApplication({ remoteId: id, name: 'Acme GmbH', description: '' });
    expect(recreated).not.toBe(id);
    expect([...chirpstack.applications.keys()]).toEqual([recreated]);
  });

  it('deletes an application, and a second delete of it succeeds', async () => {
    const id = await ns.putApplication({ remoteId: null, name: 'Acme', description: '' });
    await ns.deleteApplication(id);
    await ns.deleteApplication(id);
    expect(chirpstack.applications.size).toBe(0);
  });

  it('creates the HTTP integration with JSON encoding, then replaces it', async () => {
    const { applicationId } = await applicationWithProfile();
    const spec = { applicationId, eventEndpointUrl: 'https://console.example.com/api/ingest/chirpstack', headers: { authorization: 'Bearer k1' } };

    await ns.putHttpIntegration(spec);
    await ns.putHttpIntegration({ ...spec, headers: { authorization: 'Bearer k2' } });

    expect(chirpstack.methods).toEqual([
      'ApplicationService/GetHttpIntegration',
      'ApplicationService/CreateHttpIntegration',
      'ApplicationService/GetHttpIntegration',
      'ApplicationService/UpdateHttpIntegration',
    ]);
    expect(chirpstack.integrations.get(applicationId)).toEqual({
      applicationId,
      encoding: 0, // JSON
      eventEndpointUrl: spec.eventEndpointUrl,
      headersMap: [['authorization', 'Bearer k2']],
    });
  });
});

describe('chirpstack adapter: device profiles', () => {
  it('sends region, MAC version and regional parameters as ChirpStack enums, the classes, the interval and a JS codec', async () => {
    const codec = 'function decodeUplink(input) { return { data: { t: input.bytes[0] } }; }';
    const id = await ns.putDeviceProfile(
      profileSpec({ region: 'US915', macVersion: 'LORAWAN_1_1_0', regParamsRevision: 'RP002_1_0_3', supportsClassC: true, codecScript: codec }),
    );

    expect(chirpstack.methods).toEqual(['DeviceProfileService/Create']);
    expect(chirpstack.profiles.get(id)).toMatchObject({
      tenantId: DOUBLE_TENANT_ID,
      name: 'Room sensor',
      region: 2, // US915
      macVersion: 5, // LORAWAN_1_1_0
      regParamsRevision: 5, // RP002_1_0_3
      supportsOtaa: true,
      supportsClassB: false,
      supportsClassC: true,
      classCTimeout: 5,
      uplinkInterval: 900,
      payloadCodecRuntime: 2, // JS
      payloadCodecScript: codec,
      adrAlgorithmId: 'default',
      deviceStatusReqInterval: 1,
    });
  });

  it('sends no codec when the script is empty, and updates only its own fields on a second put', async () => {
    const id = await ns.putDeviceProfile(profileSpec({ codecScript: 'function decodeUplink() {}' }));
    chirpstack.clearCalls();

    expect(await ns.putDeviceProfile(profileSpec({ remoteId: id, name: 'Renamed', codecScript: '  ' }))).toBe(id);

    expect(chirpstack.methods).toEqual(['DeviceProfileService/Get', 'DeviceProfileService/Update']);
    expect(chirpstack.profiles.get(id)).toMatchObject({
      name: 'Renamed',
      region: 0, // EU868
      macVersion: 3, // LORAWAN_1_0_3
      regParamsRevision: 0, // A
      payloadCodecRuntime: 0, // NONE
      payloadCodecScript: '',
      adrAlgorithmId: 'default', // what ChirpStack holds stays
    });
  });

  it('deletes a profile, twice without error, and lets ChirpStack refuse one still in use (retryable)', async () => {
    const ids = await applicationWithProfile();
    await ns.putDevice(deviceSpec(ids));
    await expect(ns.deleteDeviceProfile(ids.deviceProfileId)).rejects.toMatchObject({ code: 'internal', retryable: true });

    await ns.deleteDevice(DEV_EUI);
    await ns.deleteDeviceProfile(ids.deviceProfileId);
    await ns.deleteDeviceProfile(ids.deviceProfileId);
    expect(chirpstack.profiles.size).toBe(0);
  });
});

describe('chirpstack adapter: devices', () => {
  it('creates a LoRaWAN 1.0.x device and its keys, the AppKey as nwk_key (ChirpStack writes hex lower-case)', async () => {
    const ids = await applicationWithProfile();
    await ns.putDevice(deviceSpec(ids));

    expect(chirpstack.methods).toEqual(['DeviceService/Get', TENANT_PROBE, 'DeviceService/Create', 'DeviceService/GetKeys', 'DeviceService/CreateKeys']);
    expect(chirpstack.requests('DeviceService/Create')).toEqual([
      {
        device: {
          devEui: DEV_EUI.toLowerCase(),
          joinEui: JOIN_EUI.toLowerCase(),
          name: 'Meeting room',
          description: '',
          applicationId: ids.applicationId,
          deviceProfileId: ids.deviceProfileId,
          skipFcntCheck: false,
          isDisabled: false,
          variablesMap: [],
          tagsMap: [],
        },
      },
    ]);
    expect(chirpstack.requests('DeviceService/CreateKeys')).toEqual([
      { deviceKeys: { devEui: DEV_EUI.toLowerCase(), nwkKey: APP_KEY.toLowerCase(), appKey: '', genAppKey: '' } },
    ]);
    expect(chirpstack.keys.get(DEV_EUI.toLowerCase())).toMatchObject({ nwkKey: APP_KEY.toLowerCase(), appKey: NO_KEY });
  });

  it('updates the device and its keys on a second put', async () => {
    const ids = await applicationWithProfile();
    await ns.putDevice(deviceSpec(ids));
    chirpstack.clearCalls();
    const newKey = 'A1B2C3D4E5F60718293A4B5C6D7E8F90';

    await ns.putDevice(deviceSpec(ids, { name: 'Kitchen', joinEui: '0000000000000000', appKey: newKey }));

    expect(chirpstack.methods).toEqual(['DeviceService/Get', 'DeviceService/Update', 'DeviceService/GetKeys', 'DeviceService/UpdateKeys']);
    expect(chirpstack.devices.get(DEV_EUI.toLowerCase())).toMatchObject({ name: 'Kitchen', joinEui: '0000000000000000' });
    expect(chirpstack.keys.get(DEV_EUI.toLowerCase())).toMatchObject({ nwkKey: newKey.toLowerCase(), appKey: NO_KEY });
  });

  it('sends a LoRaWAN 1.1 root key as both nwk_key and app_key', async () => {
    const ids = await applicationWithProfile();
    await ns.putDevice(deviceSpec(ids, { macVersion: 'LORAWAN_1_1_0' }));
    expect(chirpstack.keys.get(DEV_EUI.toLowerCase())).toMatchObject({ nwkKey: APP_KEY.toLowerCase(), appKey: APP_KEY.toLowerCase() });
  });

  it('completes the keys when an earlier put stopped after the device (ChirpStack was down in between)', async () => {
    const ids = await applicationWithProfile();
    chirpstack.failNext('DeviceService/CreateKeys', status.UNAVAILABLE);
    await expect(ns.putDevice(deviceSpec(ids))).rejects.toMatchObject({ code: 'unavailable', retryable: true });
    expect(chirpstack.keys.size).toBe(0);

    await ns.putDevice(deviceSpec(ids));
    expect(chirpstack.methods.slice(-4)).toEqual(['DeviceService/Get', 'DeviceService/Update', 'DeviceService/GetKeys', 'DeviceService/CreateKeys']);
    expect(chirpstack.keys.get(DEV_EUI.toLowerCase())?.nwkKey).toBe(APP_KEY.toLowerCase());
  });

  it('deletes a device, and a second delete of it succeeds', async () => {
    const ids = await applicationWithProfile();
    await ns.putDevice(deviceSpec(ids));
    await ns.deleteDevice(DEV_EUI);
    await ns.deleteDevice(DEV_EUI);
    expect(chirpstack.devices.size).toBe(0);
    expect(chirpstack.methods).toContain('DeviceService/Delete');
  });
});

describe('chirpstack adapter: gateways', () => {
  it('creates a gateway in the tenant with the forwarder stats interval, then renames it', async () => {
    await ns.putGateway({ gatewayId: GATEWAY_ID, name: 'Roof' });
    await ns.putGateway({ gatewayId: GATEWAY_ID, name: 'Roof north' });

    expect(chirpstack.methods).toEqual(['GatewayService/Get', TENANT_PROBE, 'GatewayService/Create', 'GatewayService/Get', 'GatewayService/Update']);
    expect(chirpstack.requests('GatewayService/Create')).toEqual([
      expect.objectContaining({
        gateway: expect.objectContaining({ gatewayId: GATEWAY_ID.toLowerCase(), name: 'Roof', tenantId: DOUBLE_TENANT_ID, statsInterval: 30 }),
      }),
    ]);
    expect(chirpstack.gateways.get(GATEWAY_ID.toLowerCase())).toMatchObject({ name: 'Roof north', statsInterval: 30, downlinkPriority: 10 });
  });

  it('reads a gateway with when ChirpStack last saw it, and nothing for one it does not know', async () => {
    await ns.putGateway({ gatewayId: GATEWAY_ID, name: 'Roof' });
    expect(await ns.getGateway(GATEWAY_ID)).toEqual({ gatewayId: GATEWAY_ID, name: 'Roof', lastSeenAt: null });

    chirpstack.setLastSeen(GATEWAY_ID, new Date('2026-11-22T10:15:30.250Z'));
    expect(await ns.getGateway(GATEWAY_ID)).toEqual({ gatewayId: GATEWAY_ID, name: 'Roof', lastSeenAt: new Date('2026-11-22T10:15:30.250Z') });

    expect(await ns.getGateway('0016C001F153A14D')).toBeUndefined();
  });

  it('deletes a gateway, and a second delete of it succeeds', async () => {
    await ns.putGateway({ gatewayId: GATEWAY_ID, name: 'Roof' });
    await ns.deleteGateway(GATEWAY_ID);
    await ns.deleteGateway(GATEWAY_ID);
    expect(chirpstack.gateways.size).toBe(0);
  });
});

describe('chirpstack adapter: downlinks', () => {
  it('enqueues the exact bytes in order, and flushes the queue', async () => {
    await ns.putDevice(deviceSpec(await applicationWithProfile()));
    const bytes = new Uint8Array([0x00, 0xff, 0x10, 0x80]);

    const id = await ns.enqueueDownlink({ devEui: DEV_EUI, fPort: 10, confirmed: true, data: bytes });
    const second = await ns.enqueueDownlink({ devEui: DEV_EUI, fPort: 2, confirmed: false, data: new Uint8Array([1]) });

    expect(chirpstack.queue.get(DEV_EUI.toLowerCase())?.map((item) => item.id)).toEqual([id, second]);
    expect(chirpstack.queue.get(DEV_EUI.toLowerCase())).toEqual([
      expect.objectContaining({ id, fPort: 10, confirmed: true, data: bytes }),
      expect.objectContaining({ id: second, fPort: 2, confirmed: false, data: new Uint8Array([1]) }),
    ]);

    await ns.flushDownlinkQueue(DEV_EUI);
    expect(chirpstack.queue.get(DEV_EUI.toLowerCase()) ?? []).toEqual([]);
  });

  it('passes on ChirpStack refusing FPort 0 (not retryable) and a device it does not have', async () => {
    await ns.putDevice(deviceSpec(await applicationWithProfile()));
    await expect(ns.enqueueDownlink({ devEui: DEV_EUI, fPort: 0, confirmed: false, data: new Uint8Array([1]) })).rejects.toMatchObject({
      code: 'invalid_argument',
      message: 'Validation error: FPort must be between 1 - 255',
      retryable: false,
    });
    await expect(ns.enqueueDownlink({ devEui: '70B3D57ED0009999', fPort: 1, confirmed: false, data: new Uint8Array([1]) })).rejects.toMatchObject({
      code: 'not_found',
      retryable: false,
    });
  });
});

describe('chirpstack adapter: lists for reconciliation', () => {
  it('pages through 250 devices, each with its JoinEUI and key (null where ChirpStack has none)', async () => {
    const ids = await applicationWithProfile();
    const devEuis = Array.from({ length: 250 }, (_, i) => `70B3D57ED000${i.toString(16).toUpperCase().padStart(4, '0')}`);
    for (let i = 0; i < devEuis.length; i += 25) {
      await Promise.all(devEuis.slice(i, i + 25).map((devEui) => ns.putDevice(deviceSpec(ids, { devEui, name: `Sensor ${devEui}` }))));
    }
    chirpstack.failNext('DeviceService/CreateKeys', status.UNAVAILABLE);
    await expect(ns.putDevice(deviceSpec(ids, { devEui: 'AAAAAAAAAAAAAAAA', name: 'Keyless' }))).rejects.toMatchObject({ code: 'unavailable' });
    chirpstack.clearCalls();

    const devices = await ns.listDevices(ids.applicationId);

    expect(chirpstack.requests('DeviceService/List')).toEqual(
      [0, 100, 200].map((offset) => expect.objectContaining({ applicationId: ids.applicationId, limit: 100, offset })),
    );
    expect(devices).toHaveLength(251);
    expect(devices.find((d) => d.devEui === devEuis[137])).toEqual({
      devEui: devEuis[137],
      name: `Sensor ${devEuis[137]}`,
      joinEui: JOIN_EUI,
      deviceProfileId: ids.deviceProfileId,
      nwkKey: APP_KEY,
    });
    expect(devices.find((d) => d.devEui === 'AAAAAAAAAAAAAAAA')).toMatchObject({ name: 'Keyless', nwkKey: null });
    expect(new Set(devices.map((d) => d.devEui)).size).toBe(251);
  });

  it('lists the tenant’s application ids, its own profiles and its gateways with their last-seen time', async () => {
    const { applicationId, deviceProfileId } = await applicationWithProfile();
    await ns.putGateway({ gatewayId: GATEWAY_ID, name: 'Roof' });
    await ns.putGateway({ gatewayId: '0016C001F153A14D', name: 'Cellar' });
    chirpstack.setLastSeen(GATEWAY_ID, new Date('2026-11-22T10:00:00Z'));

    expect(await ns.listApplicationIds()).toEqual([applicationId]);
    expect(await ns.listDeviceProfiles()).toEqual([{ remoteId: deviceProfileId, name: 'Room sensor' }]);
    expect(chirpstack.requests('DeviceProfileService/List')).toEqual([expect.objectContaining({ tenantId: DOUBLE_TENANT_ID, tenantOnly: true })]);
    expect(await ns.listGateways()).toEqual([
      { gatewayId: '0016C001F153A14D', name: 'Cellar', lastSeenAt: null },
      { gatewayId: GATEWAY_ID, name: 'Roof', lastSeenAt: new Date('2026-11-22T10:00:00Z') },
    ]);
  });
});
