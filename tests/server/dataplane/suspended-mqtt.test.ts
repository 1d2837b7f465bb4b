import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { suspensionCheck } from '../../../server/src/auth/suspension.js';
import { startGatewayBroker, type RunningBroker } from '../../../server/src/dataplane/broker/gateway-broker.js';
import { databaseGatewayRegistry } from '../../../server/src/dataplane/broker/registry.js';
import { MqttIngestSubscriber, type SubscriberSettings } from '../../../server/src/dataplane/ingest/mqtt-subscriber.js';
import { IngestService } from '../../../server/src/dataplane/ingest/service.js';
import { issueServerCertificate } from '../../../server/src/dataplane/pki/issue.js';
import { gatewayCertificatesRepository } from '../../../server/src/repositories/gateway-certificates.js';
import { gatewaysRepository } from '../../../server/src/repositories/gateways.js';
import { networkServerCertificatesRepository } from '../../../server/src/repositories/network-server-certificates.js';
import { telemetryRepository } from '../../../server/src/repositories/telemetry.js';
import type { Gateway, GatewayCertificate } from '../../../server/src/schemas/gateways.js';
import { createCompany, createRecord, insertDevice, oneCompany } from '../helpers/fixtures.js';
import { brokerAnswers, forgetSessions, publishAll, TEST_BROKER, uniqueDevEui, uniqueName, until, uplinkEvent, uplinkTopic } from '../helpers/mqtt-broker.js';
import { nodePresence } from '../helpers/node-presence.js';
import { platformCa } from '../helpers/platform-ca.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

const withBroker = await brokerAnswers();
const APP_KEY = '00112233445566778899AABBCCDDEEFF';

