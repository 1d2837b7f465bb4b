import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, teamAndOutsider } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, signUp, type Page, type SignedIn } from '../helpers/users.js';

/**
 * `?ids=` of the lists the console's references read (react-admin's getMany in one request):
 * validated, and never an id of a company the caller is not in.
 */
describe('list endpoints narrowed to ids', () => {
  let t: TestApp;
  let owner: SignedIn;
  let outsider: SignedIn;
  let company: string;
  let outsiderCompany: string;
  const roles: Record<string, SignedIn> = {};
  /** Per list: its URL for a company, two records of the team's company and one of the outsider's. */
  const lists: { name: string; url: (company: string) => string; mine: string[]; theirs: string }[] = [];

  beforeAll(async () => {
    ({ t, owner, outsider, company, outsiderCompany } = await teamAndOutsider());
    roles.owner = owner;
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const user = await signUp(t.app);
      await t.db.insertInto('company_members').values({ company_id: company, user_id: user.id, role, joined_at: t.clock.now().toISOString() }).execute();
      roles[role] = user;
    }
    const make = async (user: SignedIn, target: string, kind: string, n: number) => {
      switch (kind) {
        case 'devices':
          return createRecord(t, user, '/api/device/', {
            company_id: target,
            dev_eui: `F0000000000000${n}${target === company ? 'A' : 'B'}`,
            app_key: 'A'.repeat(32),
          });
        case 'gateways':
          return createRecord(t, user, '/api/gateway/', {
            company_id: target,
            gateway_id: `00000000000000${n}${target === company ? 'A' : 'B'}`,
            name: `G${n}`,
          });
        case 'units':
          return createRecord(t, user, '/api/unit/', { company_id: target, name: `Unit ${n}` });
        case 'groups':
          return createRecord(t, user, '/api/group/', { company_id: target, name: `Group ${n}` });
        default:
          return createRecord(t, user, `/api/config/${target}`, { name: `Profile ${n}` });
      }
    };
    const urls: Record<string, (c: string) => string> = {
      devices: (c) => `/api/device/?company_id=${c}`,
      gateways: (c) => `/api/gateway/?company_id=${c}`,
      units: (c) => `/api/unit/?company_id=${c}`,
      groups: (c) => `/api/group/?company_id=${c}`,
      profiles: (c) => `/api/config/${c}?page=1`,
    };
    for (const [name, url] of Object.entries(urls)) {
      const mine = [await make(owner, company, name, 1), await make(owner, company, name, 2)];
      await make(owner, company, name, 3);
      const theirs = await make(outsider, outsiderCompany, name, 4);
      lists.push({ name, url, mine, theirs });
    }
  });
  afterAll(async () => t.close());

  it.each(['owner', 'admin', 'member', 'viewer'])('answers just the named records to a %s, never another company’s', async (role) => {
    for (const list of lists) {
      const ids = [...list.mine, list.theirs].join(',');
      const answer = await call(t.app, roles[role], 'GET', `${list.url(company)}&ids=${ids}`);
      expect(answer.statusCode, list.name).toBe(200);
      const page = answer.json<Page<{ id: string }>>();
      expect(page.results.map((r) => r.id).sort(), list.name).toEqual([...list.mine].sort());
      expect(page.count, list.name).toBe(2);
    }
  });

  it('finds none of the team’s ids for the outsider, in their own company', async () => {
    for (const list of lists) {
      const answer = await call(t.app, outsider, 'GET', `${list.url(outsiderCompany)}&ids=${list.mine.join(',')}`);
      expect(answer.json<Page<unknown>>(), list.name).toMatchObject({ count: 0, results: [] });
    }
  });

  it('narrows by id and ids together to the records in both, and matches ids in capitals', async () => {
    const devices = lists.find((list) => list.name === 'devices');
    if (!devices) throw new Error('no devices list');
    const [first, second] = devices.mine;
    const both = await call(t.app, owner, 'GET', `${devices.url(company)}&id=${first}&ids=${first.toUpperCase()},${second}`);
    expect(both.json<Page<{ id: string }>>().results.map((r) => r.id)).toEqual([first]);
    const neither = await call(t.app, owner, 'GET', `${devices.url(company)}&id=${first}&ids=${second}`);
    expect(neither.json<Page<unknown>>()).toMatchObject({ count: 0, results: [] });
  });

  it.each([
    ['not a uuid', 'nope'],
    ['an empty list', ''],
    ['a trailing comma', '5f0c6a1e-2b7d-4c3a-9e8f-1a2b3c4d5e6f,'],
    ['101 ids', Array.from({ length: 101 }, (_, i) => `5f0c6a1e-2b7d-4c3a-9e8f-${String(i).padStart(12, '0')}`).join(',')],
  ])('rejects %s with the field’s code', async (_label, ids) => {
    for (const list of lists) {
      const answer = await call(t.app, owner, 'GET', `${list.url(company)}&ids=${ids}`);
      expect(answer.statusCode, list.name).toBe(400);
      expect(answer.json(), list.name).toMatchObject({ code: 'validation', field_codes: { ids: { code: 'invalid_format' } } });
    }
  });

  it('accepts 100 ids and documents the filter in OpenAPI', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `5f0c6a1e-2b7d-4c3a-9e8f-${String(i).padStart(12, '0')}`).join(',');
    expect((await call(t.app, owner, 'GET', `/api/device/?company_id=${company}&ids=${hundred}`)).json()).toMatchObject({ count: 0 });
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId?: string; parameters?: { name: string; in: string; description?: string }[] }>>;
    }>();
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
    for (const operationId of ['listDevices', 'listGateways', 'listUnits', 'listGroups', 'listDeviceProfiles', 'listWebhooks']) {
      const operation = operations.find((op) => op.operationId === operationId);
      expect(operation?.parameters?.find((p) => p.name === 'ids' && p.in === 'query')?.description, operationId).toMatch(/up to 100/);
    }
  });
});
