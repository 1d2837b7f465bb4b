import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { startChirpstackSubscriber, type Subscriber } from '../../../server/src/dataplane/ingest/mqtt-subscriber.js';
import { IngestService } from '../../../server/src/dataplane/ingest/service.js';
import { telemetryRepository } from '../../../server/src/repositories/telemetry.js';
import { CodecPool } from '../../../server/src/dataplane/codec/index.js';
import { createRecord, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import type { SignedIn } from '../helpers/users.js';

// The machine's Mosquitto (127.0.0.1:1883) stands in for the broker in front of ChirpStack.
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const brokerAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(BROKER);
  const socket = net.connect({ host: hostname, port: Number(port || 1883), timeout: 1000 }, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
  socket.on('timeout', () => resolve(false));
});
if (!brokerAnswers) console.warn(`MQTT ingest tests skipped: no broker answers at ${BROKER}`);

describe.skipIf(!brokerAnswers)('ChirpStack events over MQTT', () => {
  let t: TestApp;
  let subscriber: Subscriber;
  let pool: CodecPool;
  let deviceId: string;
  // Unique per run: other runs on the same broker must not feed this one.
  const devEui = `EE${randomUUID().replaceAll('-', '').slice(0, 14).toUpperCase()}`;

  beforeAll(async () => {
    let owner: SignedIn;
    let company: string;
    ({ t, owner, company } = await oneCompany());
    const codec = 'function decodeUplink(input) { return { data: { level: input.bytes[0] } }; }';
    const profile = await createRecord(t, owner, `/api/config/${company}`, { name: 'Level', codec });
    deviceId = await createRecord(t, owner, '/api/device/', { company_id: company, dev_eui: devEui, app_key: 'A'.repeat(32), config: profile });
    pool = new CodecPool(1);
    const ingest = new IngestService(telemetryRepository(t.db), (script, input) => pool.run(script, input), t.clock.now);
    subscriber = await startChirpstackSubscriber(BROKER, ingest, () => undefined);
  });
  afterAll(async () => {
    await subscriber.close();
    await pool.close();
    await t.close();
  });

  it('stores uplinks and status events published by the network server', async () => {
    const publisher = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
    const base = `application/${randomUUID()}/device/${devEui.toLowerCase()}/event`;
    await publisher.publishAsync(
      `${base}/up`,
      JSON.stringify({ deviceInfo: { devEui: devEui.toLowerCase() }, fPort: 1, data: Buffer.from([42]).toString('base64') }),
      { qos: 1 },
    );
    await publisher.publishAsync(`${base}/status`, JSON.stringify({ deviceInfo: { devEui }, batteryLevel: 77 }), { qos: 1 });
    await publisher.publishAsync(`${base}/txack`, JSON.stringify({ deviceInfo: { devEui } }), { qos: 1 });
    await publisher.endAsync();
    let topic: { last_value: string } | undefined;
    let device: { battery_level: number | null } | undefined;
    for (let i = 0; i < 100 && (!topic || device?.battery_level !== 77); i++) {
      await new Promise((r) => setTimeout(r, 30));
      topic = await t.db.selectFrom('device_topics').select('last_value').where('device_id', '=', deviceId).where('topic', '=', 'level').executeTakeFirst();
      device = await t.db.selectFrom('devices').select('battery_level').where('id', '=', deviceId).executeTakeFirst();
    }
    expect(topic?.last_value).toBe('42');
    expect(device?.battery_level).toBe(77);
  });
});
