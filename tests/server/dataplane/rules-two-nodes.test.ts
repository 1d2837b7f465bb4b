import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app.js';
import { openDatabase } from '../../../server/src/db/database.js';
import type { Rule, RuleFiring } from '../../../server/src/schemas/rules.js';
import { createApiKey, insertDevice, oneCompany } from '../helpers/fixtures.js';
import { testDatabaseUrl, type TestApp } from '../helpers/test-app.js';
import { callWithKey, type Page } from '../helpers/users.js';

const DEV_EUI = '70B3D57ED0070001';
const T0 = Date.parse('2026-11-23T12:00:00Z');

// Two API nodes on one PostgreSQL, each with its own connection pool and rule cache, take the
// uplinks of one device at the same time: each transition is recorded, and acted on, once.
describe.skipIf(!testDatabaseUrl)('rules on two nodes sharing one PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let key: string;
  let company: string;
  beforeAll(async () => {
    let owner;
    ({ t, owner, company } = await oneCompany());
    key = await createApiKey(t, owner, 'Ingest');
    await insertDevice(t, { company_id: company, dev_eui: DEV_EUI, name: 'Freezer' });
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema;
    const database = await openDatabase({ databaseUrl: t.databaseUrl, pgSchema: schema });
    second = await buildApp({ config: t.config, database, now: t.clock.now, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('fires and resolves once while both nodes evaluate uplinks of the same device at once', async () => {
    const created = await callWithKey(t.app, key, 'POST', '/api/rule/', {
      company_id: company,
      name: 'Freezer warm',
      scope: 'company',
      scope_id: null,
      condition: { match: 'all', conditions: [{ type: 'topic', topic: 'temperature', op: 'gt', value: -10 }] },
      actions: [{ type: 'notification', members: 'all' }],
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json<Rule>();
    const nodes = [t.app, second];
    const send = (node: FastifyInstance, seconds: number, temperature: number) =>
      callWithKey(node, key, 'POST', '/api/ingest/chirpstack?event=up', {
        deduplicationId: randomUUID(),
        time: new Date(T0 + seconds * 1000).toISOString(),
        deviceInfo: { devEui: DEV_EUI },
        fPort: 1,
        object: { temperature },
      });
    // Rounds of uplinks that agree on the condition, each round spread over both nodes at once.
    const rounds = [
      [-20, -19, -18, -21],
      [-5, -4, -3, -6, -2, -1],
      [-15, -16, -17, -18],
    ];
    let elapsed = 0;
    for (const round of rounds) {
      const responses = await Promise.all(round.map((temperature, i) => send(nodes[i % 2] as FastifyInstance, ++elapsed, temperature)));
      expect(responses.map((r) => r.statusCode)).toEqual(round.map(() => 200));
    }
    const history = (await callWithKey(second, key, 'GET', `/api/rule/${rule.id}/firings`)).json<Page<RuleFiring>>().results;
    expect(history.map((f) => f.transition)).toEqual(['resolved', 'fired']);
    const notified = await t.db.selectFrom('notifications').select('kind').where('kind', 'like', 'rule_%').orderBy('created_at').execute();
    expect(notified.map((n) => n.kind).sort()).toEqual(['rule_fired', 'rule_resolved']);
  });
});
