import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditResource } from '../../../server/src/domain/audit.js';
import { twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, PASSWORD, type Method, type SignedIn } from '../helpers/users.js';
import { auditLog, entriesAbout, signIn } from './audit-helpers.js';

type Request = [Method, string, object?];

/** One resource: how to create it (answers the new id), then the update and the delete of it; `changed` is a field the update changes. */
interface ResourceCase {
  resource: AuditResource;
  create: (companyId: string) => Request;
  update?: (id: string, companyId: string) => Request;
  updateAction?: AuditAction;
  remove: (id: string, companyId: string) => Request;
  changed?: string;
}

/** Records made in beforeAll that a case's requests refer to. */
const made = { dashboard: '' };

const cases: ResourceCase[] = [
  {
    resource: 'unit',
    create: (c) => ['POST', '/api/unit/', { company_id: c, name: 'Barn' }],
    update: (id) => ['PUT', `/api/unit/${id}/`, { name: 'Stable' }],
    remove: (id) => ['DELETE', `/api/unit/${id}/`],
    changed: 'name',
  },
  {
    resource: 'group',
    create: (c) => ['POST', '/api/group/', { company_id: c, name: 'Farm' }],
    update: (id) => ['PATCH', `/api/group/${id}/`, { name: 'Ranch' }],
    remove: (id) => ['DELETE', `/api/group/${id}/`],
    changed: 'name',
  },
  {
    resource: 'device',
    create: (c) => ['POST', '/api/device/', { company_id: c, dev_eui: 'A000000000000001', app_key: 'B'.repeat(32), name: 'Meter' }],
    update: (id) => ['PUT', `/api/device/${id}/`, { app_key: 'C'.repeat(32) }],
    remove: (id) => ['DELETE', `/api/device/${id}/`],
    changed: 'app_key',
  },
  {
    resource: 'gateway',
    create: (c) => ['POST', '/api/gateway/', { company_id: c, gateway_id: '0016C001F153A14C', name: 'Roof' }],
    update: (id) => ['PATCH', `/api/gateway/${id}/`, { name: 'Cellar' }],
    remove: (id) => ['DELETE', `/api/gateway/${id}/`],
    changed: 'name',
  },
  {
    resource: 'profile',
    create: (c) => ['POST', `/api/config/${c}`, { name: 'Sensors' }],
    update: (id, c) => ['PATCH', `/api/config/${c}/${id}`, { name: 'Meters' }],
    remove: (id, c) => ['DELETE', `/api/config/${c}/${id}`],
    changed: 'name',
  },
  {
    resource: 'dashboard',
    create: (c) => ['POST', '/api/dashboard/', { company_id: c, name: 'Overview' }],
    update: (id) => ['PATCH', `/api/dashboard/${id}/`, { is_shared: true }],
    remove: (id) => ['DELETE', `/api/dashboard/${id}/`],
    changed: 'is_shared',
  },
  {
    resource: 'webhook',
    create: (c) => ['POST', '/api/webhook/', { company_id: c, url: 'http://127.0.0.1:9/hook', header_name: 'X-Token', header_value: 'hook-header-secret' }],
    update: (id) => ['PATCH', `/api/webhook/${id}/`, { header_value: 'next-header-secret' }],
    remove: (id) => ['DELETE', `/api/webhook/${id}/`],
    changed: 'header_value',
  },
  {
    resource: 'webhook',
    create: (c) => ['POST', '/api/webhook/', { company_id: c, url: 'http://127.0.0.1:9/other' }],
    update: (id) => ['POST', `/api/webhook/${id}/rotate-secret`],
    updateAction: 'rotate_secret',
    remove: (id) => ['DELETE', `/api/webhook/${id}/`],
    changed: 'secret',
  },
  {
    resource: 'api_key',
    create: () => ['POST', '/api/api-keys/', { name: 'CI' }],
    update: (id) => ['PUT', `/api/api-keys/${id}/regenerate`],
    updateAction: 'rotate_secret',
    remove: (id) => ['DELETE', `/api/api-keys/${id}`],
    changed: 'key_hash',
  },
  {
    resource: 'invite',
    create: (c) => ['POST', '/api/invite/', { company_id: c, email: 'carol@example.com' }],
    remove: (id) => ['DELETE', `/api/invite/${id}`],
  },
  {
    resource: 'company',
    create: () => ['POST', '/api/company/', { name: 'Spare' }],
    update: (id) => ['PATCH', `/api/company/${id}/`, { name: 'Spare parts' }],
    remove: (id) => ['DELETE', `/api/company/${id}/`],
    changed: 'name',
  },
  {
    resource: 'widget',
    create: () => [
      'POST',
      '/api/widget/',
      { dashboard: made.dashboard, type: 'SINGLE_VALUE', data_source_mode: 'device', width: 3, height: 2, positionX: 0, positionY: 0 },
    ],
    update: (id) => ['PATCH', `/api/widget/${id}/`, { positionX: 2 }],
    remove: (id) => ['DELETE', `/api/widget/${id}/`],
    changed: 'position_x',
  },
];

