import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestService, type UplinkDecoder } from '../../../server/src/dataplane/ingest/service.js';
import { powerOf } from '../../../server/src/domain/power.js';
import { flattenReadings } from '../../../server/src/domain/topics.js';
import { telemetryRepository } from '../../../server/src/repositories/telemetry.js';
import { insertDevice, oneCompany } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { signUp, type SignedIn } from '../helpers/users.js';

describe('flattenReadings', () => {
  it('flattens nested objects with dots and arrays by index, skipping nulls', () => {
    expect(flattenReadings({ temperature: 21.5, battery: { voltage: 3.1, low: false }, modes: ['a', 'b'], missing: null, label: 'x' })).toEqual([
      { topic: 'temperature', value: 21.5 },
      { topic: 'battery.voltage', value: 3.1 },
      { topic: 'battery.low', value: false },
      { topic: 'modes.0', value: 'a' },
      { topic: 'modes.1', value: 'b' },
      { topic: 'label', value: 'x' },
    ]);
  });

  it('bounds the number of topics of one uplink', () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, i]));
    expect(flattenReadings(many)).toHaveLength(200);
  });
});

describe('powerOf (LoRaWAN device status)', () => {
  const deviceInfo = { devEui: '0011223344556677' };
  it.each([
    [
      { externalPowerSource: true, batteryLevel: 50 },
      { source: 'external', batteryLevel: null },
    ],
    [{ batteryLevelUnavailable: true }, { source: 'unknown', batteryLevel: null }],
    [{ batteryLevel: 87.6 }, { source: 'battery', batteryLevel: 88 }],
    [{}, { source: 'unknown', batteryLevel: null }],
  ])('%j → %j', (status, expected) => {
    expect(powerOf({ deviceInfo, ...status })).toEqual(expected);
  });
});

describe('IngestService with pre-decoded objects', () => {
  let t: TestApp;
  let owner: SignedIn;
  let service: IngestService;
  const devEui = 'A84041000181C6F1';
  let deviceId: string;
  const decoderCalls: string[] = [];
  const decoder: UplinkDecoder = async (codec) => {
    decoderCalls.push(codec);
    return { ok: true, data: { decoded: 1 }, warnings: [], errors: [], console: { lines: [], truncated: false } };
  };

  beforeAll(async () => {
    let company: string;
    ({ t, owner, company } = await oneCompany());
    deviceId = await insertDevice(t, { company_id: company, dev_eui: devEui, name: 'Cellar', app_key: '0'.repeat(32) });
    service = new IngestService(telemetryRepository(t.db, testDialect), decoder, t.clock.now);
  });
  afterAll(async () => t.close());

  it('stores the network server object as topics, series, event and last seen', async () => {
    const outcome = await service.handle({ userId: owner.id }, 'up', {
      deviceInfo: { devEui: devEui.toLowerCase() },
      time: '2026-11-22T10:00:00.000Z',
      fPort: 2,
      fCnt: 7,
      data: 'AQI=',
      object: { TempC_SHT: 21.4, Hum_SHT: 55, ext: { sensor: 'ok' } },
    });
    expect(outcome).toEqual({ status: 'stored', deviceId, topics: 3 });
    expect(decoderCalls).toEqual([]);
    const topics = await t.db.selectFrom('device_topics').selectAll().where('device_id', '=', deviceId).orderBy('topic').execute();
    expect(topics.map((r) => [r.topic, JSON.parse(r.last_value)])).toEqual([
      ['Hum_SHT', 55],
      ['TempC_SHT', 21.4],
      ['ext.sensor', 'ok'],
    ]);
    const device = await t.db.selectFrom('devices').select('last_seen').where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device.last_seen).toBe('2026-11-22T10:00:00.000Z');
    const events = await t.db.selectFrom('device_events').selectAll().where('device_id', '=', deviceId).execute();
    expect(events).toEqual([expect.objectContaining({ type: 'up', summary: 'Uplink on port 2, frame 7: 3 values' })]);
  });

  it('keeps the newer value when an older message arrives late', async () => {
    await service.handle({ userId: owner.id }, 'up', { deviceInfo: { devEui }, time: '2026-11-22T09:00:00.000Z', fPort: 2, object: { TempC_SHT: 5 } });
    const topic = await t.db
      .selectFrom('device_topics')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('topic', '=', 'TempC_SHT')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(topic.last_value)).toBe(21.4);
    const samples = await t.db.selectFrom('topic_samples').select('value').where('device_id', '=', deviceId).where('topic', '=', 'TempC_SHT').execute();
    expect(samples).toHaveLength(2);
    const device = await t.db.selectFrom('devices').select('last_seen').where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device.last_seen).toBe('2026-11-22T10:00:00.000Z');
  });

  it('sets the power status from status events', async () => {
    await service.handle({ userId: owner.id }, 'status', { deviceInfo: { devEui }, batteryLevel: 14.2, margin: 7 });
    const device = await t.db.selectFrom('devices').select(['power_source', 'battery_level']).where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device).toEqual({ power_source: 'battery', battery_level: 14 });
  });

  it('stores nothing for devices that are unknown or belong to another company, and counts them', async () => {
    const stranger = await signUp(t.app);
    expect(await service.handle({ userId: stranger.id }, 'up', { deviceInfo: { devEui }, object: { x: 1 } })).toEqual({ status: 'unregistered' });
    expect(await service.handle({ userId: owner.id }, 'join', { deviceInfo: { devEui: 'FFFFFFFFFFFFFFFF' } })).toEqual({ status: 'unregistered' });
    expect(service.stats.unknownDevices).toBe(2);
  });
});
