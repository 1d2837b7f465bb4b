import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { startGatewayBroker, type RunningBroker } from '../../../server/src/dataplane/broker/gateway-broker.js';
import { databaseGatewayRegistry } from '../../../server/src/dataplane/broker/registry.js';
import { issueServerCertificate } from '../../../server/src/dataplane/pki/issue.js';
import { gatewaysRepository } from '../../../server/src/repositories/gateways.js';
import { gatewayCertificatesRepository } from '../../../server/src/repositories/gateway-certificates.js';
import type { Gateway, GatewayCertificate } from '../../../server/src/schemas/gateways.js';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { createRecord, oneCompany } from '../helpers/fixtures.js';
import { platformCa } from '../helpers/platform-ca.js';
import { nodePresence } from '../helpers/node-presence.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';
import { networkServerCertificatesRepository } from '../../../server/src/repositories/network-server-certificates.js';
import { until } from '../helpers/mqtt-broker.js';

/** The setup wizard's flow: register, download the certificate, connect, be seen as connected. */
describe('a gateway connecting with the certificate the API issued', () => {
  let t: TestApp;
  let owner: SignedIn;
  let broker: RunningBroker;
  let gatewayId: string;

  beforeAll(async () => {
    let company: string;
    ({ t, owner, company } = await oneCompany());
    gatewayId = await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: 'B827EBFFFE8B0001', name: 'Roof' });
    // The same CA the API signs with (it lives in the database).
    const ca = await platformCa(t);
    const server = await issueServerCertificate(ca, ['localhost', '127.0.0.1']);
    const registry = databaseGatewayRegistry(
      gatewaysRepository(t.db),
      gatewayCertificatesRepository(t.db),
      nodePresence(t.db, t.clock.now),
      t.clock.now,
      networkServerCertificatesRepository(t.db),
    );
    broker = await startGatewayBroker({ port: 0, host: '127.0.0.1', tls: { caPem: ca.certPem, certPem: server.certPem, keyPem: server.keyPem }, registry });
  });
  afterAll(async () => {
    await broker.close();
    await t.close();
  });

  const gateway = async () => (await call(t.app, owner, 'GET', `/api/gateway/${gatewayId}/`)).json<Gateway>();

  it('is connected while the gateway is online and notifies once when it goes away', async () => {
    const cert = (await call(t.app, owner, 'POST', `/api/gateway/${gatewayId}/cert`)).json<GatewayCertificate>();
    const client = await mqtt.connectAsync(`mqtts://127.0.0.1:${broker.port}`, {
      clientId: 'b827ebfffe8b0001',
      ca: cert.ca_cert,
      cert: cert.tls_cert,
      key: cert.tls_key,
      servername: 'localhost',
      reconnectPeriod: 0,
    });
    expect(await until(async () => (await gateway()).connected)).toBe(true);
    expect((await gateway()).last_seen).toEqual(expect.any(String));
    await client.publishAsync('eu868/gateway/B827EBFFFE8B0001/event/stats', '{"rxPacketsReceived":1}');
    await client.endAsync();
    expect(await until(async () => !(await gateway()).connected)).toBe(true);
    // The state is written before the notification: wait for it rather than read it once.
    const notes = async () => (await call(t.app, owner, 'GET', '/api/user/notifications/')).json<Page<Notification>>().results;
    expect(await until(async () => (await notes()).length > 0)).toBe(true);
    expect(await notes()).toEqual([expect.objectContaining({ kind: 'gateway_disconnected', title: 'Gateway disconnected: Roof' })]);
  });
});
