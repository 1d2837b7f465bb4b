import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookDispatcher, retryDelayMs } from '../../../server/src/dataplane/webhooks/dispatcher.js';
import { webhooksRepository } from '../../../server/src/repositories/webhooks.js';
import type { Webhook, WebhookWithSecret } from '../../../server/src/schemas/webhooks.js';
import { twoCompanies } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { queueDeliveries } from '../helpers/webhook-queue.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';
import { startRecorder, verifies, type Recorder } from './webhook-receivers.js';
import { appWebhookSecrets } from '../helpers/webhook-secrets.js';

// Issue #16: deliveries are signed with a per-webhook secret that is shown once and never listed.
describe('signed webhook deliveries', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let receiver: Recorder;
  let answer = 200;
  let dispatcher: WebhookDispatcher;

  beforeAll(async () => {
    ({ t, alice, bob, company } = await twoCompanies({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
    receiver = await startRecorder(() => ({ status: answer }));
    dispatcher = new WebhookDispatcher(webhooksRepository(t.db, testDialect), t.clock.now, {
      secrets: await appWebhookSecrets(t),
      allowPrivate: true,
    });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    answer = 200;
  });

  const create = async () => {
    const response = await call(t.app, alice, 'POST', '/api/webhook/', { company_id: company, url: `${receiver.base}/hook` });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<WebhookWithSecret>();
  };
  const deliver = async (hookId: string) => {
    await queueDeliveries(t.db, hookId, 1, t.clock.now().toISOString());
    await dispatcher.dispatchDue();
  };

  it('shows a whsec_ secret once on create; each delivery carries a signature that verifies with it', async () => {
    const hook = await create();
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await deliver(hook.id);
    const [request] = receiver.received;
    expect(request?.headers).toMatchObject({ 'webhook-id': expect.any(String), 'webhook-timestamp': String(Math.floor(t.clock.now().getTime() / 1000)) });
    expect(verifies(hook.secret, request!)).toBe(true);
    // A changed body, or another webhook's secret, does not verify.
    expect(verifies(hook.secret, { ...request!, body: request!.body.replace('0', '1') })).toBe(false);
    expect(verifies((await create()).secret, request!)).toBe(false);
  });

  it('never lists or reads back the secret, for members or anyone else', async () => {
    const hook = await create();
    const answers = [
      await call(t.app, alice, 'GET', `/api/webhook/?company_id=${company}`),
      await call(t.app, alice, 'GET', '/api/webhook/'),
      await call(t.app, alice, 'PATCH', `/api/webhook/${hook.id}/`, { enabled: true }),
      await call(t.app, alice, 'GET', `/api/webhook/${hook.id}/deliveries`),
      await call(t.app, bob, 'GET', '/api/webhook/'),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(hook.secret);
      expect(response.body).not.toContain(hook.secret.slice('whsec_'.length, 20));
      expect(response.body).not.toContain('"secret"');
    }
    expect(answers[0]?.json<Page<Webhook>>().results.some((listed) => listed.id === hook.id)).toBe(true);
  });

  it('keeps the message id on a retry, and signs again with a rotated secret', async () => {
    const hook = await create();
    answer = 500;
    await deliver(hook.id);
    answer = 200;
    const rotated = await call(t.app, alice, 'POST', `/api/webhook/${hook.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const { secret } = rotated.json<WebhookWithSecret>();
    expect(secret).not.toBe(hook.secret);
    t.clock.advance(retryDelayMs(1));
    await dispatcher.dispatchDue();
    const [first, retry] = receiver.received;
    expect(retry?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(verifies(hook.secret, first!)).toBe(true);
    expect(verifies(secret, retry!)).toBe(true);
    expect(verifies(hook.secret, retry!)).toBe(false);
  });

  it("cannot rotate another company's secret, an id that is none, or without signing in", async () => {
    const hook = await create();
    expect((await call(t.app, bob, 'POST', `/api/webhook/${hook.id}/rotate-secret`)).statusCode).toBe(404);
    expect((await call(t.app, alice, 'POST', '/api/webhook/not-an-id/rotate-secret')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/webhook/${hook.id}/rotate-secret` })).statusCode).toBe(401);
  });

  it('the company header cannot replace the signature', async () => {
    const response = await call(t.app, alice, 'POST', '/api/webhook/', {
      company_id: company,
      url: `${receiver.base}/hook`,
      header_name: 'Webhook-Signature',
      header_value: 'v1,forged',
    });
    const hook = response.json<WebhookWithSecret>();
    await deliver(hook.id);
    expect(receiver.received[0]?.headers['webhook-signature']).not.toBe('v1,forged');
    expect(verifies(hook.secret, receiver.received[0]!)).toBe(true);
  });
});
