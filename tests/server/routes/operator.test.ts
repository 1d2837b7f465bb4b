import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorsRepository } from '../../../server/src/repositories/operators.js';
import type { OperatorCompany } from '../../../server/src/schemas/operator.js';
import type { Company } from '../../../server/src/schemas/companies.js';
import { createApiKey, createCompany, createRecord, insertDevice } from '../helpers/fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, callWithKey, signUp, type Page, type SignedIn } from '../helpers/users.js';
import { auditLog } from './audit-helpers.js';
import { chirpstackEvent, forDevice, integrationKeyOf, postEvent } from '../helpers/chirpstack.js';

const OPERATOR = 'ops@platform.example';
const MISSING = '00000000-0000-4000-8000-000000000000';
const APP_KEY = '00112233445566778899AABBCCDDEEFF';

/** The operator back-office (issue #17): who reaches it, what it changes, and a suspended company's read-only data. */
describe('operator back-office', () => {
  let t: TestApp;
  let operator: SignedIn;
  let granted: SignedIn;
  const team = {} as Record<'owner' | 'admin' | 'member' | 'viewer' | 'outsider', SignedIn>;
  let company: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_EMAILS: ` ${OPERATOR.toUpperCase()} , someone@else.example` });
    operator = await signUp(t.app, OPERATOR);
    granted = await signUp(t.app, 'granted@platform.example');
    await operatorsRepository(t.db).grant('Granted@Platform.example', t.clock.now().toISOString());
    for (const role of ['owner', 'admin', 'member', 'viewer', 'outsider'] as const) team[role] = await signUp(t.app);
    company = await createCompany(t, team.owner, 'Orchard Sensors');
    other = await createCompany(t, team.outsider, 'Elsewhere');
    for (const role of ['admin', 'member', 'viewer'] as const) {
      await t.db.insertInto('company_members').values({ company_id: company, user_id: team[role].id, role, joined_at: t.clock.now().toISOString() }).execute();
    }
    await insertDevice(t, { company_id: company, dev_eui: '0F0000000000A001', app_key: APP_KEY, name: 'Kept' });
    await t.db
      .insertInto('token_usage')
      .values({ company_id: company, day: t.clock.now().toISOString().slice(0, 10), tokens: 42 })
      .execute();
  });
  afterAll(async () => t.close());

  const list = async (user: SignedIn, query = '') => {
    const response = await call(t.app, user, 'GET', `/api/operator/companies?page_size=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<OperatorCompany>>();
  };
  const companyAs = async (user: SignedIn, id = company) => (await call(t.app, user, 'GET', `/api/company/${id}/`)).json<Company>();

  it('tells the console who is an operator', async () => {
    expect((await call(t.app, operator, 'GET', '/api/user/')).json()).toMatchObject({ is_operator: true });
    expect((await call(t.app, granted, 'GET', '/api/user/')).json()).toMatchObject({ is_operator: true });
    expect((await call(t.app, team.owner, 'GET', '/api/user/')).json()).toMatchObject({ is_operator: false });
  });

  it('lists every company with plan, devices, members, tokens this month and suspension', async () => {
    const page = await list(operator);
    expect(page.count).toBe(2);
    expect(page.results.find((row) => row.id === company)).toEqual({
      id: company,
      name: 'Orchard Sensors',
      plan: 'basic',
      device_limit: null,
      token_quota: null,
      devices: 1,
      members: 4,
      tokens_this_month: 42,
      suspended_at: null,
      suspension_reason: null,
      created_at: expect.any(String),
    });
    expect((await list(granted, '&search=orch')).results.map((row) => row.name)).toEqual(['Orchard Sensors']);
    expect((await list(operator, '&ordering=-devices')).results.map((row) => row.name)).toEqual(['Orchard Sensors', 'Elsewhere']);
    expect((await list(operator, '&ordering=-name')).results.map((row) => row.name)).toEqual(['Orchard Sensors', 'Elsewhere']);
    expect((await list(operator, '&plan=pro')).count).toBe(0);
    expect((await list(operator, '&suspended=true')).count).toBe(0);
  });

  it("refuses every company role, outsiders and API keys (an operator's too) with 403", async () => {
    const operatorKey = await createApiKey(t, operator, 'ops');
    for (const user of Object.values(team)) {
      expect((await call(t.app, user, 'GET', '/api/operator/companies')).statusCode).toBe(403);
      expect((await call(t.app, user, 'PATCH', `/api/operator/companies/${company}`, { plan: 'pro' })).statusCode).toBe(403);
      expect((await call(t.app, user, 'POST', `/api/operator/companies/${company}/suspend`, { reason: 'x' })).statusCode).toBe(403);
      expect((await call(t.app, user, 'POST', `/api/operator/companies/${company}/resume`)).statusCode).toBe(403);
    }
    expect((await callWithKey(t.app, operatorKey, 'GET', '/api/operator/companies')).statusCode).toBe(403);
    expect((await companyAs(team.owner)).plan).toBe('basic');
  });

  it('refuses bad input and unknown companies, changing nothing', async () => {
    const cases: [string, string, object | undefined, number][] = [
      ['PATCH', `/api/operator/companies/${company}`, { plan: 'gold' }, 400],
      ['PATCH', `/api/operator/companies/${company}`, { device_limit: -1 }, 400],
      ['PATCH', `/api/operator/companies/${company}`, { token_quota: 1.5 }, 400],
      ['PATCH', `/api/operator/companies/${company}`, {}, 400],
      ['PATCH', `/api/operator/companies/${company}`, { name: 'Renamed' }, 400],
      ['PATCH', '/api/operator/companies/not-a-uuid', { plan: 'pro' }, 400],
      ['PATCH', `/api/operator/companies/${MISSING}`, { plan: 'pro' }, 404],
      ['POST', `/api/operator/companies/${company}/suspend`, { reason: '   ' }, 400],
      ['POST', `/api/operator/companies/${company}/suspend`, {}, 400],
      ['POST', `/api/operator/companies/${company}/suspend`, { reason: 'x'.repeat(501) }, 400],
      ['POST', `/api/operator/companies/${MISSING}/suspend`, { reason: 'Unpaid' }, 404],
      ['POST', `/api/operator/companies/${MISSING}/resume`, undefined, 404],
    ];
    for (const [method, url, body, status] of cases) {
      expect((await call(t.app, operator, method as 'PATCH' | 'POST', url, body)).statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
    }
    expect((await call(t.app, operator, 'GET', '/api/operator/companies?ordering=plan')).statusCode).toBe(400);
    expect(await companyAs(team.owner)).toMatchObject({ plan: 'basic', suspended_at: null });
  });

  it('changes the plan, sets and clears overrides, each an audit entry by the operator', async () => {
    const patch = (body: object) => call(t.app, operator, 'PATCH', `/api/operator/companies/${company}`, body);
    expect((await patch({ plan: 'pro', device_limit: 7, token_quota: 9000 })).statusCode).toBe(204);
    expect(await companyAs(team.owner)).toMatchObject({ plan: 'pro', sample_retention_days: 366 });
    const usage = (await call(t.app, team.owner, 'GET', `/api/usage/?company_id=${company}`)).json<{ devices: { limit: number }; tokens: { quota: number } }>();
    expect(usage.devices.limit).toBe(7);
    expect(usage.tokens.quota).toBe(9000);
    expect((await patch({ device_limit: null })).statusCode).toBe(204);
    expect((await list(operator, '&plan=pro')).results).toEqual([expect.objectContaining({ id: company, device_limit: null, token_quota: 9000 })]);

    const entries = (await auditLog(t, team.owner, company, '&resource_type=company')).filter((entry) => entry.action === 'update');
    expect(entries.map((entry) => [entry.actor_label, entry.changes])).toEqual([
      [OPERATOR, [{ field: 'device_limit', old: 7, new: null }]],
      [
        OPERATOR,
        [
          { field: 'plan', old: 'basic', new: 'pro' },
          { field: 'device_limit', old: null, new: 7 },
          { field: 'token_quota', old: null, new: 9000 },
        ],
      ],
    ]);
    // Only the company concerned hears of it.
    expect((await auditLog(t, team.outsider, other, '&resource_type=company')).filter((entry) => entry.action === 'update')).toEqual([]);
  });

  it('suspends with a reason: data stays readable, every write is refused, the banner has reason and contact', async () => {
    const suspend = await call(t.app, operator, 'POST', `/api/operator/companies/${company}/suspend`, { reason: '  Invoice 2026-11 unpaid ' });
    expect(suspend.statusCode).toBe(204);
    expect(await companyAs(team.viewer)).toMatchObject({
      suspended_at: expect.any(String),
      suspension_reason: 'Invoice 2026-11 unpaid',
      suspension_contact: OPERATOR,
    });
    expect((await list(operator, '&suspended=true')).results.map((row) => row.id)).toEqual([company]);

    const devices = await call(t.app, team.member, 'GET', `/api/device/?company_id=${company}`);
    expect(devices.statusCode).toBe(200);
    expect(devices.json<Page<{ name: string }>>().results.map((device) => device.name)).toEqual(['Kept']);
    for (const user of [team.owner, team.admin, team.member]) {
      const created = await call(t.app, user, 'POST', '/api/device/', { company_id: company, dev_eui: '0F0000000000A002', app_key: APP_KEY, name: 'New' });
      expect(created.statusCode).toBe(403);
      expect(created.json()).toMatchObject({ code: 'suspended' });
    }
    expect((await call(t.app, team.owner, 'PATCH', `/api/company/${company}/`, { name: 'Renamed' })).json()).toMatchObject({ code: 'suspended' });
    expect((await call(t.app, team.owner, 'DELETE', `/api/company/${company}/`)).json()).toMatchObject({ code: 'suspended' });
    expect((await call(t.app, team.member, 'POST', '/api/unit/', { company_id: company, name: 'U' })).statusCode).toBe(403);
    // A viewer is refused for the role first; an outsider still learns nothing.
    expect(
      (await call(t.app, team.viewer, 'POST', '/api/device/', { company_id: company, dev_eui: '0F0000000000A003', app_key: APP_KEY, name: 'V' })).json(),
    ).toMatchObject({ code: 'forbidden' });
    expect(
      (await call(t.app, team.outsider, 'POST', '/api/device/', { company_id: company, dev_eui: '0F0000000000A004', app_key: APP_KEY, name: 'O' })).statusCode,
    ).toBe(404);
    // A trial run changes nothing: a suspended company may still test a codec.
    const trial = await call(t.app, team.member, 'POST', `/api/config/${company}/codec-test`, {
      codec: 'function decodeUplink(input) { return { data: { first: input.bytes[0] } }; }',
      payload: '01',
      fPort: 1,
    });
    // 200 whatever the codec's outcome (a cold sandbox on a busy machine may overrun its time): the run was not refused.
    expect(trial.statusCode, trial.body).toBe(200);
    // Other companies of the platform work as before.
    expect((await call(t.app, team.outsider, 'POST', '/api/unit/', { company_id: other, name: 'Fine' })).statusCode).toBe(201);
    expect(await t.db.selectFrom('devices').select('name').where('company_id', '=', company).execute()).toEqual([{ name: 'Kept' }]);
    expect((await companyAs(team.owner)).name).toBe('Orchard Sensors');

    const [entry] = (await auditLog(t, team.owner, company, '&resource_type=company')).filter((e) => e.action === 'update');
    expect(entry).toMatchObject({ actor_label: OPERATOR, actor_id: operator.id });
    expect(entry?.changes).toEqual([
      { field: 'suspended_at', old: null, new: expect.any(String) },
      { field: 'suspension_reason', old: null, new: 'Invoice 2026-11 unpaid' },
      { field: 'suspension_contact', old: null, new: OPERATOR },
    ]);
  });

  it("refuses a suspended company's network server events and API keys with 403, storing nothing", async () => {
    const key = await integrationKeyOf(t, company);
    const apiKey = await createApiKey(t, team.owner, 'owner');
    const before = await t.db.selectFrom('unregistered_devices').select('dev_eui').execute();
    const refused = await postEvent(t, key, 'up', forDevice(chirpstackEvent('up'), 'a840410000000abc'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'suspended' });
    expect(await t.db.selectFrom('unregistered_devices').select('dev_eui').execute()).toEqual(before);
    expect((await callWithKey(t.app, apiKey, 'GET', `/api/device/?company_id=${company}`)).json()).toMatchObject({ code: 'suspended' });
  });

  it('resumes: writes work again, the banner goes, the entry is audited', async () => {
    expect((await call(t.app, granted, 'POST', `/api/operator/companies/${company}/resume`)).statusCode).toBe(204);
    expect(await companyAs(team.owner)).toMatchObject({ suspended_at: null, suspension_reason: null, suspension_contact: null });
    expect(await createRecord(t, team.member, '/api/device/', { company_id: company, dev_eui: '0F0000000000A005', app_key: APP_KEY, name: 'After' })).toEqual(
      expect.any(String),
    );
    const [entry] = (await auditLog(t, team.owner, company, '&resource_type=company')).filter((e) => e.action === 'update');
    expect(entry).toMatchObject({ actor_label: 'granted@platform.example' });
    expect(entry?.changes).toEqual(expect.arrayContaining([{ field: 'suspension_reason', old: 'Invoice 2026-11 unpaid', new: null }]));
  });
});
