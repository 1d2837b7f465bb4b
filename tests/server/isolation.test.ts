import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createCompany, createRecord, twoUsers } from './helpers/fixtures.js';
import type { TestApp } from './helpers/test-app.js';
import { call, callWithKey, type Method, type SignedIn } from './helpers/users.js';

/**
 * Company A's records seen from company B (issue #3 "isolation matrix"): for every resource and
 * verb, B gets 404 or an empty list and never A's data — signed in, and with an API key of B.
 */
describe('isolation between companies', () => {
  let t: TestApp;
  let a: SignedIn;
  let b: SignedIn;
  let bKey: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, alice: a, bob: b } = await twoUsers());
    await createCompany(t, b, 'B company');
    await call(t.app, b, 'PUT', '/api/user/', { is_tenant_enabled: true });
    bKey = await createApiKey(t, b, 'B key');

    await call(t.app, a, 'PUT', '/api/user/', { is_tenant_enabled: true });
    const created = (url: string, body: object) => createRecord(t, a, url, body);
    ids.tenant = await created('/api/tenant/', { name: 'A tenant' });
    ids.company = await created('/api/company/', { name: 'A company', tenant_id: ids.tenant });
    ids.profile = await created(`/api/config/${ids.company}`, { name: 'A profile', codec: '// A secret codec' });
    ids.group = await created('/api/group/', { company_id: ids.company, name: 'A group' });
    ids.unit = await created('/api/unit/', { company_id: ids.company, name: 'A unit', group: ids.group });
    ids.device = await created('/api/device/', {
      company_id: ids.company,
      dev_eui: 'AAAA000000000001',
      app_key: 'A'.repeat(32),
      name: 'A device',
      config: ids.profile,
      unit: ids.unit,
    });
    ids.gateway = await created('/api/gateway/', { company_id: ids.company, gateway_id: 'AAAA0000000000FF', name: 'A gateway' });
    ids.dashboard = await created('/api/dashboard/', { company_id: ids.company, name: 'A board', is_shared: true });
    ids.widget = await created('/api/widget/', {
      dashboard: ids.dashboard,
      type: 'TABLE',
      data_source_mode: 'device',
      device: ids.device,
      width: 4,
      height: 2,
      positionX: 0,
      positionY: 0,
    });
    ids.invite = await created('/api/invite/', { company_id: ids.company, email: 'someone@example.com' });
    ids.apiKey = await created('/api/api-keys/', { name: 'A key' });
    await call(t.app, a, 'POST', '/api/ingest/chirpstack?event=up', { deviceInfo: { devEui: 'AAAA000000000001' }, fPort: 1, object: { secret_reading: 42 } });
  });
  afterAll(async () => t.close());

  const attempts = (): [Method, string, object?][] => [
    ['GET', `/api/company/${ids.company}/`],
    ['PATCH', `/api/company/${ids.company}/`, { name: 'x' }],
    ['DELETE', `/api/company/${ids.company}/`],
    ['GET', `/api/company/${ids.company}/i_query`],
    ['GET', `/api/tenant/${ids.tenant}/`],
    ['PATCH', `/api/tenant/${ids.tenant}/`, { name: 'x' }],
    ['DELETE', `/api/tenant/${ids.tenant}/`],
    ['POST', '/api/invite/', { company_id: ids.company, email: 'x@example.com' }],
    ['DELETE', `/api/invite/${ids.invite}`],
    ['GET', `/api/config/${ids.company}`],
    ['GET', `/api/config/${ids.company}/templates`],
    ['POST', `/api/config/${ids.company}`, { name: 'x' }],
    ['PATCH', `/api/config/${ids.company}/${ids.profile}`, { name: 'x' }],
    ['DELETE', `/api/config/${ids.company}/${ids.profile}`],
    ['POST', `/api/config/${ids.company}/codec-test`, { codec: 'x', payload: '00', fPort: 1 }],
    ['GET', `/api/template/${ids.company}`],
    ['POST', `/api/template/${ids.company}/dragino-lds02`],
    ['GET', `/api/device/${ids.device}/`],
    ['PUT', `/api/device/${ids.device}/`, { name: 'x' }],
    ['DELETE', `/api/device/${ids.device}/`],
    ['GET', `/api/device/${ids.device}/topics/values`],
    ['GET', `/api/device/${ids.device}/frames`],
    ['POST', '/api/device/', { company_id: ids.company, dev_eui: 'BBBB000000000001', app_key: 'B'.repeat(32) }],
    ['POST', '/api/device/bulk/', { company_id: ids.company, devices: [{ dev_eui: 'BBBB000000000002', app_key: 'B'.repeat(32) }] }],
    ['GET', `/api/gateway/${ids.gateway}/`],
    ['PATCH', `/api/gateway/${ids.gateway}/`, { name: 'x' }],
    ['DELETE', `/api/gateway/${ids.gateway}/`],
    ['GET', `/api/gateway/${ids.gateway}/cert`],
    ['POST', `/api/gateway/${ids.gateway}/cert`],
    ['GET', `/api/gateway/${ids.gateway}/frames`],
    ['GET', `/api/network/unregistered?company_id=${ids.company}`],
    ['PUT', `/api/unit/${ids.unit}/`, { name: 'x' }],
    ['DELETE', `/api/unit/${ids.unit}/`],
    ['PATCH', `/api/group/${ids.group}/`, { name: 'x' }],
    ['DELETE', `/api/group/${ids.group}/`],
    ['PATCH', `/api/dashboard/${ids.dashboard}/`, { name: 'x' }],
    ['DELETE', `/api/dashboard/${ids.dashboard}/`],
    ['POST', '/api/widget/', { dashboard: ids.dashboard, type: 'TABLE', data_source_mode: 'device', width: 2, height: 2, positionX: 0, positionY: 0 }],
    ['PATCH', `/api/widget/${ids.widget}/`, { width: 2 }],
    ['DELETE', `/api/widget/${ids.widget}/`],
    ['GET', `/api/widget/${ids.widget}/data`],
    ['PUT', `/api/api-keys/${ids.apiKey}/regenerate`],
    ['DELETE', `/api/api-keys/${ids.apiKey}`],
  ];

  const lists = (): string[] => [
    `/api/company/?id=${ids.company}`,
    `/api/tenant/?id=${ids.tenant}`,
    `/api/invite/?company_id=${ids.company}`,
    `/api/device/?company_id=${ids.company}`,
    `/api/device/?id=${ids.device}`,
    `/api/gateway/?company_id=${ids.company}`,
    `/api/unit/?company_id=${ids.company}`,
    `/api/group/?company_id=${ids.company}`,
    `/api/dashboard/?company_id=${ids.company}`,
    `/api/widget/?dashboard_id=${ids.dashboard}`,
    `/api/user/notifications/`,
  ];

  for (const via of ['session', 'API key'] as const) {
    describe(`as company B via ${via}`, () => {
      const send = (method: Method, url: string, body?: object) =>
        via === 'session' ? call(t.app, b, method, url, body) : callWithKey(t.app, bKey, method, url, body);

      it("answers 404 for every call on A's records", async () => {
        for (const [method, url, body] of attempts()) {
          // API keys may not manage keys at all (403); for everything else the answer is 404.
          const expected = via === 'API key' && url.startsWith('/api/api-keys') ? 403 : 404;
          const response = await send(method, url, body);
          expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: expected });
          expect(response.body).not.toMatch(/A company|A device|A gateway|secret/);
        }
      });

      it("lists none of A's records", async () => {
        for (const url of lists()) {
          const response = await send('GET', url);
          // The device list's count is bounded (BoundedPage) and says it is exact.
          const empty = url.startsWith('/api/device/') ? { count: 0, count_exact: true, results: [] } : { count: 0, results: [] };
          expect({ url, body: response.json() }).toEqual({ url, body: empty });
        }
        expect((await send('GET', '/api/search/?q=A%20&include_tenants=true')).json()).toEqual({ results: [] });
        expect((await send('GET', '/api/filter_options/device/config')).json()).toEqual({ results: [] });
        // The network server gets a success (nothing to retry), and A's device gets nothing (see below).
        const ingest = await send('POST', '/api/ingest/chirpstack?event=up', { deviceInfo: { devEui: 'AAAA000000000001' }, object: { x: 1 } });
        expect(ingest.json()).toEqual({ status: 'unregistered' });
      });
    });
  }

  it("left A's records untouched", async () => {
    expect((await call(t.app, a, 'GET', `/api/device/${ids.device}/`)).json()).toMatchObject({ name: 'A device' });
    expect((await call(t.app, a, 'GET', `/api/device/${ids.device}/topics/values`)).json()).toEqual([
      { topic: 'secret_reading', last_value: 42, last_timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), decoded_by: 'network_server' },
    ]);
    expect((await call(t.app, a, 'GET', `/api/company/${ids.company}/`)).json()).toMatchObject({ name: 'A company' });
    expect((await call(t.app, a, 'GET', `/api/widget/?dashboard_id=${ids.dashboard}`)).json()).toMatchObject({ count: 1 });
  });
});
