import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkJobRunner } from '../../../server/src/jobs/bulk-job-runner.js';
import { bulkJobsRepository } from '../../../server/src/repositories/bulk-jobs.js';
import type { BulkJob } from '../../../server/src/schemas/bulk-jobs.js';
import { createRecord, insertDevice, oneCompany } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

/** The tables whose rows go with their device (ON DELETE CASCADE); widgets keep theirs, pointing nowhere. */
const CASCADED = ['device_topics', 'topic_samples', 'device_events', 'frames', 'downlinks', 'rule_states', 'rule_firings', 'rule_device_versions'] as const;

// Issue #20: a bulk job deletes and moves devices in batches, a statement per batch. What it
// leaves must be what deleting or changing them one by one through the API leaves: the search index
// (SQLite: its FTS table too), no row of a deleted device in any table that references it, the
// network server told of each deleted device by its DevEUI.
describe('bulk jobs leave what single changes leave', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  let unit: string;
  let rule: string;
  let dashboard: string;
  let eui = 0;

  const runner = () =>
    new BulkJobRunner({ jobs: bulkJobsRepository(t.db, testDialect), now: t.clock.now, node: 'node-a', leaseMs: 60_000, batchSize: 4, network: true });

  /** `count` devices named `prefix-N`, each with a row in every table that references devices. */
  async function devicesWithHistory(count: number, prefix: string): Promise<string[]> {
    const at = t.clock.now().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      eui += 1;
      const id = await insertDevice(t, { company_id: company, dev_eui: `DD${eui.toString(16).toUpperCase().padStart(14, '0')}`, name: `${prefix}-${i}` });
      ids.push(id);
      await t.db
        .insertInto('device_topics')
        .values({ device_id: id, topic: 'temperature', last_value: '21.5', last_timestamp: at, decoded_by: null })
        .execute();
      await t.db.insertInto('topic_samples').values({ device_id: id, topic: 'temperature', ts: at, value: '21.5' }).execute();
      await t.db
        .insertInto('device_events')
        .values({
          id: randomUUID(),
          company_id: company,
          device_id: id,
          type: 'join',
          summary: `${prefix} joined`,
          payload: null,
          created_at: at,
          dedupe_key: null,
          level: null,
          code: null,
        })
        .execute();
      await t.db.insertInto('frames').values({ device_id: id, received_at: at, id: randomUUID(), receptions: '[]' }).execute();
      await t.db
        .insertInto('downlinks')
        .values({
          id: randomUUID(),
          company_id: company,
          device_id: id,
          f_port: 1,
          confirmed: 0,
          data_hex: '01',
          state: 'pending',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await t.db.insertInto('rule_states').values({ rule_id: rule, device_id: id, firing: 0, memory: '{}', version: 1, updated_at: at }).execute();
      await t.db
        .insertInto('rule_firings')
        .values({ id: randomUUID(), rule_id: rule, company_id: company, device_id: id, transition: 'fired', at, readings: '{}' })
        .execute();
      await t.db.insertInto('rule_device_versions').values({ device_id: id, version: 1 }).execute();
      await t.db
        .insertInto('widgets')
        .values({
          id: randomUUID(),
          dashboard_id: dashboard,
          type: 'SINGLE_VALUE',
          title: prefix,
          data_source_mode: 'device',
          device_id: id,
          width: 1,
          height: 1,
          position_x: 0,
          position_y: 0,
          created_at: at,
        })
        .execute();
    }
    return ids;
  }

  /** The company's search entries as stored; on SQLite, FTS5 also checks its index against them. */
  async function searchIndex() {
    if (testDialect === 'sqlite') await sql`insert into search_fts(search_fts) values ('integrity-check')`.execute(t.db);
    return t.db
      .selectFrom('search_entries')
      .select(['type', 'id', 'company_id', 'tenant_id', 'name', 'terms'])
      .where('company_id', '=', company)
      .orderBy('type')
      .orderBy('id')
      .execute();
  }

  /** Rows still there of these devices, per referencing table, and the widgets that pointed at them. */
  async function leftOf(ids: string[]) {
    const left: Record<string, number> = {};
    for (const table of CASCADED) {
      const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)} where device_id in (${sql.join(ids)})`.execute(t.db);
      left[table] = Number(rows[0]?.n);
    }
    const widgets = await t.db.selectFrom('widgets').select(['title', 'device_id']).where('dashboard_id', '=', dashboard).execute();
    return { left, widgets };
  }

  async function runJob(body: object): Promise<BulkJob> {
    const answer = await call(t.app, owner, 'POST', '/api/bulk-job/', { company_id: company, ...body });
    expect(answer.statusCode).toBe(202);
    await runner().runDue();
    return (await call(t.app, owner, 'GET', `/api/bulk-job/${answer.json<BulkJob>().id}/`)).json<BulkJob>();
  }

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    unit = await createRecord(t, owner, '/api/unit/', { company_id: company, name: 'Cellar' });
    const at = t.clock.now().toISOString();
    rule = randomUUID();
    await t.db
      .insertInto('rules')
      .values({
        id: rule,
        company_id: company,
        name: 'Warm',
        enabled: 1,
        scope: 'company',
        scope_id: null,
        condition: '{}',
        schedule: null,
        hysteresis: 0,
        actions: '[]',
        created_at: at,
        updated_at: at,
      })
      .execute();
    dashboard = randomUUID();
    await t.db
      .insertInto('dashboards')
      .values({ id: dashboard, company_id: company, owner_id: owner.id, name: 'Board', is_shared: 0, created_at: at })
      .execute();
  });
  afterAll(async () => t.close());

  it('a bulk delete leaves the search index, the referencing tables and the outbox as deleting each device does', async () => {
    const before = await searchIndex();
    const bulk = await devicesWithHistory(10, 'bulk');
    const single = await devicesWithHistory(3, 'single');
    expect((await searchIndex()).length).toBe(before.length + 13);
    expect((await leftOf(bulk)).left).toEqual(Object.fromEntries(CASCADED.map((table) => [table, 10])));

    expect(await runJob({ kind: 'delete', filter: { search: 'bulk' } })).toMatchObject({ state: 'done', total: 10, done: 10 });
    for (const id of single) expect((await call(t.app, owner, 'DELETE', `/api/device/${id}/`)).statusCode).toBe(204);

    expect(await searchIndex()).toEqual(before);
    const { left, widgets } = await leftOf([...bulk, ...single]);
    expect(left).toEqual(Object.fromEntries(CASCADED.map((table) => [table, 0])));
    expect(widgets).toHaveLength(13);
    expect(widgets.every((widget) => widget.device_id === null)).toBe(true);
    // What the single delete records (routes/network-changes.ts `remove`): a delete naming the DevEUI.
    const outbox = await t.db.selectFrom('network_outbox').select(['entity_id', 'action', 'target']).where('entity_id', 'in', bulk).execute();
    expect(outbox).toHaveLength(10);
    for (const change of outbox) expect(change).toMatchObject({ action: 'delete', target: expect.stringMatching(/"remoteId":"DD[0-9A-F]{14}"/) });
    expect(await t.db.selectFrom('network_sync').select('entity_id').where('entity_id', 'in', bulk).execute()).toEqual([]);
  });

  it('a bulk move and a profile change leave the search index as it was', async () => {
    const moved = await devicesWithHistory(9, 'moved');
    const before = await searchIndex();
    const profile = await createRecord(t, owner, `/api/config/${company}`, { name: 'Class A' });
    expect(await runJob({ kind: 'move', filter: { search: 'moved' }, unit })).toMatchObject({ state: 'done', done: 9 });
    expect(await runJob({ kind: 'profile', ids: moved, config: profile })).toMatchObject({ state: 'done', done: 9 });
    expect(await searchIndex()).toEqual(before);
    const devices = await t.db.selectFrom('devices').select(['unit_id', 'profile_id']).where('id', 'in', moved).execute();
    expect(devices.every((device) => device.unit_id === unit && device.profile_id === profile)).toBe(true);
    expect((await leftOf(moved)).left).toEqual(Object.fromEntries(CASCADED.map((table) => [table, 9])));
  });
});
