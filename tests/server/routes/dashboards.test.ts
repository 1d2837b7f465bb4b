import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../server/src/schemas/dashboards.js';
import { createApiKey, teamAndOutsider } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, type Method, type Page, type SignedIn } from '../helpers/users.js';

describe('/api/dashboard', () => {
  let t: TestApp;
  let owner: SignedIn;
  let colleague: SignedIn;
  let outsider: SignedIn;
  let outsiderKey: string;
  let company: string;
  let outsiderCompany: string;
  beforeAll(async () => {
    ({ t, owner, colleague, outsider, outsiderKey, company, outsiderCompany } = await teamAndOutsider());
  });
  afterAll(async () => t.close());

  const create = async (user: SignedIn, body: object) => {
    const response = await call(t.app, user, 'POST', '/api/dashboard/', body);
    expect(response.statusCode).toBe(201);
    return response.json<Dashboard>();
  };
  const list = async (user: SignedIn, query = '') => (await call(t.app, user, 'GET', `/api/dashboard/${query}`)).json<Page<Dashboard>>();

  it('creates a private dashboard by default, with the caller as owner', async () => {
    const created = await create(owner, { company_id: company, name: '  Boiler room  ' });
    expect(created).toEqual({
      id: expect.any(String),
      company_id: company,
      owner_id: owner.id,
      name: 'Boiler room',
      is_shared: false,
      is_owner: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect((await call(t.app, owner, 'GET', `/api/dashboard/${created.id}/`)).json()).toEqual(created);
  });

  it('shows a private dashboard to its owner only and a shared one to every member', async () => {
    const mine = await create(owner, { company_id: company, name: 'Mine only' });
    const shared = await create(owner, { company_id: company, name: 'Plant', is_shared: true });
    const seen = await list(colleague, `?company_id=${company}`);
    expect(seen.results.map((d) => [d.id, d.is_owner])).toEqual([[shared.id, false]]);
    expect((await call(t.app, colleague, 'GET', `/api/dashboard/${shared.id}/`)).statusCode).toBe(200);
    expect((await call(t.app, colleague, 'GET', `/api/dashboard/${mine.id}/`)).statusCode).toBe(404);
    expect((await call(t.app, colleague, 'PATCH', `/api/dashboard/${mine.id}/`, { name: 'Seen' })).statusCode).toBe(404);
    expect((await call(t.app, colleague, 'DELETE', `/api/dashboard/${mine.id}/`)).statusCode).toBe(404);
    // Sharing a private dashboard later makes it visible; un-sharing hides it again.
    await call(t.app, owner, 'PATCH', `/api/dashboard/${mine.id}/`, { is_shared: true });
    expect((await list(colleague)).results.map((d) => d.id)).toContain(mine.id);
    await call(t.app, owner, 'PATCH', `/api/dashboard/${mine.id}/`, { is_shared: false });
    expect((await list(colleague)).results.map((d) => d.id)).not.toContain(mine.id);
  });

  it('lets only the owner rename, share or delete a shared dashboard (403 for members)', async () => {
    const shared = await create(owner, { company_id: company, name: 'Shared rules', is_shared: true });
    for (const [method, body] of [
      ['PATCH', { name: 'Taken' }],
      ['PATCH', { is_shared: false }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(t.app, colleague, method, `/api/dashboard/${shared.id}/`, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
    }
    const renamed = await call(t.app, owner, 'PATCH', `/api/dashboard/${shared.id}/`, { name: ' Renamed ' });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', is_shared: true });
    expect((await call(t.app, owner, 'DELETE', `/api/dashboard/${shared.id}/`)).statusCode).toBe(204);
    expect((await call(t.app, owner, 'GET', `/api/dashboard/${shared.id}/`)).statusCode).toBe(404);
  });

  it('searches, orders and pages in the database', async () => {
    for (const name of ['Zeta 50%', 'Alpha line', 'Beta line']) await create(owner, { company_id: company, name, is_shared: true });
    expect((await list(owner, '?search=LINE&ordering=-name')).results.map((d) => d.name)).toEqual(['Beta line', 'Alpha line']);
    const page = await list(owner, `?company_id=${company}&page=2&page_size=2&ordering=name`);
    const all = await list(owner, `?company_id=${company}&page_size=1000&ordering=name`);
    expect(page.count).toBe(all.count);
    expect(page.results).toEqual(all.results.slice(2, 4));
    for (const query of ['?ordering=owner_id', '?page_size=1001', '?company_id=nope', '?colour=red']) {
      expect({ query, status: (await call(t.app, owner, 'GET', `/api/dashboard/${query}`)).statusCode }).toEqual({ query, status: 400 });
    }
  });

  it('deletes its widgets with it', async () => {
    const board = await create(owner, { company_id: company, name: 'Temporary' });
    const widget = await call(t.app, owner, 'POST', '/api/widget/', {
      dashboard: board.id,
      type: 'TABLE',
      data_source_mode: 'unit',
      width: 2,
      height: 2,
      positionX: 0,
      positionY: 0,
    });
    expect(widget.statusCode).toBe(201);
    expect((await call(t.app, owner, 'DELETE', `/api/dashboard/${board.id}/`)).statusCode).toBe(204);
    expect(await t.db.selectFrom('widgets').select('id').where('dashboard_id', '=', board.id).execute()).toEqual([]);
  });

  it.each([
    [{}, 'company_id'],
    [{ name: 'No company' }, 'company_id'],
    [{ company_id: 'nope', name: 'x' }, 'company_id'],
    [{ company_id: '@company', name: '   ' }, 'name'],
    [{ company_id: '@company', name: '' }, 'name'],
    [{ company_id: '@company', name: 'x'.repeat(201) }, 'name'],
    [{ company_id: '@company', name: 42 }, 'name'],
    [{ company_id: '@company', name: 'x', is_shared: 'yes' }, 'is_shared'],
    [{ company_id: '@company', name: 'x', owner_id: 'someone' }, 'owner_id'],
  ])('rejects dashboard %j', async (body, field) => {
    const payload = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === '@company' ? company : v]));
    const response = await call(t.app, owner, 'POST', '/api/dashboard/', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
  });

  it.each([
    [{ name: ' ' }, 'name'],
    [{ name: null }, 'name'],
    [{ is_shared: 1 }, 'is_shared'],
    [{ company_id: '00000000-0000-4000-8000-000000000000' }, 'company_id'],
  ])('rejects dashboard change %j', async (body, field) => {
    const board = await create(owner, { company_id: company, name: 'Unchanged' });
    const response = await call(t.app, owner, 'PATCH', `/api/dashboard/${board.id}/`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
    expect((await call(t.app, owner, 'GET', `/api/dashboard/${board.id}/`)).json()).toEqual(board);
  });

  it('refuses a dashboard in a company the caller does not belong to (404) and answers bad ids with 400', async () => {
    const response = await call(t.app, owner, 'POST', '/api/dashboard/', { company_id: outsiderCompany, name: 'Intruder' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'notFound', message: 'The requested resource was not found.' });
    expect((await call(t.app, owner, 'GET', '/api/dashboard/not-a-uuid/')).statusCode).toBe(400);
  });

  it("gives another company's member, signed in or with an API key, nothing of this company's dashboards", async () => {
    const shared = await create(owner, { company_id: company, name: 'Secret plant', is_shared: true });
    const viaSession = (method: Method, url: string, body?: object) => call(t.app, outsider, method, url, body);
    const viaKey = (method: Method, url: string, body?: object) => callWithKey(t.app, outsiderKey, method, url, body);
    for (const send of [viaSession, viaKey]) {
      for (const [method, url, body] of [
        ['GET', `/api/dashboard/${shared.id}/`],
        ['PATCH', `/api/dashboard/${shared.id}/`, { name: 'x' }],
        ['DELETE', `/api/dashboard/${shared.id}/`],
        ['POST', '/api/dashboard/', { company_id: company, name: 'Planted' }],
      ] as [Method, string, object?][]) {
        const response = await send(method, url, body);
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
        expect(response.body).not.toContain('Secret plant');
      }
      expect((await send('GET', `/api/dashboard/?company_id=${company}`)).json()).toEqual({ count: 0, results: [] });
      expect((await send('GET', '/api/dashboard/')).json()).toEqual({ count: 0, results: [] });
    }
    expect((await call(t.app, owner, 'GET', `/api/dashboard/${shared.id}/`)).json()).toMatchObject({ name: 'Secret plant' });
  });

  it("works with the owner's API key like with the owner's session", async () => {
    const key = await createApiKey(t, owner, 'Owner script');
    const created = await callWithKey(t.app, key, 'POST', '/api/dashboard/', { company_id: company, name: 'By key' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ owner_id: owner.id, is_owner: true });
  });
});
