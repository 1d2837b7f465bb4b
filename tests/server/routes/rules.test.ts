import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeafCondition, Rule, RuleCreateBody } from '../../../server/src/schemas/rules.js';
import { createRecord, insertDevice, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';

describe('rules API', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  let device: string;
  let bobDevice: string;
  let bobWebhook: string;
  const body = (overrides: Partial<RuleCreateBody> = {}): RuleCreateBody => ({
    company_id: company,
    name: 'Cold room too warm',
    scope: 'company',
    scope_id: null,
    condition: { match: 'all', conditions: [{ type: 'topic', topic: 'temperature', op: 'gt', value: 8, for_s: 600 }] },
    actions: [{ type: 'notification', members: 'all' }],
    ...overrides,
  });

  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
    device = await insertDevice(t, { company_id: company, dev_eui: '70B3D57ED0050001', name: 'Cold room' });
    bobDevice = await insertDevice(t, { company_id: bobCompany, dev_eui: '70B3D57ED0050002', name: 'Bob fridge' });
    bobWebhook = await createRecord(t, bob, '/api/webhook/', { company_id: bobCompany, url: 'https://example.com/hook' });
  });
  afterAll(async () => t.close());

  it('creates, reads, lists, changes and deletes a rule, armed until it fires', async () => {
    const created = await call(t.app, alice, 'POST', '/api/rule/', body({ scope: 'device', scope_id: device, hysteresis: 0.5 }));
    expect(created.statusCode).toBe(201);
    const rule = created.json<Rule>();
    expect(rule).toMatchObject({ name: 'Cold room too warm', enabled: true, scope: 'device', scope_id: device, hysteresis: 0.5, schedule: null });
    expect(rule.state).toEqual({ firing: 0, firing_since: null, last_fired_at: null });
    expect((await call(t.app, alice, 'GET', `/api/rule/${rule.id}`)).json<Rule>().id).toBe(rule.id);
    const list = (await call(t.app, alice, 'GET', `/api/rule/?company_id=${company}&search=cold`)).json<Page<Rule>>();
    expect(list.results.map((r) => r.id)).toEqual([rule.id]);
    // The console's list sorts by name (and by a column header); an unknown column is refused.
    const second = await createRecord(t, alice, '/api/rule/', body({ name: 'Another rule' }));
    const byName = (await call(t.app, alice, 'GET', `/api/rule/?company_id=${company}&ordering=name`)).json<Page<Rule>>();
    expect(byName.results.map((r) => r.name)).toEqual(['Another rule', 'Cold room too warm']);
    const backwards = (await call(t.app, alice, 'GET', `/api/rule/?company_id=${company}&ordering=-name`)).json<Page<Rule>>();
    expect(backwards.results.map((r) => r.name)).toEqual(['Cold room too warm', 'Another rule']);
    expect((await call(t.app, alice, 'GET', `/api/rule/?company_id=${company}&ordering=condition`)).statusCode).toBe(400);
    expect((await call(t.app, alice, 'DELETE', `/api/rule/${second}`)).statusCode).toBe(204);
    const schedule = { time_zone: 'Europe/Berlin', weekdays: [1, 2, 3, 4, 5], from: '18:00', to: '07:00' };
    const changed = await call(t.app, alice, 'PATCH', `/api/rule/${rule.id}`, { enabled: false, schedule });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Rule>()).toMatchObject({ enabled: false, schedule });
    expect((await call(t.app, alice, 'DELETE', `/api/rule/${rule.id}`)).statusCode).toBe(204);
    expect((await call(t.app, alice, 'GET', `/api/rule/${rule.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with field codes', async () => {
    const missing = await call(
      t.app,
      alice,
      'POST',
      '/api/rule/',
      body({ condition: { match: 'all', conditions: [{ type: 'topic', topic: 't', op: 'between', value: 9, max: 2 }] } }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field_codes).toEqual({ 'condition.conditions.0.max': { code: 'range_reversed' } });
    const noThreshold = await call(
      t.app,
      alice,
      'POST',
      '/api/rule/',
      body({ condition: { match: 'any', conditions: [{ type: 'topic', topic: 't', op: 'gt' }] } }),
    );
    expect(noThreshold.json().field_codes).toEqual({ 'condition.conditions.0.value': { code: 'required' } });
    const group = (leaf: LeafCondition) => ({
      match: 'all' as const,
      conditions: [
        { type: 'battery_below' as const, level: 20 },
        { match: 'any' as const, conditions: [{ type: 'log_code' as const, code: 'OTAA' }, leaf] },
      ],
    });
    const nested = await call(
      t.app,
      alice,
      'POST',
      '/api/rule/',
      body({ condition: group({ type: 'count', topic: 'door', op: 'between', value: 5, max: 1, times: 2, window_s: 60 }) }),
    );
    expect(nested.json().field_codes).toEqual({ 'condition.conditions.1.conditions.1.max': { code: 'range_reversed' } });
    const schemaError = await call(t.app, alice, 'POST', '/api/rule/', {
      ...body(),
      condition: group({ type: 'topic', topic: 't', op: 'gt', value: 1, for_s: 0 }),
    });
    expect(schemaError.statusCode).toBe(400);
    // Only the union member the leaf names reports, not every other member's fields as missing or unknown.
    expect(schemaError.json().field_codes).toEqual({ 'condition.conditions.1.conditions.1.for_s': { code: 'too_small', params: { limit: 1 } } });
    const unknownType = await call(t.app, alice, 'POST', '/api/rule/', { ...body(), actions: [{ type: 'email', members: ['nobody@example.com'] }] });
    expect(Object.keys(unknownType.json().field_codes)).toEqual(['actions.0.members.0']);
    const zone = await call(t.app, alice, 'POST', '/api/rule/', body({ schedule: { time_zone: 'Mars/Olympus', weekdays: [1], from: '08:00', to: '09:00' } }));
    expect(zone.json().field_codes).toEqual({ 'schedule.time_zone': { code: 'time_zone_invalid' } });
    expect((await call(t.app, alice, 'POST', '/api/rule/', body({ actions: [] }))).statusCode).toBe(400);
    expect((await call(t.app, alice, 'POST', '/api/rule/', { ...body(), condition: { match: 'all', conditions: [{ type: 'weather' }] } })).statusCode).toBe(
      400,
    );
    const noScope = await call(t.app, alice, 'POST', '/api/rule/', body({ scope: 'unit', scope_id: null }));
    expect(noScope.json().field_codes).toEqual({ scope_id: { code: 'required' } });
  });

  it("treats another company's rules, devices, webhooks and members as nonexistent", async () => {
    expect((await call(t.app, alice, 'POST', '/api/rule/', body({ company_id: bobCompany }))).statusCode).toBe(404);
    expect((await call(t.app, alice, 'GET', `/api/rule/?company_id=${bobCompany}`)).statusCode).toBe(404);
    const foreignDevice = await call(t.app, alice, 'POST', '/api/rule/', body({ scope: 'device', scope_id: bobDevice }));
    expect(foreignDevice.json().field_codes).toEqual({ scope_id: { code: 'no_such_device' } });
    const foreignHook = await call(t.app, alice, 'POST', '/api/rule/', body({ actions: [{ type: 'webhook', webhook_id: bobWebhook }] }));
    expect(foreignHook.json().field_codes).toEqual({ 'actions.0.webhook_id': { code: 'no_such_webhook' } });
    const foreignMember = await call(t.app, alice, 'POST', '/api/rule/', body({ actions: [{ type: 'notification', members: [bob.id] }] }));
    expect(foreignMember.json().field_codes).toEqual({ 'actions.0.members': { code: 'not_a_member' } });
    const bobs = (await call(t.app, bob, 'POST', '/api/rule/', body({ company_id: bobCompany }))).json<Rule>();
    for (const [method, url] of [
      ['GET', `/api/rule/${bobs.id}`],
      ['PATCH', `/api/rule/${bobs.id}`],
      ['DELETE', `/api/rule/${bobs.id}`],
      ['GET', `/api/rule/${bobs.id}/firings`],
    ] as const) {
      expect((await call(t.app, alice, method, url, method === 'PATCH' ? { name: 'Mine' } : undefined)).statusCode).toBe(404);
    }
    expect((await call(t.app, bob, 'GET', `/api/rule/${bobs.id}`)).json<Rule>().name).toBe('Cold room too warm');
  });

  it('refuses a downlink action without a network server', async () => {
    const response = await call(t.app, alice, 'POST', '/api/rule/', body({ actions: [{ type: 'downlink', f_port: 2, payload: '01', encoding: 'hex' }] }));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('networkServerRequired');
  });
});
