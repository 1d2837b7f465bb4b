import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleEngine } from '../../../server/src/dataplane/rules/engine.js';
import { ruleStatesRepository } from '../../../server/src/repositories/rule-states.js';
import type { Rule, RuleCreateBody, RuleFiring } from '../../../server/src/schemas/rules.js';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { createRecord, insertDevice, oneCompany } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';

const DEV_EUI = '70B3D57ED0060001';
const T0 = Date.parse('2026-11-23T10:00:00Z');

describe('rules evaluated at ingest', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  let device: string;
  let webhook: string;

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
    device = await insertDevice(t, { company_id: company, dev_eui: DEV_EUI, name: 'Cold room' });
    webhook = await createRecord(t, owner, '/api/webhook/', { company_id: company, url: 'https://example.com/rules', enabled: true });
  });
  afterAll(async () => t.close());

  const uplink = async (seconds: number, object: Record<string, unknown>) => {
    const response = await call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=up', {
      deduplicationId: randomUUID(),
      time: new Date(T0 + seconds * 1000).toISOString(),
      deviceInfo: { devEui: DEV_EUI.toLowerCase() },
      fPort: 1,
      object,
    });
    expect(response.statusCode).toBe(200);
  };
  const createRule = async (overrides: Partial<RuleCreateBody>) => {
    const response = await call(t.app, owner, 'POST', '/api/rule/', {
      company_id: company,
      name: 'Too warm',
      scope: 'device',
      scope_id: device,
      condition: { match: 'all', conditions: [{ type: 'topic', topic: 'temperature', op: 'gt', value: 25, for_s: 60 }] },
      actions: [{ type: 'notification', members: 'all' }],
      ...overrides,
    });
    expect(response.statusCode).toBe(201);
    return response.json<Rule>();
  };
  const firings = async (rule: string) => (await call(t.app, owner, 'GET', `/api/rule/${rule}/firings`)).json<Page<RuleFiring>>().results;
  const ruleNotifications = async () =>
    (await call(t.app, owner, 'GET', '/api/user/notifications/')).json<Page<Notification>>().results.filter((n) => n.kind.startsWith('rule_'));

  it('fires once after the duration, resolves once past the hysteresis, and runs each action on both', async () => {
    const rule = await createRule({
      hysteresis: 1,
      actions: [
        { type: 'notification', members: 'all' },
        { type: 'webhook', webhook_id: webhook },
        { type: 'flag', topic: 'alarm' },
      ],
    });
    await uplink(0, { temperature: 26 });
    await uplink(30, { temperature: 27 });
    expect(await firings(rule.id)).toEqual([]);
    await uplink(60, { temperature: 26.5 });
    await uplink(90, { temperature: 24.5 });
    await uplink(120, { temperature: 25.5 });
    const fired = await firings(rule.id);
    expect(fired).toEqual([
      expect.objectContaining({ transition: 'fired', at: new Date(T0 + 60_000).toISOString(), values: { temperature: 26.5 }, device_name: 'Cold room' }),
    ]);
    const state = (await call(t.app, owner, 'GET', `/api/rule/${rule.id}`)).json<Rule>().state;
    expect(state).toEqual({ firing: 1, firing_since: new Date(T0 + 60_000).toISOString(), last_fired_at: new Date(T0 + 60_000).toISOString() });
    const alarm = await t.db
      .selectFrom('device_topics')
      .select('last_value')
      .where('device_id', '=', device)
      .where('topic', '=', 'alarm')
      .executeTakeFirstOrThrow();
    expect(alarm.last_value).toBe('true');

    await uplink(150, { temperature: 23.9 });
    await uplink(180, { temperature: 20 });
    expect((await firings(rule.id)).map((f) => [f.transition, f.values])).toEqual([
      ['resolved', { temperature: 23.9 }],
      ['fired', { temperature: 26.5 }],
    ]);
    expect((await ruleNotifications()).map((n) => [n.kind, n.params])).toEqual([
      ['rule_resolved', { rule: 'Too warm', name: 'Cold room', values: 'temperature = 23.9' }],
      ['rule_fired', { rule: 'Too warm', name: 'Cold room', values: 'temperature = 26.5' }],
    ]);
    const deliveries = await t.db.selectFrom('webhook_deliveries').select('payload').where('webhook_id', '=', webhook).execute();
    const bodies = deliveries.map((row) => JSON.parse(row.payload) as { event: string; transition?: string; values?: object; rule?: object });
    expect(bodies.filter((body) => body.event === 'rule')).toEqual([
      expect.objectContaining({ transition: 'fired', rule: { id: rule.id, name: 'Too warm' }, values: { temperature: 26.5 } }),
      expect.objectContaining({ transition: 'resolved', values: { temperature: 23.9 } }),
    ]);
    const flag = await t.db
      .selectFrom('device_topics')
      .select('last_value')
      .where('device_id', '=', device)
      .where('topic', '=', 'alarm')
      .executeTakeFirstOrThrow();
    expect(flag.last_value).toBe('false');
    await call(t.app, owner, 'DELETE', `/api/rule/${rule.id}`);
  });

  it('keeps a pending duration across a restart: a fresh engine on the same database fires on time', async () => {
    const rule = await createRule({
      name: 'Restart',
      condition: { match: 'all', conditions: [{ type: 'topic', topic: 'humidity', op: 'gte', value: 90, for_s: 300 }] },
    });
    await uplink(1000, { humidity: 95 });
    const pending = await t.db.selectFrom('rule_states').select(['memory', 'firing']).where('rule_id', '=', rule.id).executeTakeFirstOrThrow();
    expect(JSON.parse(pending.memory)).toMatchObject({ firing: false, pending: { '0': new Date(T0 + 1_000_000).toISOString() } });

    // What a restarted node has: the database, no memory of this process.
    const restarted = new RuleEngine(ruleStatesRepository(t.db, testDialect), t.clock.now, { cacheMs: 0 });
    const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
    const cold = { id: device, company_id: company, dev_eui: DEV_EUI, name: 'Cold room', codec: null, battery_level: null, last_seen: null };
    const place = { unit_id: null, group_id: null, profile_id: null };
    // As the uplink writer evaluates a batch: in its transaction, then what it answers once committed.
    const evaluate = async (seconds: number, humidity: number) => {
      const committed = await t.db
        .transaction()
        .execute((trx) => restarted.evaluate(trx, [{ device: { ...cold, ...place }, at: at(seconds), readings: { humidity } }]));
      committed();
    };
    await evaluate(1299, 96);
    expect(await firings(rule.id)).toEqual([]);
    await evaluate(1300, 97);
    expect((await firings(rule.id)).map((f) => f.transition)).toEqual(['fired']);
    expect(restarted.stats.transitions).toBe(1);
    await call(t.app, owner, 'DELETE', `/api/rule/${rule.id}`);
  });

  it('a device that stays silent fires its no-uplink rule in the maintenance sweep, once, and its next uplink resolves it', async () => {
    const rule = await createRule({ name: 'Silent', condition: { match: 'all', conditions: [{ type: 'no_uplink', period_s: 3600 }] } });
    await uplink(2000, { temperature: 5 });
    const engine = new RuleEngine(ruleStatesRepository(t.db, testDialect), () => new Date(T0 + 2000_000 + 3_599_000), {
      cacheMs: 0,
    });
    expect(await engine.sweep()).toBe(0);
    const later = new RuleEngine(ruleStatesRepository(t.db, testDialect), () => new Date(T0 + 2000_000 + 3_700_000), {
      cacheMs: 0,
    });
    expect(await later.sweep()).toBe(1);
    expect(await later.sweep()).toBe(0);
    await uplink(2000 + 3800, { temperature: 5 });
    expect((await firings(rule.id)).map((f) => f.transition)).toEqual(['resolved', 'fired']);
  });

  it("a node's cached states give way to another node's write: the next uplink reads the device's states again", async () => {
    const rule = await createRule({
      name: 'Two nodes',
      condition: { match: 'all', conditions: [{ type: 'topic', topic: 'temperature', op: 'gt', value: 25 }] },
    });
    // This app's engine fires and keeps the device's states in its cache.
    await uplink(6000, { temperature: 30 });
    // Another node resolves the rule on the same database.
    const other = new RuleEngine(ruleStatesRepository(t.db, testDialect), t.clock.now, { cacheMs: 0 });
    const cold = { id: device, company_id: company, dev_eui: DEV_EUI, name: 'Cold room', codec: null, battery_level: null, last_seen: null };
    const place = { unit_id: null, group_id: null, profile_id: null };
    const at = new Date(T0 + 6060 * 1000).toISOString();
    const committed = await t.db.transaction().execute((trx) => other.evaluate(trx, [{ device: { ...cold, ...place }, at, readings: { temperature: 20 } }]));
    committed();
    // On its cached (firing) state this engine would see nothing new; on the stored (resolved) one it fires again.
    await uplink(6120, { temperature: 31 });
    expect((await firings(rule.id)).map((f) => f.transition)).toEqual(['fired', 'resolved', 'fired']);
    await call(t.app, owner, 'DELETE', `/api/rule/${rule.id}`);
  });

  it("changed by more than Δ compares each uplink with the device's value before it, one sent before the rule too, and remembers no values", async () => {
    await uplink(7000, { pressure: 1000 });
    const rule = await createRule({
      name: 'Pressure jump',
      condition: { match: 'all', conditions: [{ type: 'topic', topic: 'pressure', op: 'changed_by', delta: 5 }] },
    });
    await uplink(7060, { pressure: 1010 });
    await uplink(7120, { pressure: 1012 });
    await uplink(7180, { pressure: 1013 });
    expect((await firings(rule.id)).map((f) => [f.transition, f.values])).toEqual([
      ['resolved', { pressure: 1012 }],
      ['fired', { pressure: 1010 }],
    ]);
    const stored = await t.db.selectFrom('rule_states').select('memory').where('rule_id', '=', rule.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.memory)).not.toHaveProperty('values');

    // Two uplinks of the device in one batch: the second compares with the first, not with the value before the batch.
    const engine = new RuleEngine(ruleStatesRepository(t.db, testDialect), t.clock.now, { cacheMs: 0 });
    const cold = { id: device, company_id: company, dev_eui: DEV_EUI, name: 'Cold room', codec: null, battery_level: null, last_seen: null };
    const place = { unit_id: null, group_id: null, profile_id: null };
    const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
    const committed = await t.db.transaction().execute((trx) =>
      engine.evaluate(trx, [
        { device: { ...cold, ...place }, at: at(7240), readings: { pressure: 1020 } },
        { device: { ...cold, ...place }, at: at(7300), readings: { pressure: 1022 } },
      ]),
    );
    committed();
    expect((await firings(rule.id)).map((f) => f.transition)).toEqual(['resolved', 'fired', 'resolved', 'fired']);
    await call(t.app, owner, 'DELETE', `/api/rule/${rule.id}`);
  });
});
