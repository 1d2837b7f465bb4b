import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCommand } from '../../../server/src/cli/operator-command.js';
import { operatorsRepository } from '../../../server/src/repositories/operators.js';
import type { CompanyMember } from '../../../server/src/schemas/companies.js';
import type { OperatorTenant, OperatorUser } from '../../../server/src/schemas/operator.js';
import { createApiKey, createCompany, createRecord, insertDevice } from '../helpers/fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, callWithKey, signUp, type Page, type SignedIn } from '../helpers/users.js';
import { auditLog } from './audit-helpers.js';

const OPERATOR = 'ops@platform.example';
const MISSING = '00000000-0000-4000-8000-000000000000';
const APP_KEY = '00112233445566778899AABBCCDDEEFF';

/** The back-office's lists over every tenant and user, operator rights, a company's members (issue #17). */
describe('operator directory: tenants, users, members', () => {
  let t: TestApp;
  let operator: SignedIn;
  const team = {} as Record<'owner' | 'admin' | 'member' | 'viewer' | 'outsider', SignedIn>;
  let company: string;
  let tenant: string;

  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_EMAILS: OPERATOR });
    operator = await signUp(t.app, OPERATOR);
    for (const role of ['owner', 'admin', 'member', 'viewer', 'outsider'] as const) team[role] = await signUp(t.app, `${role}@orchard.example`);
    await call(t.app, team.owner, 'PUT', '/api/user/', { is_tenant_enabled: true, first_name: 'Olga', last_name: 'Owner' });
    tenant = await createRecord(t, team.owner, '/api/tenant/', { name: 'Green Reseller' });
    company = await createRecord(t, team.owner, '/api/company/', { name: 'Orchard Sensors', tenant_id: tenant });
    await createCompany(t, team.outsider, 'Elsewhere');
    for (const role of ['admin', 'member', 'viewer'] as const) {
      await t.db.insertInto('company_members').values({ company_id: company, user_id: team[role].id, role, joined_at: t.clock.now().toISOString() }).execute();
    }
    await insertDevice(t, { company_id: company, dev_eui: '0F0000000000B001', app_key: APP_KEY, name: 'One' });
    await insertDevice(t, { company_id: company, dev_eui: '0F0000000000B002', app_key: APP_KEY, name: 'Two' });
    await t.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', team.admin.id).execute();
  });
  afterAll(async () => t.close());

  const page = async <T>(url: string, user = operator) => {
    const response = await call(t.app, user, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<T>>();
  };
  const users = (query = '') => page<OperatorUser>(`/api/operator/users?page_size=100${query}`);
  const emails = async (query = '') => (await users(query)).results.map((user) => user.email);

  it('lists every tenant with owners, companies and devices; searched, sorted, paged', async () => {
    const other = await createRecord(t, team.owner, '/api/tenant/', { name: 'Amber Resale' });
    const all = await page<OperatorTenant>('/api/operator/tenants');
    expect(all.count).toBe(2);
    expect(all.results.map((row) => row.name)).toEqual(['Amber Resale', 'Green Reseller']);
    expect(all.results[1]).toEqual({
      id: tenant,
      name: 'Green Reseller',
      logo_url: null,
      color_hex: null,
      owners: ['owner@orchard.example'],
      companies: 1,
      devices: 2,
      created_at: expect.any(String),
    });
    expect((await page<OperatorTenant>('/api/operator/tenants?ordering=-devices')).results.map((row) => row.id)).toEqual([tenant, other]);
    expect((await page<OperatorTenant>('/api/operator/tenants?search=amber')).results.map((row) => row.id)).toEqual([other]);
    const second = await page<OperatorTenant>('/api/operator/tenants?page_size=1&page=2&ordering=-name');
    expect([second.count, second.results.map((row) => row.name)]).toEqual([2, ['Amber Resale']]);
  });

  it("changes a tenant's name and colour, audited in its companies' logs; refuses bad input and unknown tenants", async () => {
    const patch = (id: string, body: object) => call(t.app, operator, 'PATCH', `/api/operator/tenants/${id}`, body);
    expect((await patch(tenant, { name: 'Green Resale', color_hex: '#00aa00' })).statusCode).toBe(204);
    const [row] = (await page<OperatorTenant>('/api/operator/tenants?search=green')).results;
    expect(row).toMatchObject({ name: 'Green Resale', color_hex: '#00AA00' });
    const [entry] = (await auditLog(t, team.owner, company, '&resource_type=tenant')).filter((e) => e.action === 'update');
    expect(entry).toMatchObject({ actor_label: OPERATOR, resource_id: tenant });
    for (const [id, body, status] of [
      [tenant, { name: '  ' }, 400],
      [tenant, { color_hex: 'green' }, 400],
      [tenant, { owner: 'x' }, 400],
      ['not-a-uuid', { name: 'X' }, 400],
      [MISSING, { name: 'X' }, 404],
    ] as const) {
      expect((await patch(id, body)).statusCode, JSON.stringify(body)).toBe(status);
    }
  });

  it('lists every user with companies and roles, verification, operator rights and last sign-in', async () => {
    const all = await users();
    expect(all.count).toBe(6);
    expect(all.results.find((user) => user.id === team.owner.id)).toEqual({
      id: team.owner.id,
      email: 'owner@orchard.example',
      first_name: 'Olga',
      last_name: 'Owner',
      email_verified: false,
      companies: [{ id: company, name: 'Orchard Sensors', role: 'owner' }],
      operator: null,
      created_at: expect.any(String),
      last_sign_in_at: expect.any(String),
    });
    expect(all.results.find((user) => user.id === operator.id)).toMatchObject({ operator: 'environment', companies: [] });
    expect(await emails('&search=OLGA')).toEqual(['owner@orchard.example']);
    expect(await emails('&search=orchard&ordering=-email')).toEqual([
      'viewer@orchard.example',
      'owner@orchard.example',
      'outsider@orchard.example',
      'member@orchard.example',
      'admin@orchard.example',
    ]);
    expect(await emails('&verified=true')).toEqual(['admin@orchard.example']);
    expect(await emails('&operator=true')).toEqual([OPERATOR]);
    expect((await emails('&operator=false')).length).toBe(5);
    expect((await users('&ordering=-last_sign_in_at')).count).toBe(6);
    for (const query of ['&ordering=name', '&operator=maybe', '&page_size=0', '&role=owner']) {
      expect((await call(t.app, operator, 'GET', `/api/operator/users?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('grants and revokes operator rights like the command line, audited in the user’s companies', async () => {
    const grant = (id: string) => call(t.app, operator, 'PUT', `/api/operator/users/${id}/operator`);
    const revoke = (id: string, by = operator) => call(t.app, by, 'DELETE', `/api/operator/users/${id}/operator`);
    expect((await grant(team.admin.id)).statusCode).toBe(204);
    expect((await grant(team.admin.id)).statusCode).toBe(204);
    expect(await operatorsRepository(t.db).isOperator(team.admin.id, [])).toBe(true);
    expect((await operatorCommand(t.db, ['list'], [], t.clock.now())).output).toContain('admin@orchard.example');
    expect(await emails('&operator=true')).toEqual(['admin@orchard.example', OPERATOR]);
    // The new operator reaches the back-office, but does not take their own rights back, nor the environment's.
    expect((await call(t.app, team.admin, 'GET', '/api/operator/tenants')).statusCode).toBe(200);
    expect((await revoke(team.admin.id, team.admin)).json()).toMatchObject({ code: 'operator_self' });
    expect((await revoke(operator.id, team.admin)).json()).toMatchObject({ code: 'operator_environment' });
    expect((await revoke(operator.id)).statusCode).toBe(409);
    expect((await revoke(team.admin.id)).statusCode).toBe(204);
    expect((await revoke(team.admin.id)).statusCode).toBe(204);
    expect((await call(t.app, team.admin, 'GET', '/api/operator/tenants')).statusCode).toBe(403);
    // Granting someone OPERATOR_EMAILS names already stores nothing that would outlive the setting.
    expect((await grant(operator.id)).statusCode).toBe(204);
    expect(await operatorsRepository(t.db).granted()).toEqual([]);

    const entries = (await auditLog(t, team.owner, company, '&resource_type=user')).filter((e) => e.resource_id === team.admin.id && e.action === 'update');
    expect(entries.map((e) => [e.actor_label, e.changes])).toEqual([
      [OPERATOR, [{ field: 'operator', old: true, new: false }]],
      [OPERATOR, [{ field: 'operator', old: false, new: true }]],
    ]);
    for (const [method, url, status] of [
      ['PUT', `/api/operator/users/${MISSING}/operator`, 404],
      ['DELETE', `/api/operator/users/${MISSING}/operator`, 404],
      ['PUT', '/api/operator/users/nobody/operator', 400],
    ] as const) {
      expect((await call(t.app, operator, method, url)).statusCode, url).toBe(status);
    }
  });

  it("lists a company's members with their roles", async () => {
    const response = await call(t.app, operator, 'GET', `/api/operator/companies/${company}/members`);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<CompanyMember[]>()
        .map((m) => [m.email, m.role])
        .sort(),
    ).toEqual([
      ['admin@orchard.example', 'admin'],
      ['member@orchard.example', 'member'],
      ['owner@orchard.example', 'owner'],
      ['viewer@orchard.example', 'viewer'],
    ]);
    expect((await call(t.app, operator, 'GET', `/api/operator/companies/${MISSING}/members`)).statusCode).toBe(404);
    expect((await call(t.app, operator, 'GET', '/api/operator/companies/x/members')).statusCode).toBe(400);
  });

  it("refuses every company role, outsiders and API keys (an operator's too) with 403, changing nothing", async () => {
    const operatorKey = await createApiKey(t, operator, 'ops');
    const calls: ['GET' | 'PATCH' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/operator/tenants'],
      ['PATCH', `/api/operator/tenants/${tenant}`, { name: 'Taken' }],
      ['GET', '/api/operator/users'],
      ['PUT', `/api/operator/users/${team.viewer.id}/operator`],
      ['DELETE', `/api/operator/users/${operator.id}/operator`],
      ['GET', `/api/operator/companies/${company}/members`],
    ];
    for (const [method, url, body] of calls) {
      for (const [role, user] of Object.entries(team)) expect((await call(t.app, user, method, url, body)).statusCode, `${role} ${method} ${url}`).toBe(403);
      expect((await callWithKey(t.app, operatorKey, method, url, body)).statusCode, `key ${method} ${url}`).toBe(403);
    }
    expect(await operatorsRepository(t.db).isOperator(team.viewer.id, [])).toBe(false);
    expect((await t.db.selectFrom('tenants').select('name').where('id', '=', tenant).executeTakeFirstOrThrow()).name).toBe('Green Resale');
  });
});
