import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { createApiKey, createRecord, insertDevice, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, signUp, type Page, type SignedIn } from '../helpers/users.js';

const DEV_EUI = '70B3D57ED0051234';

describe('POST /api/ingest/chirpstack', () => {
  let t: TestApp;
  let owner: SignedIn;
  let deviceId: string;
  beforeAll(async () => {
    let company: string;
    ({ t, owner, company } = await oneCompany());
    const codec = `function decodeUplink(input) {
      var b = input.bytes;
      return { data: { temperature: ((b[0] << 8) | b[1]) / 10, battery: { percent: b[2] } } };
    }`;
    const profile = await createRecord(t, owner, `/api/config/${company}`, { name: 'Thermo', codec });
    deviceId = await insertDevice(t, { company_id: company, dev_eui: DEV_EUI, name: 'Greenhouse', profile_id: profile });
  });
  afterAll(async () => t.close());

  const uplink = (body: object) => call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=up', body);

  it('decodes an uplink with the profile codec and stores its topics', async () => {
    const response = await uplink({
      deviceInfo: { devEui: DEV_EUI.toLowerCase() },
      fPort: 1,
      fCnt: 3,
      time: '2026-11-22T08:00:00Z',
      data: Buffer.from([0x00, 0xd7, 0x55]).toString('base64'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'stored', device_id: deviceId, topics: 2 });
    const topics = await t.db.selectFrom('device_topics').selectAll().where('device_id', '=', deviceId).orderBy('topic').execute();
    expect(topics.map((row) => [row.topic, JSON.parse(row.last_value), row.last_timestamp])).toEqual([
      ['battery.percent', 85, '2026-11-22T08:00:00.000Z'],
      ['temperature', 21.5, '2026-11-22T08:00:00.000Z'],
    ]);
  });

  it('records a failing codec as an error event and decodes the next message normally', async () => {
    const company = (await t.db.selectFrom('devices').select('company_id').where('id', '=', deviceId).executeTakeFirstOrThrow()).company_id;
    const profile = (await t.db.selectFrom('devices').select('profile_id').where('id', '=', deviceId).executeTakeFirstOrThrow()).profile_id;
    const good = (await t.db.selectFrom('profiles').select('codec').where('id', '=', String(profile)).executeTakeFirstOrThrow()).codec;
    await call(t.app, owner, 'PATCH', `/api/config/${company}/${profile}`, { codec: 'function decodeUplink() { while (true) {} }' });
    const stalled = await uplink({ deviceInfo: { devEui: DEV_EUI }, fPort: 1, data: 'AAAA' });
    expect(stalled.json()).toMatchObject({ status: 'stored', topics: 0 });
    const errors = await t.db.selectFrom('device_events').select('summary').where('device_id', '=', deviceId).where('type', '=', 'error').execute();
    expect(errors).toEqual([{ summary: expect.stringContaining('Codec timeout') }]);

    await call(t.app, owner, 'PATCH', `/api/config/${company}/${profile}`, { codec: good });
    expect((await uplink({ deviceInfo: { devEui: DEV_EUI }, fPort: 1, data: Buffer.from([0x00, 0x64, 0x50]).toString('base64') })).json()).toMatchObject({
      topics: 2,
    });
  });

  it('sets the power status from a status event', async () => {
    const response = await call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=status', {
      deviceInfo: { devEui: DEV_EUI },
      externalPowerSource: true,
      margin: 10,
    });
    expect(response.statusCode).toBe(200);
    const device = await t.db.selectFrom('devices').select(['power_source', 'battery_level']).where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device).toEqual({ power_source: 'external', battery_level: null });
  });

  it('notifies the company once when the battery runs low, and again only after it recovered', async () => {
    const status = (batteryLevel: number) =>
      call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=status', { deviceInfo: { devEui: DEV_EUI }, batteryLevel });
    const lowOnes = async () =>
      (await call(t.app, owner, 'GET', '/api/user/notifications/')).json<Page<Notification>>().results.filter((n) => n.kind === 'battery_low');
    await status(15);
    await status(12);
    expect(await lowOnes()).toEqual([expect.objectContaining({ title: 'Battery low: Greenhouse' })]);
    await status(95);
    await status(10);
    expect(await lowOnes()).toHaveLength(2);
  });

  it('answers success without storing anything for unknown devices and for devices of other companies', async () => {
    const unknown = await uplink({ deviceInfo: { devEui: '0000000000000001' }, fPort: 1, data: 'AA==' });
    expect({ status: unknown.statusCode, body: unknown.json<unknown>() }).toEqual({ status: 200, body: { status: 'unregistered' } });
    const stranger = await signUp(t.app);
    const before = await t.db.selectFrom('device_events').select('id').where('device_id', '=', deviceId).execute();
    const foreign = await call(t.app, stranger, 'POST', '/api/ingest/chirpstack?event=up', { deviceInfo: { devEui: DEV_EUI }, fPort: 1, data: 'AA==' });
    expect(foreign.json()).toEqual({ status: 'unregistered' });
    expect(await t.db.selectFrom('device_events').select('id').where('device_id', '=', deviceId).execute()).toEqual(before);
  });

  it.each([
    ['up', {}, 'deviceInfo'],
    ['up', { deviceInfo: { devEui: 'xyz' } }, 'deviceInfo.devEui'],
    ['up', { deviceInfo: { devEui: DEV_EUI }, fPort: 300 }, 'fPort'],
    ['status', { deviceInfo: { devEui: DEV_EUI }, batteryLevel: 150 }, 'batteryLevel'],
  ])('rejects a malformed %s event', async (event, body, field) => {
    const response = await call(t.app, owner, 'POST', `/api/ingest/chirpstack?event=${event}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
  });

  it('accepts the network server integration authenticated by an API key', async () => {
    const key = await createApiKey(t, owner, 'ChirpStack');
    const response = await callWithKey(t.app, key, 'POST', '/api/ingest/chirpstack?event=join', { deviceInfo: { devEui: DEV_EUI }, devAddr: '01ab23cd' });
    expect(response.statusCode).toBe(200);
    const joins = await t.db.selectFrom('device_events').select('summary').where('device_id', '=', deviceId).where('type', '=', 'join').execute();
    expect(joins).toEqual([{ summary: 'Joined with address 01ab23cd' }]);
  });

  it('rejects an unknown event type and requires authentication', async () => {
    expect((await call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=downlink', {})).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/ingest/chirpstack?event=up', payload: {} })).statusCode).toBe(401);
  });
});
