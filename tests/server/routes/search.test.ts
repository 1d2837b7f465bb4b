import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { SearchResponse } from '../../../server/src/schemas/search.js';
import { createCompany, createRecord, twoUsers } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

describe('GET /api/search/', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ({ t, alice, bob } = await twoUsers());
    // The names are what the searches below find (or must not find): not the fixture's defaults.
    company = await createCompany(t, alice, 'Vineyard Rheingau');
    ids.device = await createRecord(t, alice, '/api/device/', {
      company_id: company,
      dev_eui: 'A840410001810001',
      app_key: 'A'.repeat(32),
      name: 'Vineyard soil probe',
    });
    ids.unnamed = await createRecord(t, alice, '/api/device/', { company_id: company, dev_eui: 'A8404100018100FF', app_key: 'A'.repeat(32) });
    ids.gateway = await createRecord(t, alice, '/api/gateway/', { company_id: company, gateway_id: '0016C001F1530001', name: 'Vineyard hill gateway' });
    ids.group = await createRecord(t, alice, '/api/group/', { company_id: company, name: 'Vineyard plots' });
    ids.unit = await createRecord(t, alice, '/api/unit/', { company_id: company, name: 'Vineyard row 7' });
    await call(t.app, alice, 'PUT', '/api/user/', { is_tenant_enabled: true });
    ids.tenant = await createRecord(t, alice, '/api/tenant/', { name: 'Vineyard reseller' });
    await call(t.app, alice, 'POST', '/api/ingest/chirpstack?event=join', { deviceInfo: { devEui: 'A840410001810001' }, devAddr: 'vineyard' });
    const other = await createCompany(t, bob, 'Vineyard of Bob');
    await call(t.app, bob, 'POST', '/api/device/', { company_id: other, dev_eui: 'B840410001810001', app_key: 'B'.repeat(32), name: 'Vineyard secret' });
  });
  afterAll(async () => t.close());

  const search = async (user: SignedIn, query: string) =>
    (await call(t.app, user, 'GET', `/api/search/?${query}`)).json<Static<typeof SearchResponse>>().results;

  it('finds every kind of record of the own companies, grouped by type', async () => {
    const hits = await search(alice, 'q=vineyard');
    expect(new Set(hits.map((h) => h.type))).toEqual(new Set(['company', 'device', 'gateway', 'group', 'unit', 'event']));
    expect(hits).toContainEqual({ type: 'device', id: ids.device, name: 'Vineyard soil probe' });
    expect(hits).toContainEqual({ type: 'gateway', id: ids.gateway, name: 'Vineyard hill gateway' });
    expect(hits.some((h) => h.name?.includes('Bob') || h.name?.includes('secret'))).toBe(false);
  });

  it('finds units, groups, gateways and companies by a word inside their names, only in the own companies', async () => {
    expect(await search(alice, 'q=row 7')).toEqual([{ type: 'unit', id: ids.unit, name: 'Vineyard row 7' }]);
    expect(await search(alice, 'q=plots')).toEqual([{ type: 'group', id: ids.group, name: 'Vineyard plots' }]);
    expect(await search(alice, 'q=hill')).toEqual([{ type: 'gateway', id: ids.gateway, name: 'Vineyard hill gateway' }]);
    expect(await search(alice, 'q=rheingau')).toEqual([{ type: 'company', id: company, name: 'Vineyard Rheingau' }]);
    expect(await search(alice, 'q=of bob')).toEqual([]);
  });

  it('finds devices by DevEUI and shows the id when a record has no name', async () => {
    expect(await search(alice, 'q=8100ff')).toEqual([{ type: 'device', id: ids.unnamed }]);
  });

  it('includes tenants only when asked and the tenant feature is on', async () => {
    expect((await search(alice, 'q=reseller')).map((h) => h.type)).toEqual([]);
    expect(await search(alice, 'q=reseller&include_tenants=true')).toEqual([{ type: 'tenant', id: ids.tenant, name: 'Vineyard reseller' }]);
    await call(t.app, alice, 'PUT', '/api/user/', { is_tenant_enabled: false });
    expect(await search(alice, 'q=reseller&include_tenants=true')).toEqual([]);
    await call(t.app, alice, 'PUT', '/api/user/', { is_tenant_enabled: true });
  });

  it('follows renames and deletions', async () => {
    await call(t.app, alice, 'PUT', `/api/unit/${ids.unit}/`, { name: 'Cellar row 7' });
    expect((await search(alice, 'q=cellar')).map((h) => h.id)).toEqual([ids.unit]);
    await call(t.app, alice, 'DELETE', `/api/unit/${ids.unit}/`);
    expect(await search(alice, 'q=cellar')).toEqual([]);
  });

  it('answers blank queries with nothing, short ones by prefix', async () => {
    expect(await search(alice, 'q=%20%20')).toEqual([]);
    expect(await search(alice, '')).toEqual([]);
    expect((await search(alice, 'q=vi')).length).toBeGreaterThan(0);
    expect(await search(alice, 'q=zz')).toEqual([]);
  });

  it('rejects bad parameters', async () => {
    expect((await call(t.app, alice, 'GET', '/api/search/?q=x&include_tenants=maybe')).statusCode).toBe(400);
    expect((await call(t.app, alice, 'GET', `/api/search/?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  // Last: it renames the shared records. The index is rewritten only when a searched column
  // changes (migration 0006), not on the last-seen update an uplink makes.
  it('follows renames of every kind, before and after the record was updated otherwise', async () => {
    await call(t.app, alice, 'POST', '/api/ingest/chirpstack?event=up', { deviceInfo: { devEui: 'A840410001810001' }, fPort: 1, object: { moisture: 31 } });
    await call(t.app, alice, 'PUT', `/api/device/${ids.device}/`, { name: 'Orchard soil probe' });
    await call(t.app, alice, 'PATCH', `/api/gateway/${ids.gateway}/`, { name: 'Orchard hill gateway' });
    await call(t.app, alice, 'PATCH', `/api/group/${ids.group}/`, { name: 'Orchard plots' });
    await call(t.app, alice, 'PATCH', `/api/company/${company}/`, { name: 'Orchard Rheingau' });
    await call(t.app, alice, 'PATCH', `/api/tenant/${ids.tenant}/`, { name: 'Orchard reseller' });
    const hits = await search(alice, 'q=orchard&include_tenants=true');
    expect(new Set(hits.map((h) => `${h.type} ${h.name}`))).toEqual(
      new Set(['device Orchard soil probe', 'gateway Orchard hill gateway', 'group Orchard plots', 'company Orchard Rheingau', 'tenant Orchard reseller']),
    );
    expect((await search(alice, 'q=A840410001810001')).map((h) => h.id)).toEqual([ids.device]);
  });
});
