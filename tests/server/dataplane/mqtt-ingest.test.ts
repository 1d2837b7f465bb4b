import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MqttIngestSubscriber, type SubscriberSettings } from '../../../server/src/dataplane/ingest/mqtt-subscriber.js';
import { IngestService } from '../../../server/src/dataplane/ingest/service.js';
import { telemetryRepository } from '../../../server/src/repositories/telemetry.js';
import { CodecPool } from '../../../server/src/dataplane/codec/index.js';
import type { IngestEventType } from '../../../server/src/schemas/ingest.js';
import type { MqttLinkStatus } from '../../../server/src/schemas/network.js';
import { createCompany, createRecord, insertDevice, oneCompany } from '../helpers/fixtures.js';
import { TEST_CODEC_TIME_LIMITS } from '../helpers/codec-limits.js';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';
import { chirpstackEvent, uplinkProtobuf, type ChirpstackJson } from '../helpers/chirpstack.js';
import { brokerAnswers, forgetSessions, publishAll, TEST_BROKER, uniqueDevEui, uniqueName, until, uplinkEvent, uplinkTopic } from '../helpers/mqtt-broker.js';

const withBroker = await brokerAnswers();
const quiet = { info: () => undefined, warn: () => undefined };
/** A message as the subscriber hands it to the ingest service: its bytes, unparsed. */
const text = (body: unknown): string => Buffer.from(body as Uint8Array).toString('utf8');

/** A fresh session and share group of this run, with short backoff so reconnects come quickly. */
const settingsFor = (url = TEST_BROKER): SubscriberSettings => ({
  url,
  clientId: uniqueName('test-ingest'),
  shareGroup: uniqueName('test-group'),
  sessionExpirySeconds: 60,
  username: undefined,
  password: undefined,
  backoff: { firstMs: 20, maxMs: 200 },
});

describe.skipIf(!withBroker)('ChirpStack events over MQTT', () => {
  let t: TestApp;
  let pool: CodecPool;
  let ingest: IngestService;
  let devEui: string;
  let deviceId: string;
  const subscribers: MqttIngestSubscriber[] = [];
  const sessions: string[] = [];

  /** Subscribes with this ingest (the real one, or one wrapped to fail on purpose). */
  function subscribe(settings: SubscriberSettings, handle: IngestService['handle'] = (...args) => ingest.handle(...args)) {
    const subscriber = new MqttIngestSubscriber(settings, { handle }, quiet);
    subscribers.push(subscriber);
    sessions.push(settings.clientId);
    subscriber.start();
    return subscriber;
  }
  const connected = (subscriber: MqttIngestSubscriber) => until(() => subscriber.status().state === 'connected');
  const counters = async () =>
    (await t.db.selectFrom('topic_samples').select('value').where('device_id', '=', deviceId).where('topic', '=', 'counter').execute()).map((row) =>
      Number(row.value),
    );
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

  beforeAll(async () => {
    let owner: SignedIn;
    let company: string;
    ({ t, owner, company } = await oneCompany());
    const codec = 'function decodeUplink(input) { return { data: { level: input.bytes[0] } }; }';
    const profile = await createRecord(t, owner, `/api/config/${company}`, { name: 'Level', codec });
    devEui = uniqueDevEui();
    deviceId = await createRecord(t, owner, '/api/device/', { company_id: company, dev_eui: devEui, app_key: 'A'.repeat(32), config: profile });
    pool = new CodecPool(1, TEST_CODEC_TIME_LIMITS);
    ingest = new IngestService(
      telemetryRepository(t.db, testDialect),
      (script, input, company) => pool.run(script, input, { company, interactive: false }),
      t.clock.now,
    );
  });
  afterEach(async () => {
    await Promise.all(subscribers.splice(0).map((subscriber) => subscriber.close()));
    await t.db.deleteFrom('topic_samples').where('device_id', '=', deviceId).execute();
  });
  afterAll(async () => {
    await forgetSessions(sessions);
    await pool.close();
    await t.close();
  });

  it('stores uplinks and status events published by the network server; events it does not store are acknowledged', async () => {
    const subscriber = subscribe(settingsFor());
    expect(await connected(subscriber)).toBe(true);
    await publishAll([
      {
        topic: uplinkTopic(devEui),
        payload: JSON.stringify({ deviceInfo: { devEui: devEui.toLowerCase() }, fPort: 1, data: Buffer.from([42]).toString('base64') }),
      },
      { topic: uplinkTopic(devEui, 'status'), payload: JSON.stringify({ deviceInfo: { devEui }, batteryLevel: 77 }) },
      { topic: uplinkTopic(devEui, 'txack'), payload: JSON.stringify({ deviceInfo: { devEui } }) },
    ]);
    const stored = async () => {
      const topic = await t.db
        .selectFrom('device_topics')
        .select('last_value')
        .where('device_id', '=', deviceId)
        .where('topic', '=', 'level')
        .executeTakeFirst();
      const device = await t.db.selectFrom('devices').select('battery_level').where('id', '=', deviceId).executeTakeFirstOrThrow();
      return topic?.last_value === '42' && device.battery_level === 77;
    };
    expect(await until(stored)).toBe(true);
    expect(subscriber.status()).toMatchObject({ state: 'connected', error_code: null });
  });

  it("stores an uplink in ChirpStack's Protobuf encoding (its MQTT integration with json = false)", async () => {
    const subscriber = subscribe(settingsFor());
    expect(await connected(subscriber)).toBe(true);
    const event = { ...chirpstackEvent('up'), ...(JSON.parse(uplinkEvent(devEui, 5)) as ChirpstackJson) };
    await publishAll([{ topic: uplinkTopic(devEui), payload: Buffer.from(uplinkProtobuf(event)) }]);
    expect(await until(async () => (await counters()).length === 1)).toBe(true);
    expect(await counters()).toEqual([5]);
    expect(subscriber.status()).toMatchObject({ state: 'connected', error_code: null });
  });

  it('a message whose storing fails is not acknowledged: the broker delivers it again after the reconnect, and the ones behind it', async () => {
    const seen: number[] = [];
    let failed = false;
    const subscriber = subscribe(settingsFor(), async (scope, event: IngestEventType, body) => {
      const fCnt = (JSON.parse(text(body)) as { fCnt: number }).fCnt;
      seen.push(fCnt);
      if (fCnt === 2 && !failed) {
        failed = true;
        throw new Error('database unavailable');
      }
      return ingest.handle(scope, event, body);
    });
    expect(await connected(subscriber)).toBe(true);
    await publishAll([1, 2, 3].map((fCnt) => ({ topic: uplinkTopic(devEui), payload: uplinkEvent(devEui, fCnt) })));

    expect(await until(async () => (await counters()).length >= 3)).toBe(true);
    expect(sorted(await counters())).toEqual([1, 2, 3]);
    // 1 was acknowledged before 2 failed; 3 waited behind 2 and came again with it.
    expect(seen).toEqual([1, 2, 2, 3]);
    expect(await connected(subscriber)).toBe(true);
    expect(subscriber.status()).toMatchObject({ state: 'connected', error_code: 'processing_failed' });
  });

  it('a malformed event or one that is not JSON is acknowledged: it does not come back with the session', async () => {
    const settings = settingsFor();
    const seen: string[] = [];
    const recording: IngestService['handle'] = (scope, event, body) => {
      seen.push(text(body));
      return ingest.handle(scope, event, body);
    };
    const first = subscribe(settings, recording);
    expect(await connected(first)).toBe(true);
    await publishAll([
      { topic: uplinkTopic(devEui), payload: JSON.stringify({ deviceInfo: { devEui: 'not an eui' } }) },
      { topic: uplinkTopic(devEui), payload: 'not json' },
      { topic: uplinkTopic(devEui), payload: uplinkEvent(devEui, 1) },
    ]);
    expect(await until(async () => (await counters()).length === 1)).toBe(true);
    await first.close();

    // The same session again: anything left unacknowledged would arrive before the new message.
    const again = subscribe(settings, recording);
    expect(await connected(again)).toBe(true);
    await publishAll([{ topic: uplinkTopic(devEui), payload: uplinkEvent(devEui, 2) }]);
    expect(await until(async () => (await counters()).length === 2)).toBe(true);
    expect(seen.filter((body) => body.includes('not an eui'))).toHaveLength(1);
    expect(sorted(await counters())).toEqual([1, 2]);
  });
});

