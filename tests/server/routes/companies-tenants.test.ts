import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../../server/src/schemas/companies.js';
import type { Invite } from '../../../server/src/schemas/invites.js';
import type { Tenant } from '../../../server/src/schemas/tenants.js';
import { twoUsers } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, signUp, type Method, type Page, type SignedIn } from '../helpers/users.js';

describe('companies and tenants', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    ({ t, alice: owner, bob: stranger } = await twoUsers({ NEW_COMPANY_PLAN: 'free' }));
  });
  afterAll(async () => t.close());

  it('creates a company whose creator is its owner, listed as {count, results}', async () => {
    const created = await call(t.app, owner, 'POST', '/api/company/', { name: '  Acme Sensors  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Acme Sensors', tenant_id: null, role: 'owner', plan: 'free', sample_retention_days: 31 });
    const list = (await call(t.app, owner, 'GET', '/api/company/?search=acme')).json<Page<Company>>();
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ name: 'Acme Sensors', plan: 'free' });
    expect((await call(t.app, stranger, 'GET', '/api/company/')).json()).toEqual({ count: 0, results: [] });
  });

  it('pages, orders and filters companies by id', async () => {
    for (const name of ['Bravo', 'Charlie', 'Delta']) await call(t.app, owner, 'POST', '/api/company/', { name });
    const page = (await call(t.app, owner, 'GET', '/api/company/?page=2&page_size=2&ordering=-name')).json<Page<Company>>();
    expect(page.count).toBe(4);
    expect(page.results.map((c) => c.name)).toEqual(['Bravo', 'Acme Sensors']);
    const first = page.results[0] as Company;
    const byId = (await call(t.app, owner, 'GET', `/api/company/?id=${first.id}`)).json<Page<Company>>();
    expect(byId.count).toBe(1);
    expect((await call(t.app, owner, 'GET', '/api/company/?page_size=5000')).statusCode).toBe(400);
    expect((await call(t.app, owner, 'GET', '/api/company/?ordering=password')).statusCode).toBe(400);
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 7 }, 'name'],
    [{ name: 'Ok', tenant_id: 'nope' }, 'tenant_id'],
    [{ name: 'Ok', owner: 'me' }, 'owner'],
  ])('rejects company %j', async (body, field) => {
    const response = await call(t.app, owner, 'POST', '/api/company/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
  });

  it('keeps tenants behind the multi-tenant switch', async () => {
    expect((await call(t.app, owner, 'GET', '/api/tenant/')).statusCode).toBe(403);
    expect((await call(t.app, owner, 'POST', '/api/tenant/', { name: 'Reseller' })).json()).toMatchObject({ code: 'forbidden' });
    await call(t.app, owner, 'PUT', '/api/user/', { is_tenant_enabled: true });
    const created = await call(t.app, owner, 'POST', '/api/tenant/', { name: 'Reseller', color_hex: '#3b82f6', logo_url: 'https://example.com/logo.svg' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: expect.any(String), name: 'Reseller', color_hex: '#3B82F6' });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'T', color_hex: 'blue' }, 'color_hex'],
    [{ name: 'T', color_hex: '#12345' }, 'color_hex'],
    [{ name: 'T', logo_url: 'javascript:alert(1)' }, 'logo_url'],
    [{ name: 'T', extra: true }, 'extra'],
  ])('rejects tenant %j', async (body, field) => {
    const response = await call(t.app, owner, 'POST', '/api/tenant/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
  });

  it('puts a company under an own tenant only and lets its members read the tenant', async () => {
    const tenant = (await call(t.app, owner, 'GET', '/api/tenant/')).json<Page<Tenant>>().results[0];
    const company = (await call(t.app, owner, 'POST', '/api/company/', { name: 'Branded', tenant_id: tenant?.id })).json<Company>();
    expect(company.tenant_id).toBe(tenant?.id);
    await call(t.app, stranger, 'PUT', '/api/user/', { is_tenant_enabled: true });
    const foreign = await call(t.app, stranger, 'POST', '/api/company/', { name: 'Sneaky', tenant_id: tenant?.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ fields: { tenant_id: 'No such tenant.' } });
    expect((await call(t.app, stranger, 'GET', `/api/tenant/${tenant?.id}/`)).statusCode).toBe(404);

    const invite = (await call(t.app, owner, 'POST', '/api/invite/', { company_id: company.id, email: stranger.email })).json<Invite>();
    await call(t.app, stranger, 'POST', `/api/invite/${invite.code}/join`);
    expect((await call(t.app, stranger, 'GET', `/api/tenant/${tenant?.id}/`)).json()).toMatchObject({ name: 'Reseller' });
    // Reading the branding is not owning: no edit, no delete, not in the list.
    expect((await call(t.app, stranger, 'PATCH', `/api/tenant/${tenant?.id}/`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(t.app, stranger, 'DELETE', `/api/tenant/${tenant?.id}/`)).statusCode).toBe(404);
    expect((await call(t.app, stranger, 'GET', '/api/tenant/')).json()).toEqual({ count: 0, results: [] });
    // A member may not delete the company; only its owner.
    expect((await call(t.app, stranger, 'DELETE', `/api/company/${company.id}/`)).statusCode).toBe(403);
  });

  it("answers 404 for every call on another user's company or tenant", async () => {
    const company = (await call(t.app, owner, 'POST', '/api/company/', { name: 'Private' })).json<Company>();
    const tenant = (await call(t.app, owner, 'POST', '/api/tenant/', { name: 'Private tenant' })).json<Tenant>();
    const outsider = await signUp(t.app);
    await call(t.app, outsider, 'PUT', '/api/user/', { is_tenant_enabled: true });
    const attempts: [Method, string, unknown?][] = [
      ['GET', `/api/company/${company.id}/`],
      ['PATCH', `/api/company/${company.id}/`, { name: 'Taken' }],
      ['DELETE', `/api/company/${company.id}/`],
      ['GET', `/api/company/${company.id}/i_query`],
      ['GET', `/api/tenant/${tenant.id}/`],
      ['PATCH', `/api/tenant/${tenant.id}/`, { name: 'Taken' }],
      ['DELETE', `/api/tenant/${tenant.id}/`],
      ['POST', '/api/invite/', { company_id: company.id, email: 'x@example.com' }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(t.app, outsider, method, url, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      expect(response.json()).toEqual({ code: 'notFound', message: 'The requested resource was not found.' });
    }
    expect((await call(t.app, owner, 'GET', `/api/company/${company.id}/`)).json()).toMatchObject({ name: 'Private' });
    expect((await call(t.app, owner, 'GET', `/api/tenant/${tenant.id}/`)).json()).toMatchObject({ name: 'Private tenant' });
  });

  it('edits and deletes an own company and tenant', async () => {
    const company = (await call(t.app, owner, 'POST', '/api/company/', { name: 'Old' })).json<Company>();
    expect((await call(t.app, owner, 'PATCH', `/api/company/${company.id}/`, { name: 'New' })).json()).toMatchObject({ name: 'New' });
    expect((await call(t.app, owner, 'PATCH', `/api/company/${company.id}/`, { name: '' })).statusCode).toBe(400);
    // The plan is the operator's (npm run plan): a company cannot upgrade itself.
    const upgrade = await call(t.app, owner, 'PATCH', `/api/company/${company.id}/`, { plan: 'premium' });
    expect(upgrade.statusCode).toBe(400);
    expect((await call(t.app, owner, 'GET', `/api/company/${company.id}/`)).json()).toMatchObject({ plan: 'free' });
    expect((await call(t.app, owner, 'DELETE', `/api/company/${company.id}/`)).statusCode).toBe(204);
    expect((await call(t.app, owner, 'GET', `/api/company/${company.id}/`)).statusCode).toBe(404);
    const tenant = (await call(t.app, owner, 'POST', '/api/tenant/', { name: 'Temp' })).json<Tenant>();
    expect((await call(t.app, owner, 'PATCH', `/api/tenant/${tenant.id}/`, { color_hex: '#00ff00' })).json()).toMatchObject({ color_hex: '#00FF00' });
    expect((await call(t.app, owner, 'DELETE', `/api/tenant/${tenant.id}/`)).statusCode).toBe(204);
  });
});
