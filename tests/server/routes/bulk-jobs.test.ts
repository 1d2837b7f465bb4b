import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkJobRunner } from '../../../server/src/jobs/bulk-job-runner.js';
import { bulkJobsRepository } from '../../../server/src/repositories/bulk-jobs.js';
import type { BulkJob } from '../../../server/src/schemas/bulk-jobs.js';
import { createRecord, insertDevice, twoCompanies } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';

// Issue #20: bulk operations on devices run by the server as one job, a batch per transaction,
// each device once; cancel stops them; only those who may change a device may start one.
describe('bulk jobs', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let viewer: SignedIn;
  let company: string;
  let bobCompany: string;
  let unit: string;
  let profile: string;
  let bobUnit: string;
  let eui = 0;

  const runner = (node: string, network = false) =>
    new BulkJobRunner({ jobs: bulkJobsRepository(t.db, testDialect), now: t.clock.now, node, leaseMs: 60_000, batchSize: 7, network });

  /** `count` fresh devices of the company, named `prefix-N`. */
  async function devices(count: number, prefix: string, owner = company): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      eui += 1;
      ids.push(await insertDevice(t, { company_id: owner, dev_eui: `CC${eui.toString(16).toUpperCase().padStart(14, '0')}`, name: `${prefix}-${i}` }));
    }
    return ids;
  }

  const start = (user: SignedIn, body: object) => call(t.app, user, 'POST', '/api/bulk-job/', body);
  const job = async (id: string) => (await call(t.app, alice, 'GET', `/api/bulk-job/${id}/`)).json<BulkJob>();
  const names = async (ids: string[]) =>
    ids.length === 0 ? [] : (await t.db.selectFrom('devices').select(['id', 'unit_id', 'profile_id']).where('id', 'in', ids).execute()).map((d) => d);

  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies());
    viewer = await signUp(t.app);
    await t.db
      .insertInto('company_members')
      .values({ company_id: company, user_id: viewer.id, role: 'viewer', joined_at: t.clock.now().toISOString() })
      .execute();
    unit = await createRecord(t, alice, '/api/unit/', { company_id: company, name: 'Cellar' });
    bobUnit = await createRecord(t, bob, '/api/unit/', { company_id: bobCompany, name: 'Bob unit' });
    profile = await createRecord(t, alice, `/api/config/${company}`, { name: 'Class A' });
  });
  afterAll(async () => t.close());

  it('deletes all matching devices once each, with one audit entry, and reaches 100 %', async () => {
    const doomed = await devices(20, 'doomed');
    const kept = await devices(3, 'kept');
    const bobs = await devices(2, 'doomed', bobCompany);
    const answer = await start(alice, { company_id: company, kind: 'delete', filter: { search: 'doomed' } });
    expect(answer.statusCode).toBe(202);
    const queued = answer.json<BulkJob>();
    expect(queued).toMatchObject({ state: 'queued', total: 20, done: 0, kind: 'delete' });
    expect(await runner('node-a').runDue()).toBe(3);
    expect(await job(queued.id)).toMatchObject({ state: 'done', total: 20, done: 20 });
    expect(await names(doomed)).toEqual([]);
    expect(await names(kept)).toHaveLength(3);
    expect(await names(bobs)).toHaveLength(2);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('company_id', '=', company)
      .where('resource_type', '=', 'device')
      .execute();
    const entries = audit.filter((entry) => entry.changes?.includes(queued.id));
    expect(entries).toEqual([{ action: 'delete', changes: JSON.stringify({ bulk_job: queued.id, kind: 'delete', devices: 20 }) }]);
  });

  it('moves the picked devices, never another company’s, and records a network-server push for each', async () => {
    const picked = await devices(9, 'picked');
    const [bobs] = await devices(1, 'bob', bobCompany);
    const answer = await start(alice, { company_id: company, kind: 'move', ids: [...picked, bobs], unit });
    const queued = answer.json<BulkJob>();
    expect(queued.total).toBe(9);
    await runner('node-a', true).runDue();
    expect(await job(queued.id)).toMatchObject({ state: 'done', done: 9 });
    expect((await names(picked)).every((device) => device.unit_id === unit)).toBe(true);
    expect((await names([bobs as string]))[0]?.unit_id).toBeNull();
    const pushes = await t.db.selectFrom('network_outbox').select(['entity_id', 'action']).where('entity_id', 'in', picked).execute();
    expect(pushes).toHaveLength(9);
    expect(pushes.every((push) => push.action === 'put')).toBe(true);
  });

  it('changes the profile of every device when the filter is empty', async () => {
    const answer = await start(alice, { company_id: company, kind: 'profile', filter: {}, config: profile });
    const queued = answer.json<BulkJob>();
    const all = await t.db.selectFrom('devices').select('id').where('company_id', '=', company).execute();
    expect(queued.total).toBe(all.length);
    await runner('node-a').runDue();
    expect(await job(queued.id)).toMatchObject({ state: 'done', done: all.length });
    const left = await t.db.selectFrom('devices').select('id').where('company_id', '=', company).where('profile_id', 'is', null).execute();
    expect(left).toEqual([]);
  });

  it('stops at cancel: the batch done stays done, nothing more is touched', async () => {
    const ids = await devices(21, 'slow');
    const queued = (await start(alice, { company_id: company, kind: 'move', filter: { search: 'slow' }, unit: null })).json<BulkJob>();
    await t.db.updateTable('devices').set({ unit_id: unit }).where('id', 'in', ids).execute();
    const jobs = bulkJobsRepository(t.db, testDialect);
    const at = t.clock.now().toISOString();
    expect(await jobs.claim('node-a', at, '2999-01-01T00:00:00.000Z')).toMatchObject({ id: queued.id });
    expect(await jobs.runBatch(queued.id, 'node-a', at, '2999-01-01T00:00:00.000Z', 7, false)).toBe('more');
    const cancelled = await call(t.app, alice, 'POST', `/api/bulk-job/${queued.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', done: 7 });
    expect(await jobs.runBatch(queued.id, 'node-a', at, '2999-01-01T00:00:00.000Z', 7, false)).toBe('lost');
    await runner('node-b').runDue();
    expect(await job(queued.id)).toMatchObject({ state: 'cancelled', done: 7 });
    expect((await names(ids)).filter((device) => device.unit_id === null)).toHaveLength(7);
  });

  it('lists the company’s jobs to its viewers, not to others', async () => {
    const list = await call(t.app, viewer, 'GET', `/api/bulk-job/?company_id=${company}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<BulkJob[]>().length).toBeGreaterThanOrEqual(4);
    expect((await call(t.app, bob, 'GET', `/api/bulk-job/?company_id=${company}`)).json()).toEqual([]);
    const [first] = list.json<BulkJob[]>();
    expect((await call(t.app, bob, 'GET', `/api/bulk-job/${first?.id}/`)).statusCode).toBe(404);
    expect((await call(t.app, bob, 'POST', `/api/bulk-job/${first?.id}/cancel`)).statusCode).toBe(404);
    expect((await call(t.app, alice, 'GET', `/api/bulk-job/${randomUUID()}/`)).statusCode).toBe(404);
  });

  it('refuses viewers, another company’s unit or profile, and incomplete requests', async () => {
    expect((await start(viewer, { company_id: company, kind: 'delete', filter: {} })).statusCode).toBe(403);
    const foreignUnit = await start(alice, { company_id: company, kind: 'move', filter: {}, unit: bobUnit });
    expect(foreignUnit.statusCode).toBe(400);
    expect(foreignUnit.json()).toMatchObject({ code: 'validation', field_codes: { unit: { code: 'no_such_unit' } } });
    const foreignProfile = await start(alice, { company_id: company, kind: 'profile', filter: {}, config: randomUUID() });
    expect(foreignProfile.json()).toMatchObject({ field_codes: { config: { code: 'no_such_profile' } } });
    expect((await start(alice, { company_id: company, kind: 'move', filter: {} })).json()).toMatchObject({ field_codes: { unit: { code: 'required' } } });
    expect((await start(alice, { company_id: company, kind: 'delete' })).json()).toMatchObject({ field_codes: { filter: { code: 'required' } } });
    expect((await start(alice, { company_id: bobCompany, kind: 'delete', filter: {} })).statusCode).toBe(404);
    const jobs = await t.db.selectFrom('bulk_jobs').select('id').where('company_id', '=', bobCompany).execute();
    expect(jobs).toEqual([]);
  });

  it('two runners on one database never run one job twice', async () => {
    const ids = await devices(40, 'race');
    const queued = (await start(alice, { company_id: company, kind: 'move', filter: { search: 'race' }, unit })).json<BulkJob>();
    await Promise.all([runner('node-a').runDue(), runner('node-b').runDue(), runner('node-c').runDue()]);
    expect(await job(queued.id)).toMatchObject({ state: 'done', total: 40, done: 40 });
    expect((await names(ids)).every((device) => device.unit_id === unit)).toBe(true);
  });
});