/** A suspended company's traffic over MQTT (issue #17): its events are acknowledged but not stored, its gateways refused. */
describe('a suspended company over MQTT', () => {
  let t: TestApp;
  let owner: SignedIn;
  let suspended: string;
  let active: string;
  const suspend = (companyId: string, at: string | null) => t.db.updateTable('companies').set({ suspended_at: at }).where('id', '=', companyId).execute();
  const samples = async (deviceId: string) =>
    (await t.db.selectFrom('topic_samples').select('value').where('device_id', '=', deviceId).execute()).map((row) => Number(row.value));

  beforeAll(async () => {
    ({ t, owner, company: suspended } = await oneCompany({}, 'Suspended Co'));
    active = await createCompany(t, owner, 'Active Co');
  });
  afterAll(async () => t.close());

  describe.skipIf(!withBroker)('events of the network server on MQTT_URL', () => {
    const sessions: string[] = [];
    afterAll(async () => forgetSessions(sessions));

    it('are acknowledged and dropped, counted, logged once per company, and not delivered again', async () => {
      const refusedEui = uniqueDevEui();
      const fineEui = uniqueDevEui();
      const refusedDevice = await insertDevice(t, { company_id: suspended, dev_eui: refusedEui, app_key: APP_KEY, name: 'Refused' });
      const fineDevice = await insertDevice(t, { company_id: active, dev_eui: fineEui, app_key: APP_KEY, name: 'Fine' });
      await suspend(suspended, t.clock.now().toISOString());
      // No profile, no codec: the network server's decoded object is stored. A zero cache lifetime reads each suspension change.
      const noCodec = () => Promise.reject(new Error('no codec in this test'));
      const plans = {
        find: (id: string) =>
          t.db.selectFrom('companies').select(['id', 'plan', 'device_limit', 'token_quota', 'suspended_at']).where('id', '=', id).executeTakeFirst(),
      };
      const check = suspensionCheck(plans, 0);
      const ingest = new IngestService(telemetryRepository(t.db, testDialect), noCodec, t.clock.now, undefined, undefined, undefined, check);
      const lines: string[] = [];
      const settings: SubscriberSettings = {
        url: TEST_BROKER,
        clientId: uniqueName('test-suspended'),
        shareGroup: uniqueName('test-group'),
        sessionExpirySeconds: 60,
        username: undefined,
        password: undefined,
        backoff: { firstMs: 20, maxMs: 200 },
      };
      sessions.push(settings.clientId);
      const log = { info: (message: string) => void lines.push(message), warn: (_error: unknown, message: string) => void lines.push(message) };
      const subscribe = async () => {
        const subscriber = new MqttIngestSubscriber(settings, ingest, log);
        subscriber.start();
        expect(await until(() => subscriber.status().state === 'connected')).toBe(true);
        return subscriber;
      };

      const first = await subscribe();
      // One subscriber takes messages in order: once the active company's uplink is stored, the three before it were answered.
      await publishAll([1, 2, 3].map((n) => ({ topic: uplinkTopic(refusedEui), payload: uplinkEvent(refusedEui, n) })));
      await publishAll([{ topic: uplinkTopic(fineEui), payload: uplinkEvent(fineEui, 1) }]);
      expect(await until(async () => (await samples(fineDevice)).length > 0)).toBe(true);
      expect(await samples(refusedDevice)).toEqual([]);
      expect(ingest.stats).toMatchObject({ suspended: 3, stored: 1 });
      expect(lines.filter((line) => line.includes('is suspended'))).toEqual([
        `MQTT ingest: company ${suspended} is suspended; its events are acknowledged and dropped`,
      ]);
      expect(first.status()).toMatchObject({ state: 'connected', error_code: null });

      // The same session again: the refused events were acknowledged, so the broker has none of them left.
      await first.close();
      const second = await subscribe();
      await publishAll([{ topic: uplinkTopic(fineEui), payload: uplinkEvent(fineEui, 2) }]);
      expect(await until(async () => (await samples(fineDevice)).length > 1)).toBe(true);
      expect(ingest.stats).toMatchObject({ suspended: 3, stored: 2 });

      // Resumed: its events are stored again.
      await suspend(suspended, null);
      await publishAll([{ topic: uplinkTopic(refusedEui), payload: uplinkEvent(refusedEui, 4) }]);
      expect(await until(async () => (await samples(refusedDevice)).length > 0)).toBe(true);
      await second.close();
    });
  });

  describe('gateways on the embedded broker', () => {
    let broker: RunningBroker;
    let gatewayId: string;
    const revoked: string[] = [];

    beforeAll(async () => {
      await suspend(suspended, null);
      gatewayId = await createRecord(t, owner, '/api/gateway/', { company_id: suspended, gateway_id: 'B827EBFFFE8B0177', name: 'Barn' });
      const ca = await platformCa(t);
      const server = await issueServerCertificate(ca, ['localhost', '127.0.0.1']);
      const registry = databaseGatewayRegistry(
        gatewaysRepository(t.db),
        gatewayCertificatesRepository(t.db),
        nodePresence(t.db, t.clock.now),
        t.clock.now,
        networkServerCertificatesRepository(t.db),
      );
      broker = await startGatewayBroker({
        port: 0,
        host: '127.0.0.1',
        tls: { caPem: ca.certPem, certPem: server.certPem, keyPem: server.keyPem },
        registry,
        certificateRecheckMs: 50,
        onWarning: (message) => void revoked.push(message),
      });
    });
    afterAll(async () => broker.close());

    it('refuses a suspended company’s gateway with "not authorised" and drops one connected when the company is suspended', async () => {
      const cert = (await call(t.app, owner, 'POST', `/api/gateway/${gatewayId}/cert`)).json<GatewayCertificate>();
      const connect = () =>
        mqtt.connectAsync(`mqtts://127.0.0.1:${broker.port}`, {
          clientId: 'b827ebfffe8b0177',
          ca: cert.ca_cert,
          cert: cert.tls_cert,
          key: cert.tls_key,
          servername: 'localhost',
          reconnectPeriod: 0,
        });
      const gateway = async () => (await call(t.app, owner, 'GET', `/api/gateway/${gatewayId}/`)).json<Gateway>();

      const client = await connect();
      expect(await until(async () => (await gateway()).connected)).toBe(true);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      await suspend(suspended, t.clock.now().toISOString());
      await closed;
      expect(revoked.some((line) => line.includes('B827EBFFFE8B0177') && line.includes('suspended'))).toBe(true);
      await expect(connect()).rejects.toThrow(/Not authorized|Connection refused/i);
      client.end(true);

      await suspend(suspended, null);
      const again = await connect();
      expect(again.connected).toBe(true);
      await again.endAsync();
    });
  });
});