/** A TCP relay to the broker that the test can take away and bring back, as a broker restart does. */
class BrokerRelay {
  private server = net.createServer((socket) => this.relay(socket));
  private sockets = new Set<net.Socket>();
  port = 0;

  private relay(socket: net.Socket): void {
    const { hostname, port } = new URL(TEST_BROKER);
    const upstream = net.connect({ host: hostname, port: Number(port || 1883) });
    for (const end of [socket, upstream]) {
      this.sockets.add(end);
      end.on('error', () => undefined);
      end.on('close', () => {
        this.sockets.delete(end);
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.pipe(upstream).pipe(socket);
  }

  async open(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Refuses new connections and cuts the open ones. */
  async shut(): Promise<void> {
    const closed = new Promise((resolve) => this.server.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
    this.server = net.createServer((socket) => this.relay(socket));
  }
}

describe.skipIf(!withBroker)('the MQTT link on the Info page (GET /api/network/status)', () => {
  let t: TestApp;
  let user: SignedIn;
  let devEui: string;
  let deviceId: string;
  const relay = new BrokerRelay();
  const clientId = uniqueName('test-node');

  beforeAll(async () => {
    await relay.open();
    t = await createTestApp(
      { MQTT_URL: `mqtt://127.0.0.1:${relay.port}`, MQTT_CLIENT_ID: clientId, MQTT_SHARE_GROUP: uniqueName('test-group'), MQTT_SESSION_EXPIRY_SECONDS: '60' },
      undefined,
      { dataPlane: true },
    );
    user = await signUp(t.app);
    const company = await createCompany(t, user, 'Relay company');
    devEui = uniqueDevEui();
    deviceId = await insertDevice(t, { company_id: company, dev_eui: devEui, name: 'Relay device' });
  });
  afterAll(async () => {
    await t.close();
    await relay.shut();
    await forgetSessions([clientId]);
  });

  const link = async () => (await call(t.app, user, 'GET', '/api/network/status')).json<{ mqtt?: MqttLinkStatus }>().mqtt;
  const stored = async () => (await t.db.selectFrom('topic_samples').select('value').where('device_id', '=', deviceId).execute()).length;

  it('shows the link connected, then reconnecting with the reason while the broker is away, and connected again with what was published meanwhile', async () => {
    expect(await until(async () => (await link())?.state === 'connected')).toBe(true);
    expect(await link()).toMatchObject({ error_code: null, error_at: null });

    await relay.shut();
    expect(await until(async () => (await link())?.error_code === 'broker_unreachable')).toBe(true);
    expect(await link()).toMatchObject({ state: 'reconnecting' });
    // The session is the broker's: what arrives now waits there for this node.
    await publishAll([1, 2, 3, 4, 5].map((fCnt) => ({ topic: uplinkTopic(devEui), payload: uplinkEvent(devEui, fCnt) })));

    await relay.open();
    expect(await until(async () => (await stored()) === 5)).toBe(true);
    expect(await link()).toMatchObject({ state: 'connected', error_code: 'broker_unreachable' });
  });
});
