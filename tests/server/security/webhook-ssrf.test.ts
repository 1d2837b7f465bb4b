import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import { loadConfig } from '../../../server/src/config.js';
import { WebhookDispatcher } from '../../../server/src/dataplane/webhooks/dispatcher.js';
import { postJson, type Resolve } from '../../../server/src/dataplane/webhooks/post.js';
import { isBlockedAddress } from '../../../server/src/dataplane/webhooks/address.js';
import { webhooksRepository } from '../../../server/src/repositories/webhooks.js';
import { WEBHOOK_DELIVERY_ERROR_TEXTS } from '../../../server/src/schemas/messages.js';
import type { WebhookDeliveriesResponse } from '../../../server/src/schemas/webhooks.js';
import { createRecord, twoCompanies } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { queueDeliveries } from '../helpers/webhook-queue.js';
import { call, type SignedIn } from '../helpers/users.js';
import { startRecorder, type Recorder } from './webhook-receivers.js';
import { appWebhookSecrets } from '../helpers/webhook-secrets.js';

// Issue #16, webhook SSRF: the address is checked when a delivery is sent, on what the name
// resolves to then, and the connection goes to that very address; every special-purpose range is
// refused; no redirect is followed; the log says our categories, never the network's errors.

const answers =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address): LookupAddress => ({ address, family: isIP(address) }));
const literal = (address: string) => (isIP(address) === 6 ? `[${address}]` : address);

