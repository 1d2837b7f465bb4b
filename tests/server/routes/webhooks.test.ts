import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import { MAX_ATTEMPTS, WebhookDispatcher, retryDelayMs } from '../../../server/src/dataplane/webhooks/dispatcher.js';
import { isBlockedUrlHost } from '../../../server/src/dataplane/webhooks/address.js';
import { webhooksRepository } from '../../../server/src/repositories/webhooks.js';
import type { Webhook, WebhookDeliveriesResponse } from '../../../server/src/schemas/webhooks.js';
import { insertDevice, twoCompanies } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';
import { appWebhookSecrets } from '../helpers/webhook-secrets.js';

type Deliveries = Static<typeof WebhookDeliveriesResponse>;

describe('webhooks', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  let receiver: http.Server;
  let receiverUrl: string;
  let answer = 200;
  const received: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  let dispatcher: WebhookDispatcher;

  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ WEBHOOKS_ALLOW_PRIVATE: 'true', ACCESS_TOKEN_TTL_SECONDS: '86400' }));
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(body) as unknown });
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    dispatcher = new WebhookDispatcher(webhooksRepository(t.db, testDialect), t.clock.now, {
      secrets: await appWebhookSecrets(t),
      allowPrivate: true,
    });
    await insertDevice(t, { company_id: company, dev_eui: 'ABCD000000000001', name: 'Pump' });
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    await t.close();
  });

  const uplink = (value: number) =>
    call(t.app, alice, 'POST', '/api/ingest/chirpstack?event=up', { deviceInfo: { devEui: 'ABCD000000000001' }, fPort: 3, object: { pressure: value } });

  it('posts decoded uplinks with the secret header, outside the ingest request', async () => {
    const hook = await call(t.app, alice, 'POST', '/api/webhook/', { company_id: company, url: receiverUrl, header_name: 'X-Token', header_value: 's3cret' });
    expect(hook.statusCode).toBe(201);
    expect(hook.json()).toMatchObject({ url: receiverUrl, header_name: 'X-Token', has_header_value: true, enabled: true });
    expect(hook.body).not.toContain('s3cret');
    expect((await uplink(1.5)).statusCode).toBe(200);
    expect(received).toHaveLength(0);
    expect(await dispatcher.dispatchDue()).toBe(1);
    expect(received[0]?.headers['x-token']).toBe('s3cret');
    expect(received[0]?.body).toMatchObject({ event: 'up', device: { dev_eui: 'ABCD000000000001', name: 'Pump' }, fPort: 3, data: { pressure: 1.5 } });
    const deliveries = (await call(t.app, alice, 'GET', `/api/webhook/${hook.json<Webhook>().id}/deliveries`)).json<Deliveries>();
    expect(deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1, response_status: 200 });
    // How long the receiver took is stored with the attempt: a whole, non-negative number of ms.
    expect(Number.isInteger(deliveries[0]?.duration_ms) && (deliveries[0]?.duration_ms ?? -1) >= 0).toBe(true);
  });

  it('sends a test event through the queue, signed like every delivery, also while the webhook is paused', async () => {
    const hook = (await call(t.app, alice, 'POST', '/api/webhook/', { company_id: company, url: receiverUrl, enabled: false })).json<Webhook>();
    const before = received.length;
    const queued = await call(t.app, alice, 'POST', `/api/webhook/${hook.id}/test`);
    expect(queued.statusCode).toBe(201);
    expect(queued.json()).toMatchObject({ status: 'pending', attempts: 0, duration_ms: null });
    expect(queued.body).not.toContain('payload');
    expect(await dispatcher.dispatchDue()).toBe(1);
    expect(received.slice(before)).toEqual([
      {
        headers: expect.objectContaining({ 'webhook-signature': expect.stringMatching(/^v1,/) }),
        body: { event: 'test', time: expect.any(String), webhook_id: hook.id, company_id: company },
      },
    ]);
    const deliveries = (await call(t.app, alice, 'GET', `/api/webhook/${hook.id}/deliveries`)).json<Deliveries>();
    expect(deliveries).toEqual([expect.objectContaining({ id: queued.json<{ id: string }>().id, status: 'delivered', response_status: 200 })]);
    expect((await call(t.app, alice, 'DELETE', `/api/webhook/${hook.id}/`)).statusCode).toBe(204);
  });

  it('lists just the named webhooks (id, ids: getMany in one request), never another company’s', async () => {
    const mine = (await call(t.app, alice, 'GET', `/api/webhook/?company_id=${company}`)).json<Page<Webhook>>().results.map((hook) => hook.id);
    expect(mine.length).toBeGreaterThan(0);
    const theirs = (await call(t.app, bob, 'POST', '/api/webhook/', { company_id: bobCompany, url: receiverUrl })).json<Webhook>().id;
    const named = await call(t.app, alice, 'GET', `/api/webhook/?company_id=${company}&ids=${[...mine, theirs].join(',')}`);
    expect(named.json<Page<Webhook>>().results.map((hook) => hook.id)).toEqual(mine);
    expect((await call(t.app, alice, 'GET', `/api/webhook/?id=${mine[0]}`)).json<Page<Webhook>>().results.map((hook) => hook.id)).toEqual([mine[0]]);
    expect((await call(t.app, bob, 'GET', `/api/webhook/?ids=${mine.join(',')}`)).json()).toMatchObject({ count: 0, results: [] });
    const bad = await call(t.app, alice, 'GET', `/api/webhook/?ids=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field_codes: { ids: { code: 'invalid_format' } } });
    expect((await call(t.app, bob, 'DELETE', `/api/webhook/${theirs}/`)).statusCode).toBe(204);
  });

  it('retries a failing receiver with backoff and shows the failure', async () => {
    const hookId = (await call(t.app, alice, 'GET', `/api/webhook/?company_id=${company}`)).json<Page<Webhook>>().results[0]?.id;
    answer = 500;
    await uplink(2);
    expect(await dispatcher.dispatchDue()).toBe(1);
    let latest = (await call(t.app, alice, 'GET', `/api/webhook/${hookId}/deliveries`)).json<Deliveries>()[0];
    expect(latest).toMatchObject({ status: 'pending', attempts: 1, last_error: 'http_status', response_status: 500, duration_ms: expect.any(Number) });
    expect(await dispatcher.dispatchDue()).toBe(0);
    answer = 200;
    t.clock.advance(retryDelayMs(1));
    expect(await dispatcher.dispatchDue()).toBe(1);
    latest = (await call(t.app, alice, 'GET', `/api/webhook/${hookId}/deliveries`)).json<Deliveries>()[0];
    expect(latest).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('gives up after the last attempt and keeps the delivery as failed', async () => {
    const hookId = (await call(t.app, alice, 'GET', '/api/webhook/')).json<Page<Webhook>>().results[0]?.id;
    answer = 503;
    await uplink(3);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await dispatcher.dispatchDue()).toBe(1);
      t.clock.advance(retryDelayMs(attempt));
    }
    expect(await dispatcher.dispatchDue()).toBe(0);
    const latest = (await call(t.app, alice, 'GET', `/api/webhook/${hookId}/deliveries`)).json<Deliveries>()[0];
    expect(latest).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, last_error: 'http_status' });
    answer = 200;
  });

  it.each([
    [{ url: 'ftp://example.com/x' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'https://example.com', header_name: 'bad header' }, 'header_name'],
    [{ url: 'https://example.com', secret: 'x' }, 'secret'],
  ])('rejects %j', async (body, field) => {
    const response = await call(t.app, alice, 'POST', '/api/webhook/', { company_id: company, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
  });

  it("answers 404 for another company's webhooks", async () => {
    const hookId = (await call(t.app, alice, 'GET', '/api/webhook/')).json<Page<Webhook>>().results[0]?.id;
    expect((await call(t.app, bob, 'GET', '/api/webhook/')).json()).toEqual({ count: 0, results: [] });
    for (const [method, url, body] of [
      ['PATCH', `/api/webhook/${hookId}/`, { enabled: false }],
      ['DELETE', `/api/webhook/${hookId}/`],
      ['GET', `/api/webhook/${hookId}/deliveries`],
      ['POST', `/api/webhook/${hookId}/test`],
      ['POST', '/api/webhook/', { company_id: company, url: 'https://example.com' }],
    ] as const) {
      expect((await call(t.app, bob, method, url, body)).statusCode).toBe(404);
    }
    expect((await call(t.app, bob, 'POST', '/api/webhook/', { company_id: bobCompany, url: 'https://example.com/bob' })).statusCode).toBe(201);
  });
});

describe('webhook targets', () => {
  it('refuses loopback and private addresses unless the installation allows them', async () => {
    const { t, alice, company } = await twoCompanies();
    try {
      for (const url of ['http://127.0.0.1:9000/x', 'http://localhost/x', 'http://169.254.169.254/latest']) {
        const response = await call(t.app, alice, 'POST', '/api/webhook/', { company_id: company, url });
        expect(response.json()).toMatchObject({ code: 'validation', fields: { url: 'Webhooks must point to a public address.' } });
      }
    } finally {
      await t.close();
    }
  });

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['[::1]', true],
    ['example.com', false],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
  ])('%s refused: %s', (host, refused) => {
    expect(isBlockedUrlHost(host, { allowPrivate: false })).toBe(refused);
  });
});
