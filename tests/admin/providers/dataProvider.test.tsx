import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { HttpError, I18nContextProvider, ValidationError } from 'react-admin';
import { createI18nProvider, type Language } from '../../../admin/providers/i18nProvider';
import { createDataProvider } from '../../../admin/providers/dataProvider';
import { ApiError, apiRequest, catalogueKey } from '../../../admin/providers/http';
import { jsonResponse } from '../helpers';

function stubFetch(response: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const urlOf = (fetch: ReturnType<typeof stubFetch>, call = 0) => new URL(String(fetch.mock.calls[call][0]), 'http://x');

describe('http: errors map to the spec §8 catalogue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('maps codes and statuses to catalogue keys', () => {
    expect(catalogueKey(400, 'validation')).toBe('validation');
    expect(catalogueKey(429, 'codecBusy')).toBe('codecBusy');
    expect(catalogueKey(503, 'codecBusy')).toBe('codecBusy');
    expect(catalogueKey(409, 'duplicate')).toBe('validation');
    expect(catalogueKey(403, 'forbidden')).toBe('unauthorized');
    expect(catalogueKey(401, undefined)).toBe('unauthorized');
    expect(catalogueKey(404, 'whatever')).toBe('notFound');
    expect(catalogueKey(500, 'general')).toBe('general');
    expect(catalogueKey(429, 'rateLimited')).toBe('general');
    expect(catalogueKey(409, 'webhookLimit')).toBe('webhookLimit');
  });

  it('a failing fetch is a network error; a failing response keeps its fields', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/user/')).rejects.toMatchObject({ key: 'app.errors.networkError', status: 0 });
    stubFetch(() => jsonResponse({ code: 'validation', message: 'Bad', fields: { name: 'Required' } }, 400));
    const error = await apiRequest('/company/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ key: 'app.errors.validation', fields: { name: 'Required' } });
  });
});