/** Each special-purpose range of the IANA registries (and multicast, reserved, broadcast), with mapped, NAT64 and 6to4 forms. */
const REFUSED = [
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['10.0.0.1', 'private use'],
  ['100.64.0.1', 'shared address space (CGN)'],
  ['100.127.255.254', 'shared address space (CGN)'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link local (cloud metadata)'],
  ['169.254.170.2', 'link local (ECS task metadata)'],
  ['169.254.0.1', 'link local'],
  ['172.16.0.1', 'private use'],
  ['172.31.255.254', 'private use'],
  ['192.0.0.1', 'IETF protocol assignments'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.1', 'documentation (TEST-NET-1)'],
  ['192.31.196.1', 'AS112'],
  ['192.52.193.1', 'AMT'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', 'private use'],
  ['192.175.48.1', 'AS112 direct delegation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.254', 'benchmarking'],
  ['198.51.100.1', 'documentation (TEST-NET-2)'],
  ['203.0.113.1', 'documentation (TEST-NET-3)'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'limited broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:8.8.8.8', 'IPv4-mapped'],
  ['::ffff:0:a00:1', 'IPv4-translated'],
  ['::127.0.0.1', 'IPv4-compatible'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of cloud metadata'],
  ['64:ff9b::10.0.0.1', 'NAT64 of private use'],
  ['64:ff9b:1::808:808', 'NAT64 local use'],
  ['100::1', 'discard only'],
  ['2001::1', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'ORCHID'],
  ['2001:db8::1', 'documentation'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:a9fe:a9fe::1', '6to4 of cloud metadata'],
  ['2620:4f:8000::1', 'AS112 direct delegation'],
  ['3fff::1', 'documentation'],
  ['5f00::1', 'SRv6 SIDs'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link local'],
  ['fe80::1%eth0', 'link local with zone'],
  ['fec0::1', 'site local (deprecated)'],
  ['ff02::1', 'multicast'],
] as const;

const ALLOWED = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '100.63.255.255',
  '100.128.0.1',
  '172.32.0.1',
  '198.20.0.1',
  '2606:4700::1111',
  '2a00:1450:4001::200e',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('special-purpose addresses', () => {
  const post = (resolve: Resolve) => postJson({ timeoutMs: 2_000, allowPrivate: false, resolve });

  it.each(REFUSED)('refuses %s (%s) when a name resolves to it, and as a literal', async (address) => {
    await expect(post(answers(address))('http://hooks.example.com/x', {}, '{}')).rejects.toMatchObject({ category: 'blocked_address' });
    if (!address.includes('%')) await expect(post(answers())(`http://${literal(address)}/x`, {}, '{}')).rejects.toMatchObject({ category: 'blocked_address' });
    expect(isBlockedAddress(address, { allowPrivate: false })).toBe(true);
  });

  it.each(ALLOWED)('lets public %s through', (address) => {
    expect(isBlockedAddress(address, { allowPrivate: false })).toBe(false);
  });

  it('the development option lifts loopback and private use only, never metadata, link local or the rest', () => {
    const lifted = { allowPrivate: true };
    for (const address of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'fd00::1', '::ffff:127.0.0.1']) expect(isBlockedAddress(address, lifted)).toBe(false);
    for (const address of ['169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', 'fe80::1', '64:ff9b::a9fe:a9fe', '2001:db8::1'])
      expect(isBlockedAddress(address, lifted)).toBe(true);
  });

  it('refuses a name whose answers include one blocked address among public ones', async () => {
    await expect(post(answers('93.184.216.34', '127.0.0.1'))('http://hooks.example.com/x', {}, '{}')).rejects.toMatchObject({ category: 'blocked_address' });
  });

  it.each(['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'example.com.', 'metadata', 'metadata.google.internal', 'printer.local'])(
    'refuses the name %s without resolving it',
    async (name) => {
      let asked = false;
      const resolve: Resolve = async () => ((asked = true), []);
      await expect(post(resolve)(`http://${name}/x`, {}, '{}')).rejects.toMatchObject({ category: 'blocked_address' });
      expect(asked).toBe(false);
    },
  );

  it('WEBHOOKS_ALLOW_PRIVATE is off by default and refused in production', () => {
    expect(loadConfig({}).webhooksAllowPrivate).toBe(false);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true', NODE_ENV: 'production' })).toThrow('tests and development only');
  });
});

type Deliveries = Static<typeof WebhookDeliveriesResponse>;

describe('webhook deliveries of an installation with the default settings', () => {
  let t: TestApp;
  let alice: SignedIn;
  let company: string;
  let receiver: Recorder;
  let elsewhere: Recorder;

  beforeAll(async () => {
    ({ t, alice, company } = await twoCompanies());
    expect(t.config.webhooksAllowPrivate).toBe(false);
    elsewhere = await startRecorder();
    receiver = await startRecorder((path) => (path === '/moved' ? { status: 302, headers: { location: `${elsewhere.base}/stolen` } } : { status: 200 }));
  });
  afterAll(async () => {
    await receiver.close();
    await elsewhere.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('webhook_deliveries').execute();
    await t.db.deleteFrom('webhooks').execute();
    receiver.received.length = 0;
    elsewhere.received.length = 0;
  });

  /** A webhook to `url` with one delivery queued, sent by a dispatcher whose sender resolves names with `resolve`. */
  async function deliverOnce(url: string, options: { resolve?: Resolve; allowPrivate?: boolean } = {}): Promise<{ hookId: string; log: Deliveries }> {
    const hookId = await createRecord(t, alice, '/api/webhook/', { company_id: company, url });
    await queueDeliveries(t.db, hookId, 1, t.clock.now().toISOString());
    const post = postJson({
      timeoutMs: 2_000,
      allowPrivate: options.allowPrivate ?? t.config.webhooksAllowPrivate,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
    await new WebhookDispatcher(webhooksRepository(t.db, testDialect), t.clock.now, { secrets: await appWebhookSecrets(t), post }).dispatchDue();
    return { hookId, log: (await call(t.app, alice, 'GET', `/api/webhook/${hookId}/deliveries`)).json<Deliveries>() };
  }

  it('refuses a host name that resolves to 127.0.0.1 when the delivery is sent, though it passed on create', async () => {
    const { log } = await deliverOnce(`http://hooks.example.com:${receiver.port}/hook`, { resolve: answers('127.0.0.1') });
    expect(receiver.received).toEqual([]);
    expect(log).toMatchObject([{ status: 'pending', attempts: 1, last_error: 'blocked_address', response_status: null }]);
  });

  it('connects to the address it checked, with the name as Host (control: the same setup reaches the receiver where loopback is allowed)', async () => {
    let lookups = 0;
    const resolve: Resolve = async (name) => (lookups++, answers('127.0.0.1')(name));
    const { log } = await deliverOnce(`http://hooks.example.com:${receiver.port}/hook`, { resolve, allowPrivate: true });
    expect(log).toMatchObject([{ status: 'delivered' }]);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers.host).toBe(`hooks.example.com:${receiver.port}`);
    expect(lookups).toBe(1);
  });

  it('refuses loopback, private and metadata URLs on create, with the field code the console translates', async () => {
    for (const url of [
      `http://127.0.0.1:${receiver.port}/x`,
      'http://localhost./x',
      'http://[::ffff:127.0.0.1]/x',
      'http://100.64.0.1/x',
      'http://169.254.170.2/x',
      'http://[64:ff9b::7f00:1]/x',
    ]) {
      const response = await call(t.app, alice, 'POST', '/api/webhook/', { company_id: company, url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation', field_codes: { url: { code: 'private_address' } } });
    }
  });

  it('does not follow a redirect', async () => {
    const { log } = await deliverOnce(`http://hooks.example.com:${receiver.port}/moved`, { resolve: answers('127.0.0.1'), allowPrivate: true });
    expect(receiver.received.map((request) => request.path)).toEqual(['/moved']);
    expect(elsewhere.received).toEqual([]);
    expect(log).toMatchObject([{ status: 'pending', last_error: 'http_status', response_status: 302 }]);
  });

  it('logs only our own categories: no errno names, addresses or "fetch failed" to scan ports with', async () => {
    const closed = await startRecorder();
    await closed.close();
    const outcomes = [
      await deliverOnce(`http://hooks.example.com:${closed.port}/x`, { resolve: answers('127.0.0.1'), allowPrivate: true }),
      await deliverOnce('http://nowhere.example.com/x', {
        resolve: () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example.com'), { code: 'ENOTFOUND' })),
      }),
      await deliverOnce(`http://hooks.example.com:${receiver.port}/x`, { resolve: answers('10.0.0.7') }),
    ];
    expect(outcomes.map(({ log }) => log[0]?.last_error)).toEqual(['connection_failed', 'dns_failed', 'blocked_address']);
    const everything = JSON.stringify(outcomes.map(({ log }) => log));
    expect(everything).not.toMatch(/ECONN|ENOTFOUND|EAI_|getaddrinfo|fetch failed|127\.0\.0\.1|10\.0\.0\.7|socket/i);
    for (const { log } of outcomes) expect(Object.keys(WEBHOOK_DELIVERY_ERROR_TEXTS)).toContain(log[0]?.last_error);
  });
});
