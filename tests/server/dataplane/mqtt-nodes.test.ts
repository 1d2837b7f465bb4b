import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { createCompany, insertDevice } from '../helpers/fixtures.js';
import { TestClock, type TestApp } from '../helpers/test-app.js';
import { sharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { signUp } from '../helpers/users.js';
import { brokerAnswers, forgetSessions, publishAll, TEST_BROKER, uniqueDevEui, uniqueName, until, uplinkEvent, uplinkTopic } from '../helpers/mqtt-broker.js';
import { builtServer, ServerProcess } from '../helpers/server-process.js';

const withBroker = await brokerAnswers();
const DEVICES = 10;
const PER_DEVICE = 100;
const SUBSCRIBED = 'subscribed to network server events';

describe.skipIf(!withBroker)('API nodes as processes on one broker (shared subscription, persistent sessions)', () => {
  let main: string;
  let database: SharedDatabase;
  let t: TestApp;
  let devices: { id: string; devEui: string }[];
  const shareGroup = uniqueName('test-nodes');
  const clientIds = [uniqueName('test-node-a'), uniqueName('test-node-b')];
  const nodes: ServerProcess[] = [];

  const node = (clientId: string) => {
    const started = new ServerProcess(main, {
      ...database.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      MQTT_URL: TEST_BROKER,
      MQTT_CLIENT_ID: clientId,
      MQTT_SHARE_GROUP: shareGroup,
      MQTT_SESSION_EXPIRY_SECONDS: '300',
    });
    nodes.push(started);
    started.start();
    return started;
  };

  /** Every device's uplinks with frame counters from..to-1, as ChirpStack publishes them. */
  const uplinks = (from: number, to: number) =>
    devices.flatMap(({ devEui }) => Array.from({ length: to - from }, (_, i) => ({ topic: uplinkTopic(devEui), payload: uplinkEvent(devEui, from + i) })));

  /** The stored samples of frame counters from..to-1: how many rows, and how many distinct uplinks. */
  const stored = async (from: number, to: number) => {
    const rows = await t.db
      .selectFrom('topic_samples')
      .select(['device_id', 'value'])
      .where(
        'device_id',
        'in',
        devices.map((device) => device.id),
      )
      .where('topic', '=', 'counter')
      .execute();
    const inRange = rows.filter((row) => Number(row.value) >= from && Number(row.value) < to);
    return { rows: inRange.length, uplinks: new Set(inRange.map((row) => `${row.device_id}:${row.value}`)).size };
  };

  beforeAll(async () => {
    main = await builtServer();
    database = await sharedDatabase('mqtt-nodes');
    // The nodes' DATA_DIR: the in-process app and the nodes share its secret key, as nodes of one installation must.
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: database.env.DATA_DIR as string });
    const app = await buildApp({ config, database: database.handle, logger: false });
    await app.ready();
    t = { app, db: database.handle.db, config, clock: new TestClock(), close: () => app.close() };
    const owner = await signUp(app);
    const company = await createCompany(t, owner, 'Node company');
    devices = [];
    for (let i = 0; i < DEVICES; i++) {
      const devEui = uniqueDevEui();
      devices.push({ devEui, id: await insertDevice(t, { company_id: company, dev_eui: devEui, name: `Node device ${i}` }) });
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(nodes.map((started) => started.stop()));
    await forgetSessions(clientIds);
    await t?.close();
    await database?.drop();
  }, 60_000);

  it('two nodes in one share group store each of 1,000 published uplinks exactly once', { timeout: 240_000 }, async () => {
    const [a, b] = clientIds.map(node);
    expect(await a.logged(SUBSCRIBED), a.tail()).toBe(true);
    expect(await b.logged(SUBSCRIBED), b.tail()).toBe(true);

    await publishAll(uplinks(0, PER_DEVICE));
    const total = DEVICES * PER_DEVICE;
    expect(await until(async () => (await stored(0, PER_DEVICE)).rows >= total, 180_000, 250), `${a.tail()}\n${b.tail()}`).toBe(true);
    expect(await stored(0, PER_DEVICE)).toEqual({ rows: total, uplinks: total });
  });

  it('a node killed with SIGKILL mid-stream and started again loses none of the uplinks the broker accepted', { timeout: 240_000 }, async () => {
    const [a] = nodes;
    const from = PER_DEVICE;
    const to = 2 * PER_DEVICE;
    const total = DEVICES * PER_DEVICE;
    const publishing = publishAll(uplinks(from, to));
    // Mid-stream: the nodes are storing, and the broker still holds uplinks for both.
    expect(await until(async () => (await stored(from, to)).uplinks >= total / 5, 120_000, 20)).toBe(true);
    await a.stop('SIGKILL');
    await publishing;
    expect((await stored(from, to)).uplinks).toBeLessThan(total);

    // The same client id: the broker hands the session, with what it kept for it, to the new process.
    const restarted = node(clientIds[0]);
    expect(await restarted.logged(SUBSCRIBED), restarted.tail()).toBe(true);
    expect(await until(async () => (await stored(from, to)).uplinks >= total, 180_000, 250), restarted.tail()).toBe(true);
    const after = await stored(from, to);
    expect(after.uplinks).toBe(total);
    // What the killed node had committed but not yet acknowledged comes again (at least once); the
    // deduplication by deduplicationId (issue #14, part 3) makes those one row.
    expect(after.rows - after.uplinks).toBeLessThanOrEqual(20);
  });
});
