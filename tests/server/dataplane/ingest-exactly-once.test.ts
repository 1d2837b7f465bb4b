import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestService, type UplinkDecoder } from '../../../server/src/dataplane/ingest/service.js';
import { notificationsRepository } from '../../../server/src/repositories/notifications.js';
import { telemetryRepository } from '../../../server/src/repositories/telemetry.js';
import { createRecord, oneCompany } from '../helpers/fixtures.js';
import { chirpstackEvent, fixtureDevice, integrationKeyOf, postEvent, uplinkProtobuf } from '../helpers/chirpstack.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import type { SignedIn } from '../helpers/users.js';

/**
 * Issue #14: an event delivered twice (a retried HTTP post, HTTP and MQTT, another API node, after a
 * restart) is stored once. Runs on SQLite and PostgreSQL (TEST_DB=postgres), where the two "nodes"
 * below write in concurrent transactions of their own.
 */
describe('each ChirpStack event is stored exactly once', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  let key: string;
  let deviceId: string;
  /** Another API node on the same database, as the MQTT subscriber drives it (raw message bytes). */
  let otherNode: IngestService;
  const decoded: UplinkDecoder = async () => ({
    ok: true,
    data: { temperature: 21.5, humidity: 40 },
    warnings: [],
    errors: [],
    console: { lines: [], truncated: false },
  });

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    deviceId = await fixtureDevice(t, owner, company, 'Cellar');
    key = await integrationKeyOf(t, company);
    // One of the two gateways of the recorded uplink is registered here: its receptions are indexed by gateway too.
    await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: '0016C001F153A14C' });
    await createRecord(t, owner, '/api/webhook/', { company_id: company, url: 'https://example.com/hook' });
    otherNode = new IngestService(telemetryRepository(t.db, testDialect), decoded, t.clock.now, notificationsRepository(t.db));
  });
  afterAll(async () => t.close());

  /** An `up` that has not been delivered yet. */
  const freshUplink = (minute: number) =>
    chirpstackEvent('up', { deduplicationId: randomUUID(), time: `2026-11-22T09:${String(minute).padStart(2, '0')}:00.000Z`, fCnt: 1000 + minute });

  /** What one uplink left behind: its events, time-series samples, frames, receptions and webhook deliveries. */
  async function stored(time: string) {
    const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
    return {
      events: await count(t.db.selectFrom('device_events').select('id').where('device_id', '=', deviceId).where('created_at', '=', time)),
      samples: await count(t.db.selectFrom('topic_samples').select('topic').where('device_id', '=', deviceId).where('ts', '=', time).groupBy('topic')),
      sampleRows: await count(t.db.selectFrom('topic_samples').select('topic').where('device_id', '=', deviceId).where('ts', '=', time)),
      frames: await count(t.db.selectFrom('frames').select('id').where('device_id', '=', deviceId).where('received_at', '=', time)),
      receptions: await count(t.db.selectFrom('frame_receptions').select('frame_id').where('device_id', '=', deviceId).where('received_at', '=', time)),
      webhooks: await count(t.db.selectFrom('webhook_deliveries').select('id').where('created_at', '>=', '2000-01-01').where('payload', 'like', `%${time}%`)),
    };
  }
  const once = (topics: number) => ({ events: 1, samples: topics, sampleRows: topics, frames: 1, receptions: 1, webhooks: 1 });

  it('stores an up delivered twice over HTTP, one after the other, once', async () => {
    const event = freshUplink(1);
    expect((await postEvent(t, key, 'up', event)).json()).toMatchObject({ status: 'stored', topics: 5 });
    expect((await postEvent(t, key, 'up', event)).json()).toEqual({ status: 'duplicate', device_id: deviceId });
    expect(await stored('2026-11-22T09:01:00.000Z')).toEqual(once(5));
  });

  it('stores an up posted twice at the same moment once', async () => {
    const event = freshUplink(2);
    const answers = await Promise.all([postEvent(t, key, 'up', event), postEvent(t, key, 'up', event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json<{ status: string }>().status).sort()).toEqual(['duplicate', 'stored']);
    expect(await stored('2026-11-22T09:02:00.000Z')).toEqual(once(5));
  });

  it('stores an up that came over HTTP and then over MQTT to another node once, whatever the encodings', async () => {
    const json = freshUplink(3);
    await postEvent(t, key, 'up', json);
    expect(await otherNode.handle('network-server', 'up', Buffer.from(JSON.stringify(json)))).toEqual({ status: 'duplicate', deviceId });
    expect(await otherNode.handle('network-server', 'up', uplinkProtobuf(json))).toEqual({ status: 'duplicate', deviceId });
    expect(await stored('2026-11-22T09:03:00.000Z')).toEqual(once(5));

    // Protobuf over MQTT first, then JSON over HTTP.
    const other = freshUplink(4);
    expect(await otherNode.handle('network-server', 'up', uplinkProtobuf(other))).toMatchObject({ status: 'stored', topics: 2 });
    expect((await postEvent(t, key, 'up', other)).json()).toMatchObject({ status: 'duplicate' });
    expect(await stored('2026-11-22T09:04:00.000Z')).toEqual(once(2));
  });

  it('stores an up two nodes write in concurrent transactions once (the database decides, not a cache)', async () => {
    const event = freshUplink(5);
    const bytes = Buffer.from(JSON.stringify(event));
    const thirdNode = new IngestService(telemetryRepository(t.db, testDialect), decoded, t.clock.now);
    const outcomes = await Promise.all([otherNode.handle('network-server', 'up', bytes), thirdNode.handle('network-server', 'up', bytes)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['duplicate', 'stored']);
    expect(await stored('2026-11-22T09:05:00.000Z')).toEqual(once(2));
  });

  it('stores the other event types once too, with or without a deduplicationId', async () => {
    for (const type of ['join', 'status', 'location', 'ack', 'txack', 'log', 'integration'] as const) {
      const event = chirpstackEvent(type, { time: '2026-11-22T10:00:00.000Z' });
      const answers = [await postEvent(t, key, type, event), await postEvent(t, key, type, event)];
      expect({ type, statuses: answers.map((answer) => answer.json<{ status: string }>().status) }).toEqual({ type, statuses: ['stored', 'duplicate'] });
    }
    const rows = await t.db
      .selectFrom('device_events')
      .select('type')
      .where('device_id', '=', deviceId)
      .where('created_at', '=', '2026-11-22T10:00:00.000Z')
      .execute();
    expect(rows).toHaveLength(7);
  });
});