describe('dataProvider', () => {
  afterEach(() => vi.unstubAllGlobals());
  const provider = (companyId: string | null = 'c1') => createDataProvider({ companyId: () => companyId });

  it('lists with page, page_size, ordering, search, filters and the selected company', async () => {
    const fetch = stubFetch(() => jsonResponse({ count: 42, results: [{ id: 'd1' }] }));
    const result = await provider().getList('devices', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'last_seen', order: 'DESC' },
      filter: { q: ' probe ', id: 'd1' },
    });
    expect(result).toEqual({ data: [{ id: 'd1' }], total: 42 });
    const url = urlOf(fetch);
    expect(url.pathname).toBe('/api/device/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      page_size: '25',
      ordering: '-last_seen',
      search: 'probe',
      id: 'd1',
      company_id: 'c1',
      bounded_count: 'true',
    });
    expect(fetch.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('turns a bounded count into partial pagination with the bound, and counts all matching devices when asked (issue #20)', async () => {
    let fetch = stubFetch(() => jsonResponse({ count: 10_000, count_exact: false, results: [{ id: 'd1' }] }));
    const list = (page: number) => provider().getList('devices', { pagination: { page, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(await list(1)).toEqual({ data: [{ id: 'd1' }], pageInfo: { hasNextPage: true, hasPreviousPage: false }, meta: { moreThan: 10_000 } });
    expect(await list(3)).toMatchObject({ pageInfo: { hasNextPage: true, hasPreviousPage: true } });
    fetch = stubFetch(() => jsonResponse({ count: 3, count_exact: true, results: [{ id: 'd1' }] }));
    expect(await list(1)).toEqual({ data: [{ id: 'd1' }], total: 3 });
    fetch = stubFetch(() => jsonResponse({ count: 123_456, count_exact: true, results: [] }));
    expect(await provider().countMatchingDevices({ q: ' temp ', unit: 'u1' })).toBe(123_456);
    const url = urlOf(fetch);
    expect(url.pathname).toBe('/api/device/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ company_id: 'c1', search: 'temp', unit: 'u1', page_size: '1' });
  });

  it("hands react-admin's abort signal to every read, and a cancelled read is no network error", async () => {
    expect(provider().supportAbortSignal).toBe(true);
    const fetch = stubFetch(() => jsonResponse({ count: 0, results: [] }));
    const controller = new AbortController();
    await provider().getList('devices', { pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: {}, signal: controller.signal });
    await provider().getManyReference('devices', {
      target: 'unit',
      id: 'u1',
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
      signal: controller.signal,
    });
    expect(fetch.mock.calls.map((call) => call[1]?.signal)).toEqual([controller.signal, controller.signal]);

    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(() => Promise.reject(aborted));
    controller.abort();
    await expect(provider().getOne('companies', { id: 'c1', signal: controller.signal })).rejects.toBe(aborted);
  });

  it('exports the devices with the list filters and order, as the file the server names', async () => {
    const fetch = stubFetch(
      () =>
        new Response('name,dev_eui\r\nPump,A840410000000001\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="devices-acme-2026-11-27.csv"' },
        }),
    );
    const file = await provider().exportDevices({ filter: { q: 'pump', power_status: 'battery_low' }, sort: { field: 'last_seen', order: 'DESC' } });
    expect(file.filename).toBe('devices-acme-2026-11-27.csv');
    expect(await file.blob.text()).toContain('Pump,A840410000000001');
    const url = urlOf(fetch);
    expect(url.pathname).toBe('/api/device/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'pump', power_status: 'battery_low', ordering: '-last_seen', company_id: 'c1' });

    stubFetch(() => jsonResponse({ code: 'validation', message: 'Bad' }, 400));
    await expect(provider().exportDevices({ filter: {}, sort: { field: 'name', order: 'ASC' } })).rejects.toBeInstanceOf(HttpError);
  });

  it('fetches getMany in one request by ids, in the selected company, and per record where a list has no ids', async () => {
    const fetch = stubFetch(() => jsonResponse({ count: 2, results: [{ id: 'd1' }, { id: 'd2' }] }));
    const result = await provider().getMany('devices', { ids: ['d1', 'd2', 'd1'] });
    expect(result).toEqual({ data: [{ id: 'd1' }, { id: 'd2' }] });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(urlOf(fetch).pathname).toBe('/api/device/');
    expect(Object.fromEntries(urlOf(fetch).searchParams)).toEqual({ ids: 'd1,d2', page: '1', page_size: '2', company_id: 'c1' });

    fetch.mockClear();
    await provider().getMany('profiles', { ids: ['p1', 'p2', 'p3'] });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(urlOf(fetch).pathname).toBe('/api/config/c1');
    expect(urlOf(fetch).searchParams.get('ids')).toBe('p1,p2,p3');

    // More ids than the server takes at once: one request per hundred.
    fetch.mockClear();
    await provider().getMany('units', { ids: Array.from({ length: 150 }, (_, i) => `u${i}`) });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(urlOf(fetch, 0).searchParams.get('ids')?.split(',')).toHaveLength(100);
    expect(urlOf(fetch, 1).searchParams.get('page_size')).toBe('50');

    // Without a selected company there is nothing to ask.
    fetch.mockClear();
    expect(await provider(null).getMany('gateways', { ids: ['g1'] })).toEqual({ data: [] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('never sends the default id sort, and no company to unscoped resources', async () => {
    const fetch = stubFetch(() => jsonResponse({ count: 0, results: [] }));
    await provider().getList('companies', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(Object.fromEntries(urlOf(fetch).searchParams)).toEqual({ page: '1', page_size: '10' });
  });

  it('puts the company into the path for profiles and answers empty without a company', async () => {
    const fetch = stubFetch(() => jsonResponse({ count: 1, results: [{ id: 'p1' }] }));
    await provider().getList('profiles', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(urlOf(fetch).pathname).toBe('/api/config/c1');
    const none = await provider(null).getList('devices', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(none).toEqual({ data: [], total: 0 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('creates scoped records with company_id and updates with the spec method', async () => {
    const fetch = stubFetch(() => jsonResponse({ id: 'u1', name: 'Hall' }, 201));
    await provider().create('units', { data: { name: 'Hall' } });
    expect(fetch.mock.calls[0][1]).toMatchObject({ method: 'POST', body: JSON.stringify({ company_id: 'c1', name: 'Hall' }) });
    await provider().update('units', { id: 'u1', data: { id: 'u1', name: 'Hall 2' }, previousData: { id: 'u1', name: 'Hall' } });
    expect(urlOf(fetch, 1).pathname).toBe('/api/unit/u1/');
    expect(fetch.mock.calls[1][1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ name: 'Hall 2' }) });
    await provider().update('groups', { id: 'g1', data: { name: 'G' }, previousData: { id: 'g1', name: 'F' } });
    expect(fetch.mock.calls[2][1]).toMatchObject({ method: 'PATCH' });
  });

  it('reads one record through the id filter where there is no item endpoint', async () => {
    const fetch = stubFetch(() => jsonResponse({ count: 1, results: [{ id: 'g1', name: 'G' }] }));
    expect((await provider().getOne('groups', { id: 'g1' })).data).toEqual({ id: 'g1', name: 'G' });
    expect(Object.fromEntries(urlOf(fetch).searchParams)).toMatchObject({ id: 'g1', company_id: 'c1' });
  });

  it('marks many notifications read in one bulk call', async () => {
    const fetch = stubFetch(() => jsonResponse({ updated: 2 }));
    await provider().updateMany('notifications', { ids: ['n1', 'n2'], data: { is_read: true } });
    expect(urlOf(fetch).pathname).toBe('/api/user/notifications/bulk-mark-read');
    expect(fetch.mock.calls[0][1]).toMatchObject({ method: 'PATCH', body: JSON.stringify({ ids: ['n1', 'n2'] }) });
  });

  it('deletes, regenerates keys, searches and reads company people on the spec paths', async () => {
    const fetch = stubFetch(() => jsonResponse({ results: [{ type: 'company', id: 'c1', name: 'Acme' }], users: [], invites: [], key: 's' }));
    await provider().delete('api-keys', { id: 'k1', previousData: { id: 'k1' } });
    await provider().regenerateApiKey('k1');
    const results = await provider().search('acme', true);
    await provider().companyPeople('c1');
    await provider().rotateWebhookSecret('w1');
    await provider().webhookDeliveries('w1');
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'DELETE /api/api-keys/k1',
      'PUT /api/api-keys/k1/regenerate',
      'GET /api/search/?q=acme&include_tenants=true',
      'GET /api/company/c1/i_query',
      'POST /api/webhook/w1/rotate-secret',
      'GET /api/webhook/w1/deliveries',
    ]);
    expect(results).toEqual([{ type: 'company', id: 'c1', name: 'Acme' }]);
  });

  it("answers the stores' calls and the version on the spec paths; the stores' calls keep the API's error", async () => {
    const fetch = stubFetch(() => jsonResponse({ id: 'u1', version: '1.2.3', results: [{ id: 'c1', name: 'Acme', tenant_id: null }] }));
    await provider().currentUser();
    await provider().updateCurrentUser({ first_name: 'Ada' });
    expect(await provider().myCompanies()).toEqual([{ id: 'c1', name: 'Acme', tenant_id: null }]);
    await provider().tenant('t 1');
    expect(await provider().version()).toMatchObject({ version: '1.2.3' });
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'GET /api/user/',
      'PUT /api/user/',
      'GET /api/company/?page_size=1000&ordering=name',
      'GET /api/tenant/t%201/',
      'GET /api/version',
    ]);
    stubFetch(() => jsonResponse({ code: 'notFound', message: 'Gone' }, 404));
    await expect(provider().currentUser()).rejects.toBeInstanceOf(ApiError);
    await expect(provider().version()).rejects.toBeInstanceOf(HttpError);
  });

  it('retries a sync and reads the network status on the issue #13 paths; a failed retry is an HttpError', async () => {
    const fetch = stubFetch(() => new Response(null, { status: 204 }));
    await expect(provider().retryNetworkSync('gateway', 'g 1')).resolves.toBeUndefined();
    stubFetch(() => jsonResponse({ mode: 'chirpstack', pending: 2, failed: 1 }));
    expect(await provider().networkStatus()).toEqual({ mode: 'chirpstack', pending: 2, failed: 1 });
    expect(`${fetch.mock.calls[0][1]?.method} ${fetch.mock.calls[0][0]}`).toBe('POST /api/network/sync/gateway/g%201/retry');
    expect(fetch.mock.calls[0][1]?.body).toBeUndefined();
    stubFetch(() => jsonResponse({ code: 'notFound', message: 'Not found' }, 404));
    await expect(provider().retryNetworkSync('device', 'd1')).rejects.toMatchObject({ message: 'app.errors.notFound', status: 404 });
  });

  it("reads and fixes a company's drift on the reconciliation paths; the network server's failures keep their code", async () => {
    const drift = [{ kind: 'device', problem: 'missing_there', key: '0011223344556677', name: 'Cellar', entity_id: 'd1', company_id: 'c 1' }];
    let fetch = stubFetch(() => jsonResponse({ drift }));
    expect(await provider().reconcileDrift('c 1')).toEqual(drift);
    expect(`${fetch.mock.calls[0][1]?.method} ${fetch.mock.calls[0][0]}`).toBe('GET /api/network/reconcile?company_id=c+1');
    fetch = stubFetch(() => jsonResponse({ fixed: 1, skipped: [] }));
    expect(await provider().reconcileFix('c 1', [{ kind: 'device', key: '0011223344556677' }])).toEqual({ fixed: 1, skipped: [] });
    expect(fetch.mock.calls[0][1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ company_id: 'c 1', items: [{ kind: 'device', key: '0011223344556677' }] }),
    });
    expect(String(fetch.mock.calls[0][0])).toBe('/api/network/reconcile');
    stubFetch(() => jsonResponse({ code: 'networkServerUnavailable', message: 'The network server cannot be reached: down' }, 503));
    await expect(provider().reconcileDrift('c1')).rejects.toMatchObject({ status: 503, body: { code: 'networkServerUnavailable' } });
  });

  it('reads the devices heard but not registered in the selected company; without one it asks nothing', async () => {
    const heard = { dev_eui: 'A840410000000999', join_eui: null, device_name: 'greenhouse-3', count: 2 };
    const fetch = stubFetch(() => jsonResponse({ results: [heard] }));
    expect(await provider('c 1').unregisteredDevices()).toEqual([heard]);
    expect(`${fetch.mock.calls[0][1]?.method} ${fetch.mock.calls[0][0]}`).toBe('GET /api/network/unregistered?company_id=c+1');
    await expect(provider(null).unregisteredDevices()).rejects.toMatchObject({ status: 404 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("asks whether the network server hears a gateway; ChirpStack down is an HttpError with the API's code", async () => {
    const answer = { mode: 'chirpstack', seen: true, last_seen_at: '2026-11-23T10:00:00.000Z' };
    const fetch = stubFetch(() => jsonResponse(answer));
    expect(await provider().gatewayNetwork('g 1')).toEqual(answer);
    expect(`${fetch.mock.calls[0][1]?.method} ${fetch.mock.calls[0][0]}`).toBe('GET /api/gateway/g%201/network');
    stubFetch(() => jsonResponse({ code: 'networkServerUnavailable', message: 'The network server cannot be reached: connection refused' }, 503));
    await expect(provider().gatewayNetwork('g1')).rejects.toMatchObject({ status: 503, body: { code: 'networkServerUnavailable' } });
  });

  it('issues a gateway certificate by POST (issue #16: a GET issues nothing)', async () => {
    const answer = { server: 'mqtts://x:8883', ca_cert: 'CA', tls_cert: 'CERT', tls_key: 'KEY', expires_at: '2027-11-23T00:00:00.000Z' };
    const fetch = stubFetch(() => jsonResponse(answer, 201));
    expect(await provider().issueGatewayCertificate('g 1')).toEqual(answer);
    expect(`${fetch.mock.calls[0][1]?.method} ${fetch.mock.calls[0][0]}`).toBe('POST /api/gateway/g%201/cert');
  });

  it("sends, reads and flushes a device's downlinks on the issue #13 paths; a codec failure keeps its code and message", async () => {
    const fetch = stubFetch(() => jsonResponse({ id: 'q1', f_port: 10, confirmed: true, data_hex: '01', warnings: [] }, 201));
    const input = { f_port: 10, confirmed: true, encoding: 'hex' as const, payload: '01' };
    expect(await provider().sendDownlink('d 1', input)).toMatchObject({ id: 'q1', data_hex: '01' });
    const listed = { id: 'q1', f_port: 10, confirmed: true, data_hex: '01', state: 'queued', f_cnt_down: null };
    stubFetch(() => jsonResponse({ items: [listed] }));
    expect(await provider().downlinks('d 1')).toEqual([listed]);
    const flushed = stubFetch(() => new Response(null, { status: 204 }));
    await expect(provider().flushDownlinkQueue('d 1')).resolves.toBeUndefined();
    expect(`${fetch.mock.calls[0][1]?.method} ${fetch.mock.calls[0][0]}`).toBe('POST /api/device/d%201/downlink');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual(input);
    expect(`${flushed.mock.calls[0][1]?.method} ${flushed.mock.calls[0][0]}`).toBe('DELETE /api/device/d%201/downlink');

    const params = { kind: 'reported', message: 'setpoint out of range' };
    stubFetch(() =>
      jsonResponse(
        { code: 'validation', message: 'Bad', fields: { payload: 'x' }, field_codes: { payload: { code: 'codec_failed', params } }, codec_errors: [] },
        400,
      ),
    );
    const error = await provider()
      .sendDownlink('d1', { ...input, encoding: 'json', payload: '{}' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, body: { code: 'validation' } });
    expect(await shown((error as HttpError).body.errors.payload, 'de')).toBe('Der Codec konnte dies nicht kodieren: setpoint out of range');
    stubFetch(() => jsonResponse({ code: 'networkServerRequired', message: 'Needs one' }, 409));
    await expect(provider().flushDownlinkQueue('d1')).rejects.toMatchObject({ status: 409, body: { code: 'networkServerRequired' } });
  });

  it('never sends the sync state back with an update (it changes on its own)', async () => {
    const fetch = stubFetch(() => jsonResponse({ id: 'd1', name: 'Cellar 2' }));
    const before = { id: 'd1', name: 'Cellar', network_sync: { state: 'failed' } };
    await provider().update('devices', { id: 'd1', data: { ...before, name: 'Cellar 2', network_sync: { state: 'pending' } }, previousData: before });
    expect(fetch.mock.calls[0][1]).toMatchObject({ body: JSON.stringify({ name: 'Cellar 2' }) });
  });

  it('turns API errors into HttpErrors carrying the catalogue key and the field errors', async () => {
    stubFetch(() => jsonResponse({ code: 'validation', message: 'Bad', fields: { name: 'Required' }, field_codes: { name: { code: 'required' } } }, 400));
    const error = await provider()
      .create('companies', { data: { name: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      message: 'app.errors.validation',
      status: 400,
      body: { errors: { name: expect.stringContaining('app.server.fields.required') } },
    });
    expect(await shown((error as HttpError).body.errors.name, 'en')).toBe('This field is required.');
  });

  it("shows the API's field codes in the user's language, with their parameters", async () => {
    const body = {
      code: 'validation',
      message: 'Bad',
      fields: { dev_eui: 'DevEUI must be 16 hexadecimal digits.', name: 'Must be at most 200 characters.' },
      field_codes: { dev_eui: { code: 'dev_eui_invalid' }, name: { code: 'too_long', params: { limit: 200 } } },
    };
    stubFetch(() => jsonResponse(body, 400));
    const { errors } = (
      (await provider()
        .create('devices', { data: {} })
        .catch((e: unknown) => e)) as HttpError
    ).body as { errors: Record<string, string> };
    expect(await shown(errors.dev_eui, 'de')).toBe('Die DevEUI muss aus 16 Hexadezimalziffern bestehen.');
    expect(await shown(errors.name, 'de')).toBe('Darf höchstens 200 Zeichen lang sein.');
    expect(await shown(errors.dev_eui, 'en')).toBe(body.fields.dev_eui);
  });

  it("falls back to the server's English text for a code this console does not know", async () => {
    stubFetch(() =>
      jsonResponse({ code: 'validation', message: 'Bad', fields: { x: 'Newer rule.' }, field_codes: { x: { code: 'from_a_newer_server' } } }, 400),
    );
    const { errors } = (
      (await provider()
        .create('devices', { data: {} })
        .catch((e: unknown) => e)) as HttpError
    ).body as { errors: Record<string, string> };
    expect(await shown(errors.x, 'de')).toBe('Newer rule.');
  });
});

/** The text react-admin shows under a form field for this error message, in a language. */
async function shown(message: string | undefined, language: Language): Promise<string> {
  const i18n = await createI18nProvider(language);
  render(
    <I18nContextProvider value={i18n}>
      <p data-testid="error">
        <ValidationError error={message ?? ''} />
      </p>
    </I18nContextProvider>,
  );
  const text = screen.getByTestId('error').textContent ?? '';
  cleanup();
  return text;
}
