import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UplinkWriter } from '../../../server/src/repositories/uplink-writer.js';
import { createRecord, oneCompany } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import type { SignedIn } from '../helpers/users.js';

describe('UplinkWriter (group commit)', () => {
  let t: TestApp;
  let writer: UplinkWriter;
  let owner: SignedIn;
  let company: string;
  const devices: string[] = [];
  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    for (let i = 0; i < 3; i++) {
      devices.push(await createRecord(t, owner, '/api/device/', { company_id: company, dev_eui: `BA7C00000000000${i}`, app_key: 'A'.repeat(32) }));
    }
    writer = new UplinkWriter(t.db, testDialect);
  });
  afterAll(async () => t.close());

  const write = (deviceId: string, at: string, value: number, key: string | null = null) =>
    writer.write({
      device: { id: deviceId, company_id: company, last_seen: null, uplink_interval_s: null },
      at,
      readings: [{ topic: 'level', value }],
      event: { type: 'up', summary: `level ${value}`, payload: { value }, key },
      frame: {
        fCnt: value,
        fPort: 1,
        dr: 5,
        modulation: 'LORA',
        spreadingFactor: 7,
        bandwidth: 125000,
        frequency: 868100000,
        adr: true,
        confirmed: false,
        devAddr: '01A44C4C',
        receptions: [{ gatewayId: 'B827EBFFFE000001', rssi: -70, snr: 9.5, channel: 0 }],
      },
      webhook: { payload: { value }, queuedAt: at },
    });
  const count = async (table: 'device_events' | 'topic_samples' | 'frames' | 'frame_receptions' | 'webhook_deliveries') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores concurrent uplinks of several devices, the newest value of each winning', async () => {
    await Promise.all([
      write(devices[0] as string, '2026-11-22T10:00:01.000Z', 1),
      write(devices[0] as string, '2026-11-22T10:00:02.000Z', 2),
      // Out of order: the later message carries the older reading.
      write(devices[1] as string, '2026-11-22T10:00:05.000Z', 7),
      write(devices[1] as string, '2026-11-22T10:00:03.000Z', 3),
    ]);
    const topics = await t.db.selectFrom('device_topics').select(['device_id', 'last_value', 'last_timestamp']).orderBy('device_id').execute();
    expect(topics.find((r) => r.device_id === devices[0])).toMatchObject({ last_value: '2', last_timestamp: '2026-11-22T10:00:02.000Z' });
    expect(topics.find((r) => r.device_id === devices[1])).toMatchObject({ last_value: '7' });
    const samples = await t.db
      .selectFrom('topic_samples')
      .select('value')
      .where('device_id', '=', devices[0] as string)
      .execute();
    expect(samples).toHaveLength(2);
    const seen = await t.db
      .selectFrom('devices')
      .select(['last_seen', 'uplink_interval_s'])
      .where('id', '=', devices[0] as string)
      .executeTakeFirstOrThrow();
    expect(seen).toEqual({ last_seen: '2026-11-22T10:00:02.000Z', uplink_interval_s: 1 });
  });

  it('lets one failing message fail alone while the rest of its batch is committed', async () => {
    const results = await Promise.allSettled([
      write(devices[2] as string, '2026-11-22T11:00:00.000Z', 5),
      write(randomUUID(), '2026-11-22T11:00:00.000Z', 6),
      write(devices[1] as string, '2026-11-22T11:00:00.000Z', 8),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await t.db
      .selectFrom('device_topics')
      .select(['device_id', 'last_value'])
      .where('device_id', 'in', [devices[1] as string, devices[2] as string])
      .execute();
    expect(Object.fromEntries(stored.map((r) => [r.device_id, r.last_value]))).toEqual({ [devices[1] as string]: '8', [devices[2] as string]: '5' });
  });

  it('writes an uplink once per key: a redelivery in the same batch, or after it committed, writes nothing', async () => {
    await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: 'B827EBFFFE000001' });
    await createRecord(t, owner, '/api/webhook/', { company_id: company, url: 'https://example.com/hook' });
    const tables = ['device_events', 'topic_samples', 'frames', 'frame_receptions', 'webhook_deliveries'] as const;
    const before = await Promise.all(tables.map(count));
    const first = await Promise.all([
      write(devices[2] as string, '2026-11-22T12:00:00.000Z', 9, 'up:3c6d5d8e'),
      write(devices[2] as string, '2026-11-22T12:00:00.000Z', 9, 'up:3c6d5d8e'),
    ]);
    expect(first.sort()).toEqual(['duplicate', 'stored']);
    expect(await write(devices[2] as string, '2026-11-22T12:00:00.000Z', 9, 'up:3c6d5d8e')).toBe('duplicate');
    // The same key on another device is another event.
    expect(await write(devices[1] as string, '2026-11-22T12:00:00.000Z', 9, 'up:3c6d5d8e')).toBe('stored');
    const after = await Promise.all(tables.map(count));
    expect(after.map((n, i) => n - (before[i] as number))).toEqual([2, 2, 2, 2, 2]);
  });

  it('gives each uplink’s event and frame one id, in the order the uplinks were written (UUIDv7), not a random one', async () => {
    const times = ['2026-11-22T13:00:00.000Z', '2026-11-22T13:00:01.000Z', '2026-11-22T13:00:02.000Z'];
    for (const [i, at] of times.entries()) await write(devices[0] as string, at, 20 + i);
    const events = await t.db.selectFrom('device_events').select(['id', 'created_at']).where('created_at', 'in', times).orderBy('created_at').execute();
    const frames = await t.db.selectFrom('frames').select(['id', 'received_at']).where('received_at', 'in', times).orderBy('received_at').execute();
    const ids = events.map((event) => event.id);
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(frames.map((frame) => frame.id)).toEqual(ids);
  });
});
