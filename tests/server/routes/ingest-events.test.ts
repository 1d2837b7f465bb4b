import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDetail } from '../../../server/src/schemas/devices.js';
import type { Frame, GatewayFrame } from '../../../server/src/schemas/frames.js';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { INGEST_EVENTS } from '../../../server/src/schemas/ingest.js';
import { createRecord, oneCompany } from '../helpers/fixtures.js';
import { chirpstackEvent, FIXTURE_DEV_EUI, fixtureDevice, integrationKeyOf, logProtobuf, postEvent, uplinkProtobuf } from '../helpers/chirpstack.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, signUp, type Page, type SignedIn } from '../helpers/users.js';

describe('ChirpStack v4 events over the HTTP integration', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  let key: string;
  let deviceId: string;
  let gatewayId: string;

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    deviceId = await fixtureDevice(t, owner, company, 'Greenhouse 3');
    gatewayId = await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: '0016C001F153A14C', name: 'Roof' });
    key = await integrationKeyOf(t, company);
  });
  afterAll(async () => t.close());

  const events = () => t.db.selectFrom('device_events').selectAll().where('device_id', '=', deviceId).orderBy('created_at').execute();
  const payloadOf = async (type: string) => JSON.parse(String((await events()).find((event) => event.type === type)?.payload)) as Record<string, unknown>;

  it('accepts one recorded example of each of the eight event types and stores what each carries', async () => {
    for (const type of ['join', 'up', 'status', 'location', 'txack', 'ack', 'log', 'integration'] as const) {
      const response = await postEvent(t, key, type, chirpstackEvent(type));
      expect({ type, status: response.statusCode, body: response.json<unknown>() }).toEqual({
        type,
        status: 200,
        body: { status: 'stored', device_id: deviceId, topics: type === 'up' ? 5 : 0 },
      });
    }
    expect(new Set((await events()).map((event) => event.type))).toEqual(new Set(INGEST_EVENTS));

    // up: decoded by the profile's codec; seen at ChirpStack's time.
    const topics = (await call(t.app, owner, 'GET', `/api/device/${deviceId}/topics/values`)).json<{ topic: string; last_value: unknown }[]>();
    expect(topics.find((topic) => topic.topic === 'temperature')?.last_value).toBe(28.29);
    const device = (await call(t.app, owner, 'GET', `/api/device/${deviceId}/`)).json<DeviceDetail>();
    expect(device.last_seen).toBe('2026-11-22T08:15:42.381Z');
    // status: the battery; location: the resolved position.
    expect(device).toMatchObject({
      power_status: 'battery',
      battery_level: 87,
      latitude: 52.3740364,
      longitude: 4.9144401,
      altitude: 10.5,
      location_source: 'GEO_RESOLVER_TDOA',
      location_at: '2026-11-22T08:15:44.120Z',
    });
    // ack and txack: what the downlink queue will need.
    expect(await payloadOf('ack')).toEqual({ queueItemId: 'b4e7a1f2-3c58-4e9d-9a61-5d2f0c7e8b13', acknowledged: true, fCntDown: 11 });
    expect(await payloadOf('txack')).toEqual({
      downlinkId: 3094958093,
      queueItemId: 'b4e7a1f2-3c58-4e9d-9a61-5d2f0c7e8b13',
      fCntDown: 11,
      gatewayId: '0016c001f153a14c',
    });
    // log: level and code as columns, for filtering and counting.
    const log = (await events()).find((event) => event.type === 'log');
    expect(log).toMatchObject({ level: 'ERROR', code: 'OTAA', summary: 'ERROR OTAA: DevNonce has already been used' });
    expect(await payloadOf('log')).toMatchObject({ context: { join_eui: 'a840410000000107', dev_nonce: '4711' } });
    expect(await payloadOf('integration')).toMatchObject({
      integrationName: 'loracloud',
      eventType: 'modem_UplinkResponse',
      object: { result: { operation: 'updf' } },
    });
  });

  it("keeps each uplink's radio metadata: a device's frames, newest first, with every gateway's reception", async () => {
    const page = (await call(t.app, owner, 'GET', `/api/device/${deviceId}/frames?page_size=10`)).json<Page<Frame>>();
    expect(page.count).toBe(1);
    expect(page.results[0]).toEqual({
      id: expect.any(String),
      device_id: deviceId,
      received_at: '2026-11-22T08:15:42.381Z',
      f_cnt: 153,
      f_port: 2,
      dr: 5,
      modulation: 'LORA',
      spreading_factor: 7,
      bandwidth: 125000,
      frequency: 867300000,
      adr: true,
      confirmed: false,
      dev_addr: '01A44C4C',
      rssi: -68,
      snr: 13.2,
      receptions: [
        { gateway_id: '0016C001F153A14C', rssi: -68, snr: 13.2, channel: 4 },
        { gateway_id: 'E4E124DADEF64EEE', rssi: -109, snr: -4.25, channel: 4 },
      ],
    });
  });

  it('accepts the Protobuf encoding (application/octet-stream and application/x-protobuf)', async () => {
    const later = chirpstackEvent('up', { deduplicationId: '0a7c1e53-2f9b-4c1d-8e6a-3b5d7f9a1c2e', time: '2026-11-22T08:25:42.381Z', fCnt: 154 });
    const response = await postEvent(t, key, 'up', uplinkProtobuf(later));
    expect(response.json()).toEqual({ status: 'stored', device_id: deviceId, topics: 5 });
    const log = chirpstackEvent('log', {
      time: '2026-11-22T08:26:00.000Z',
      code: 'UPLINK_MIC',
      description: 'MIC of join-request is invalid, make sure keys are correct',
    });
    expect((await postEvent(t, key, 'log', logProtobuf(log), 'application/x-protobuf')).statusCode).toBe(200);

    const frames = (await call(t.app, owner, 'GET', `/api/device/${deviceId}/frames`)).json<Page<Frame>>();
    expect(frames.results.map((frame) => frame.f_cnt)).toEqual([154, 153]);
    expect(frames.results[0]).toMatchObject({ spreading_factor: 7, frequency: 867300000, receptions: [{ gateway_id: '0016C001F153A14C', rssi: -68 }, {}] });
    expect((await events()).find((event) => event.code === 'UPLINK_MIC')).toMatchObject({ level: 'ERROR', type: 'log' });
  });

  it('refuses bytes that are not an event of the type, and an unknown event type', async () => {
    const garbage = await postEvent(t, key, 'up', new Uint8Array([0xff, 0xff, 0xff]));
    expect(garbage.statusCode).toBe(400);
    expect((await postEvent(t, key, 'downlink', chirpstackEvent('up'))).statusCode).toBe(400);
  });

  it.each([
    ['join', { devAddr: '01a44c4c01' }, 'devAddr'],
    ['ack', { fCntDown: -1 }, 'fCntDown'],
    ['txack', { downlinkId: 'first' }, 'downlinkId'],
    ['log', { context: { dev_nonce: 4711 } }, 'context.dev_nonce'],
    ['status', { batteryLevel: 101 }, 'batteryLevel'],
    ['location', { location: { latitude: 91, longitude: 4.9 } }, 'location.latitude'],
    ['integration', { object: 'modem_UplinkResponse' }, 'object'],
    ['join', { time: 'yesterday' }, 'time'],
  ] as const)('refuses a malformed %s event with a field message, and stores nothing', async (type, changes, field) => {
    const before = (await events()).length;
    const response = await postEvent(t, key, type, chirpstackEvent(type, { ...changes }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
    expect(await events()).toHaveLength(before);
  });

  it("lists a gateway's recent frames with its own reception, for members only", async () => {
    const heard = (await call(t.app, owner, 'GET', `/api/gateway/${gatewayId}/frames?limit=1`)).json<{ results: GatewayFrame[] }>();
    expect(heard.results).toEqual([
      expect.objectContaining({
        f_cnt: 154,
        dev_eui: FIXTURE_DEV_EUI.toUpperCase(),
        device_name: 'Greenhouse 3',
        reception: { gateway_id: '0016C001F153A14C', rssi: -68, snr: 13.2, channel: 4 },
      }),
    ]);
    const stranger = await signUp(t.app);
    expect((await call(t.app, stranger, 'GET', `/api/gateway/${gatewayId}/frames`)).statusCode).toBe(404);
    expect((await call(t.app, stranger, 'GET', `/api/device/${deviceId}/frames`)).statusCode).toBe(404);
    expect((await call(t.app, owner, 'GET', `/api/device/${deviceId}/frames?page_size=5000`)).statusCode).toBe(400);
    for (const limit of ['0', '501', 'all']) expect((await call(t.app, owner, 'GET', `/api/gateway/${gatewayId}/frames?limit=${limit}`)).statusCode).toBe(400);
  });

  it('notifies once when join, MIC or frame-counter errors repeat, however often the device keeps failing', async () => {
    const cannotJoin = async () =>
      (await call(t.app, owner, 'GET', '/api/user/notifications/')).json<Page<Notification>>().results.filter((n) => n.kind === 'device_cannot_join');
    // Two of the three within the hour came before (OTAA, UPLINK_MIC); a retransmission warning does not count.
    const retransmission = chirpstackEvent('log', {
      time: '2026-11-22T08:30:00.000Z',
      level: 'WARNING',
      code: 'UPLINK_F_CNT_RETRANSMISSION',
      description: 'Uplink was flagged as re-transmission / frame-counter did not increment',
    });
    await postEvent(t, key, 'log', retransmission);
    expect(await cannotJoin()).toEqual([]);
    for (const minute of [31, 32, 33]) {
      await postEvent(t, key, 'log', chirpstackEvent('log', { time: `2026-11-22T08:${minute}:00.000Z`, context: { deduplication_id: `dedup-${minute}` } }));
    }
    expect(await cannotJoin()).toEqual([
      expect.objectContaining({
        title: 'Device cannot join: Greenhouse 3',
        params: { name: 'Greenhouse 3', count: 3, reason: 'DevNonce has already been used', code: 'OTAA' },
      }),
    ]);
  });
});