describe('audit log: an entry for each kind of change', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  beforeAll(async () => {
    ({ t, alice, bob, company } = await twoCompanies({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
    made.dashboard = (await call(t.app, alice, 'POST', '/api/dashboard/', { company_id: company, name: 'Board' })).json<{ id: string }>().id;
  });
  afterAll(async () => t.close());

  const send = (user: SignedIn, [method, url, body]: Request) => call(t.app, user, method, url, body);

  it.each(cases.map((c) => [`${c.resource}${c.updateAction ? ` (${c.updateAction})` : ''}`, c] as const))('%s: create, update and delete', async (_name, c) => {
    const created = await send(alice, c.create(company));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    if (c.update) expect((await send(alice, c.update(id, company))).statusCode).toBeLessThan(300);
    expect((await send(alice, c.remove(id, company))).statusCode).toBe(204);

    // A deleted company's own log can no longer be read through the API.
    const source = c.resource === 'company' ? await entriesFromDb(id) : await entriesAbout(t, alice, company, id);
    expect(source.map((e) => e.action)).toEqual(['create', ...(c.update ? [c.updateAction ?? 'update'] : []), 'delete']);
    for (const entry of source) {
      expect(entry).toMatchObject({
        resource_type: c.resource,
        resource_id: id,
        actor_type: 'user',
        actor_id: alice.id,
        actor_label: alice.email,
        address: '127.0.0.1',
      });
    }
    if (c.changed) {
      const changes = source[1]?.changes as { field: string }[];
      expect(changes.map((change) => change.field)).toContain(c.changed);
    }
  });

  async function entriesFromDb(companyId: string) {
    const rows = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('resource_type', '=', 'company')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, changes: row.changes === null ? null : (JSON.parse(row.changes) as unknown) }));
  }

  it('records a member joining with an invite, with the invite used', async () => {
    const invite = (await call(t.app, alice, 'POST', '/api/invite/', { company_id: company, email: bob.email })).json<{ id: string; code: string }>();
    expect((await call(t.app, bob, 'POST', `/api/invite/${invite.id}/join`, { code: invite.code })).statusCode).toBe(200);
    const log = await auditLog(t, alice, company);
    expect(log.find((e) => e.resource_type === 'membership' && e.resource_id === bob.id)).toMatchObject({
      action: 'join',
      actor_id: bob.id,
      changes: [{ field: 'role', old: null, new: 'member' }],
    });
    expect(log.find((e) => e.resource_type === 'invite' && e.resource_id === invite.id && e.action === 'update')).toMatchObject({ actor_id: bob.id });
  });

  it('records role changes and removals; only admins and owners read the log', async () => {
    expect((await call(t.app, bob, 'GET', `/api/company/${company}/audit`)).statusCode).toBe(403);
    expect((await call(t.app, alice, 'PATCH', `/api/company/${company}/members/${bob.id}`, { role: 'admin' })).statusCode).toBeLessThan(300);
    expect((await call(t.app, bob, 'GET', `/api/company/${company}/audit`)).statusCode).toBe(200);
    expect((await call(t.app, alice, 'DELETE', `/api/company/${company}/members/${bob.id}`)).statusCode).toBe(204);
    const entries = (await auditLog(t, alice, company, `&resource_type=membership&resource_id=${bob.id}`)).reverse();
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ['join', [{ field: 'role', old: null, new: 'member' }]],
      ['update', [{ field: 'role', old: 'member', new: 'admin' }]],
      ['delete', [{ field: 'role', old: 'admin', new: null }]],
    ]);
  });

  it('records sign-ins in every company of the member, and changes to their account', async () => {
    expect(await signIn(t, alice.email, PASSWORD)).toBe(200);
    expect((await auditLog(t, alice, company, '&action=sign_in'))[0]).toMatchObject({
      resource_type: 'user',
      resource_id: alice.id,
      actor_id: alice.id,
      address: '127.0.0.1',
    });
    expect((await call(t.app, alice, 'PUT', '/api/user/', { first_name: 'Alice' })).statusCode).toBe(200);
    expect((await auditLog(t, alice, company, `&resource_type=user&action=update`))[0]).toMatchObject({
      changes: [{ field: 'first_name', old: '', new: 'Alice' }],
    });
  });

  it('records an import once, with its row counts', async () => {
    const rows = [
      { dev_eui: 'B000000000000001', app_key: 'D'.repeat(32) },
      { dev_eui: 'B000000000000002', app_key: 'D'.repeat(32) },
      { dev_eui: 'not an eui', app_key: 'D'.repeat(32) },
    ];
    expect((await call(t.app, alice, 'POST', '/api/device/bulk/', { company_id: company, devices: rows })).statusCode).toBe(200);
    const imports = await auditLog(t, alice, company, '&action=import');
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ resource_type: 'device', resource_id: null, changes: { rows: 3, created: 2, not_created: 1 } });
  });

  it('records tenant changes in the log of each company under the tenant', async () => {
    await call(t.app, alice, 'PUT', '/api/user/', { is_tenant_enabled: true });
    const tenant = (await call(t.app, alice, 'POST', '/api/tenant/', { name: 'Reseller' })).json<{ id: string }>();
    expect((await call(t.app, alice, 'PATCH', `/api/company/${company}/`, { tenant_id: tenant.id })).statusCode).toBe(200);
    expect((await call(t.app, alice, 'PATCH', `/api/tenant/${tenant.id}/`, { name: 'Reseller AG' })).statusCode).toBe(200);
    expect((await call(t.app, alice, 'DELETE', `/api/tenant/${tenant.id}/`)).statusCode).toBe(204);
    expect((await entriesAbout(t, alice, company, tenant.id)).map((e) => e.action)).toEqual(['update', 'delete']);
    expect((await auditLog(t, alice, company, '&resource_type=company&action=update'))[0]?.changes).toEqual([
      { field: 'tenant_id', old: null, new: tenant.id },
    ]);
  });
});
