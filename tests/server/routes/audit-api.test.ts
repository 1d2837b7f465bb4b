import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs } from '../../../server/src/repositories/audit-actor.js';
import { downlinksRepository } from '../../../server/src/repositories/downlinks.js';
import { unitsRepository } from '../../../server/src/repositories/units.js';
import type { AuditEvent } from '../../../server/src/schemas/audit.js';
import { createApiKey, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, type Page, type SignedIn } from '../helpers/users.js';
import { auditLog } from './audit-helpers.js';

const APP_KEY = '0123456789ABCDEF0123456789ABCDEF';
const HEADER_SECRET = 'header-value-never-logged';

describe('audit log API', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  let apiKey: string;
  let deviceId: string;
  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
    apiKey = await createApiKey(t, alice, 'Deploy bot');
    deviceId = (await call(t.app, alice, 'POST', '/api/device/', { company_id: company, dev_eui: 'C000000000000001', app_key: APP_KEY })).json<{ id: string }>()
      .id;
    await call(t.app, alice, 'PUT', `/api/device/${deviceId}/`, { name: 'Boiler' });
    await call(t.app, alice, 'POST', '/api/webhook/', {
      company_id: company,
      url: 'http://127.0.0.1:9/hook',
      header_name: 'X-Token',
      header_value: HEADER_SECRET,
    });
    await callWithKey(t.app, apiKey, 'POST', '/api/unit/', { company_id: company, name: 'Made by a key' });
  });
  afterAll(async () => t.close());

  it('names the API key a change was made with, and its owner', async () => {
    const [entry] = await auditLog(t, alice, company, '&resource_type=unit');
    expect(entry).toMatchObject({ action: 'create', actor_type: 'api_key', actor_label: `Deploy bot (${alice.email})` });
    expect(entry?.actor_id).not.toBe(alice.id);
    const byKey = await auditLog(t, alice, company, `&actor=${entry?.actor_id ?? ''}`);
    expect(byKey.map((e) => e.resource_type)).toEqual(['unit']);
  });

  it('filters by actor, action, resource and time, and pages newest first', async () => {
    const all = await auditLog(t, alice, company);
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
    expect((await auditLog(t, alice, company, `&actor=${alice.id}&resource_type=device`)).map((e) => e.action)).toEqual(['update', 'create']);
    expect((await auditLog(t, alice, company, '&action=update&resource_type=device'))[0]?.changes).toEqual([{ field: 'name', old: '', new: 'Boiler' }]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await auditLog(t, alice, company, `&from=${future}`)).toEqual([]);
    expect(await auditLog(t, alice, company, `&to=${encodeURIComponent(all.at(-1)?.at ?? '')}`)).toEqual([]);
    const page = (await call(t.app, alice, 'GET', `/api/company/${company}/audit?page=2&page_size=1`)).json<Page<AuditEvent>>();
    expect(page).toMatchObject({ count: all.length, results: [{ id: all[1]?.id }] });
  });

  it('never shows secrets: the AppKey, webhook headers and secrets, API key secrets', async () => {
    await call(t.app, alice, 'PUT', `/api/device/${deviceId}/`, { app_key: 'F'.repeat(32) });
    const text = JSON.stringify(await auditLog(t, alice, company));
    const csv = (await call(t.app, alice, 'GET', `/api/company/${company}/audit/export`)).body;
    for (const secret of [APP_KEY, 'F'.repeat(32), HEADER_SECRET, apiKey, apiKey.slice(3, 15), 'whsec_']) {
      expect(text).not.toContain(secret);
      expect(csv).not.toContain(secret);
    }
    expect((await auditLog(t, alice, company, '&action=update&resource_type=device'))[0]?.changes).toEqual([
      { field: 'app_key', old: '[redacted]', new: '[redacted]' },
    ]);
  });

  it("answers 404 for another company's log and its export", async () => {
    for (const url of [`/api/company/${bobCompany}/audit`, `/api/company/${bobCompany}/audit/export`, `/api/company/${crypto.randomUUID()}/audit`]) {
      expect((await call(t.app, alice, 'GET', url)).statusCode).toBe(404);
    }
    expect((await call(t.app, bob, 'GET', `/api/company/${company}/audit`)).statusCode).toBe(404);
    expect(JSON.stringify(await auditLog(t, bob, bobCompany))).not.toContain(company);
  });

  it.each([
    ['action=explode', 'action'],
    ['resource_type=spaceship', 'resource_type'],
    ['from=yesterday', 'from'],
    ['to=2026-13-01', 'to'],
    ['page_size=5000', 'page_size'],
    ['page=0', 'page'],
    ['colour=red', 'colour'],
    ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
  ])('refuses the filter %s (400)', async (query, field) => {
    // The export has no pages.
    for (const path of field.startsWith('page') ? ['audit'] : ['audit', 'audit/export']) {
      const response = await call(t.app, alice, 'GET', `/api/company/${company}/${path}?${query}`);
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
    }
  });

  it('exports the filtered log as CSV, newest first', async () => {
    const response = await call(t.app, alice, 'GET', `/api/company/${company}/audit/export?resource_type=device`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-.+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,actor_type,actor_id,actor,action,resource_type,resource_id,address,changes');
    const entries = await auditLog(t, alice, company, '&resource_type=device');
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual(entries.map((e) => e.action));
    expect(lines[lines.length - 1]).toContain(`user,${alice.id},${alice.email},create,device,${deviceId},127.0.0.1`);
  });

  it('writes no entry for a change that is rolled back', async () => {
    const before = (await auditLog(t, alice, company)).length;
    const units = (trx: typeof t.db) => unitsRepository(trx);
    await expect(
      actingAs({ userId: alice.id, address: '10.0.0.1' }, () =>
        t.db.transaction().execute(async (trx) => {
          await units(trx).create(company, 'Never there', null, new Date().toISOString());
          throw new Error('the change fails after its write');
        }),
      ),
    ).rejects.toThrow('the change fails');
    expect(await auditLog(t, alice, company)).toHaveLength(before);
    await actingAs({ userId: alice.id, address: '10.0.0.1' }, () => units(t.db).create(company, 'There', null, new Date().toISOString()));
    expect((await auditLog(t, alice, company))[0]).toMatchObject({ resource_type: 'unit', address: '10.0.0.1', actor_id: alice.id });
  });

  // The downlink routes need a network server (409 standalone): the repository is driven as the routes do, in a request's name.
  it('records downlinks with their payload, and queue flushes with what they cancelled', async () => {
    const downlinks = downlinksRepository(t.db);
    await actingAs({ userId: alice.id, address: '127.0.0.1' }, async () => {
      const at = new Date().toISOString();
      const sent = await downlinks.create({ companyId: company, deviceId, fPort: 2, confirmed: false, dataHex: '0A0B' }, at);
      await downlinks.flush({ id: deviceId, company_id: company }, [sent.id], at);
    });
    const [flush, downlink] = await auditLog(t, alice, company, `&resource_id=${deviceId}`);
    expect(downlink).toMatchObject({
      action: 'downlink',
      resource_type: 'device',
      actor_id: alice.id,
      changes: { f_port: 2, confirmed: false, data_hex: '0A0B' },
    });
    expect(flush).toMatchObject({ action: 'flush_downlinks', changes: { cancelled: 1 } });
  });

  it('takes the address from the connection, not from X-Forwarded-For of an untrusted peer', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/group/',
      headers: { ...alice.headers, 'x-forwarded-for': '203.0.113.9' },
      payload: { company_id: company, name: 'Spoofed' },
    });
    expect((await auditLog(t, alice, company, '&resource_type=group'))[0]?.address).toBe('127.0.0.1');
  });
});
