import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armedMemory, type RuleMemory } from '../../../server/src/domain/rules/memory.js';
import { parseMemory } from '../../../server/src/domain/rules/memory-json.js';
import { ruleStatesRepository, stateKey, type RuleStatesRepository, type StateWrite } from '../../../server/src/repositories/rule-states.js';
import type { Rule } from '../../../server/src/schemas/rules.js';
import { insertDevice, oneCompany } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

const AT = '2026-11-28T10:00:00.000Z';
const windowOf = (ms: number): RuleMemory => ({ ...armedMemory(), windows: { '0': [ms] } });

describe('writing a batch of rule states', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  let store: RuleStatesRepository;
  const devices: string[] = [];
  let rule: string;

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    for (let i = 0; i < 3; i++) devices.push(await insertDevice(t, { company_id: company, dev_eui: `70B3D57ED00701${i}0`, name: `Freezer ${i}` }));
    const response = await call(t.app, owner, 'POST', '/api/rule/', {
      company_id: company,
      name: 'Often warm',
      scope: 'device',
      scope_id: devices[0],
      condition: { match: 'all', conditions: [{ type: 'count', topic: 'temperature', op: 'gt', value: 25, times: 5, window_s: 3600 }] },
      actions: [{ type: 'notification', members: 'all' }],
    });
    expect(response.statusCode).toBe(201);
    rule = response.json<Rule>().id;
    store = ruleStatesRepository(t.db, testDialect);
  });
  afterAll(async () => t.close());

  const write = (device: string, memory: RuleMemory, fromVersion: number): StateWrite => ({ ruleId: rule, deviceId: device, memory, fromVersion, at: AT });
  const stored = async (device: string) => {
    const row = await t.db
      .selectFrom('rule_states')
      .select(['memory', 'version'])
      .where('rule_id', '=', rule)
      .where('device_id', '=', device)
      .executeTakeFirst();
    return row && { memory: parseMemory(row.memory), version: Number(row.version) };
  };

  it('writes every state that moves from the version it was read at, and names the ones another evaluation moved first', async () => {
    const [a, b, c] = devices as [string, string, string];
    const first = await t.db.transaction().execute((trx) => store.writeStates(trx, [write(a, windowOf(1), 0), write(b, windowOf(1), 0)]));
    expect(first.size).toBe(0);

    // b was read at version 0 by a slower evaluation, but is at 1 now: only that write is lost; a and the new c hold.
    const second = await t.db
      .transaction()
      .execute((trx) => store.writeStates(trx, [write(a, windowOf(2), 1), write(b, windowOf(99), 0), write(c, windowOf(2), 0)]));
    expect([...second]).toEqual([stateKey(rule, b)]);
    expect(await stored(a)).toEqual({ memory: windowOf(2), version: 2 });
    expect(await stored(b)).toEqual({ memory: windowOf(1), version: 1 });
    expect(await stored(c)).toEqual({ memory: windowOf(2), version: 1 });
  });
});
