import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Maintenance } from '../../../server/src/dataplane/maintenance.js';
import type { DownlinkState } from '../../../server/src/domain/downlink.js';
import { jobLeasesRepository } from '../../../server/src/repositories/job-leases.js';
import { maintenanceRepository, type MaintenanceRepository } from '../../../server/src/repositories/maintenance.js';
import { notificationsRepository } from '../../../server/src/repositories/notifications.js';
import { createRecord, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { queueDeliveries } from '../helpers/webhook-queue.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';

const DAY = 86_400_000;
const INTERVAL = 15 * 60_000;

// Issue #24: the maintenance loop purges what nobody needs any more, in small batches, on one node
// at a time.
describe('housekeeping', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  let webhookId: string;

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_DELIVERY_RETENTION_DAYS: '3', NOTIFICATION_RETENTION_DAYS: '10' }));
    webhookId = await createRecord(t, owner, '/api/webhook/', { company_id: company, url: 'http://127.0.0.1:9/hook' });
  });
  afterAll(async () => t.close());

  const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();
  const maintenance = (node = 'node-a', store: MaintenanceRepository = maintenanceRepository(t.db), purgeBatch = 500) =>
    new Maintenance({
      store,
      leases: jobLeasesRepository(t.db),
      notifications: notificationsRepository(t.db),
      now: t.clock.now,
      settings: t.config.maintenance,
      intervalMs: INTERVAL,
      node,
      purgeBatch,
    });
  const runHere = async (chores: Maintenance) => {
    const report = await chores.run();
    if (!report) throw new Error('another node holds the maintenance lease');
    return report;
  };
  const session = async (handle: string, expiresAt: string, revokedAt: string | null = null) =>
    t.db
      .insertInto('sessions')
      .values({
        handle,
        user_id: owner.id,
        refresh_hash: randomUUID(),
        parent_refresh_hash: null,
        anti_csrf: null,
        created_at: ago(DAY),
        expires_at: expiresAt,
        revoked_at: revokedAt,
      })
      .execute();
  const handles = async () =>
    (await t.db.selectFrom('sessions').select('handle').where('handle', 'like', 'test-%').orderBy('handle').execute()).map((row) => row.handle);

  beforeEach(async () => {
    await t.db.deleteFrom('sessions').where('handle', 'like', 'test-%').execute();
    await t.db.deleteFrom('webhook_deliveries').execute();
    await t.db.deleteFrom('notifications').execute();
  });

  it('purges sessions whose refresh token expired or that were revoked; live ones keep working', async () => {
    await session('test-expired', ago(1_000));
    await session('test-revoked', new Date(t.clock.now().getTime() + DAY).toISOString(), ago(1_000));
    await session('test-live', new Date(t.clock.now().getTime() + DAY).toISOString());
    const leaving = await signUp(t.app);
    expect((await call(t.app, leaving, 'POST', '/api/auth/signout')).statusCode).toBe(200);
    const before = await t.db.selectFrom('sessions').select('handle').where('user_id', '=', leaving.id).execute();
    expect(before).toHaveLength(1);

    expect((await runHere(maintenance())).sessionsDeleted).toBe(3);
    expect(await handles()).toEqual(['test-live']);
    expect(await t.db.selectFrom('sessions').select('handle').where('user_id', '=', leaving.id).execute()).toEqual([]);
    expect((await call(t.app, owner, 'GET', '/api/user/notifications/')).statusCode).toBe(200);
    expect((await call(t.app, leaving, 'GET', '/api/user/notifications/')).statusCode).toBe(401);
  });

  it('purges webhook deliveries that are done and older than the retention; pending ones stay', async () => {
    const [deliveredOld, failedOld, pendingOld, deliveredRecent] = await queueDeliveries(t.db, webhookId, 4, ago(5 * DAY));
    const set = (id: string, status: 'delivered' | 'failed' | 'pending', updatedAt: string) =>
      t.db.updateTable('webhook_deliveries').set({ status, updated_at: updatedAt }).where('id', '=', id).execute();
    await set(deliveredOld!, 'delivered', ago(3 * DAY + 1_000));
    await set(failedOld!, 'failed', ago(4 * DAY));
    await set(pendingOld!, 'pending', ago(4 * DAY));
    await set(deliveredRecent!, 'delivered', ago(3 * DAY - 60_000));
    expect((await runHere(maintenance())).deliveriesDeleted).toBe(2);
    const left = await t.db.selectFrom('webhook_deliveries').select('id').execute();
    expect(new Set(left.map((row) => row.id))).toEqual(new Set([pendingOld, deliveredRecent]));
  });

  it('purges downlinks older than the event retention once they left the queue; pending and queued ones stay', async () => {
    const device = await createRecord(t, owner, '/api/device/', { company_id: company, dev_eui: '70B3D57ED0000F01', app_key: 'A'.repeat(32) });
    const retention = t.config.maintenance.eventRetentionDays * DAY;
    const downlink = (state: DownlinkState, createdAt: string) => ({
      id: randomUUID(),
      company_id: company,
      device_id: device,
      f_port: 10,
      confirmed: 0,
      data_hex: '01',
      state,
      queue_item_id: null,
      f_cnt_down: null,
      error_code: null,
      error_message: null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    const rows = [
      downlink('sent', ago(retention + 1_000)),
      downlink('cancelled', ago(retention + DAY)),
      downlink('pending', ago(retention + DAY)),
      downlink('queued', ago(retention + DAY)),
      downlink('acknowledged', ago(retention - 60_000)),
    ];
    await t.db.insertInto('downlinks').values(rows).execute();
    expect((await runHere(maintenance())).downlinksDeleted).toBe(2);
    const left = await t.db.selectFrom('downlinks').select('state').where('device_id', '=', device).orderBy('state').execute();
    expect(left.map((row) => row.state)).toEqual(['acknowledged', 'pending', 'queued']);
  });

  it('purges read notifications older than the retention; unread ones stay', async () => {
    const note = (label: string, isRead: number, createdAt: string) => ({
      id: randomUUID(),
      user_id: owner.id,
      company_id: company,
      kind: 'info',
      title: label,
      message: label,
      params: null,
      is_read: isRead,
      dedupe_key: null,
      created_at: createdAt,
    });
    await t.db
      .insertInto('notifications')
      .values([note('read old', 1, ago(10 * DAY + 1_000)), note('unread old', 0, ago(20 * DAY)), note('read recent', 1, ago(10 * DAY - 60_000))])
      .execute();
    expect((await runHere(maintenance())).notificationsDeleted).toBe(1);
    const left = await t.db.selectFrom('notifications').select('title').orderBy('title').execute();
    expect(left.map((row) => row.title)).toEqual(['read recent', 'unread old']);
  });

  it('deletes in batches of the given size until a batch comes back short', async () => {
    for (let i = 0; i < 5; i++) await session(`test-expired-${i}`, ago(1_000));
    await session('test-live', new Date(t.clock.now().getTime() + DAY).toISOString());
    const store = maintenanceRepository(t.db);
    expect(await store.purgeSessions(t.clock.now().toISOString(), 2)).toBe(2);
    expect(await handles()).toHaveLength(4);

    for (let i = 0; i < 3; i++) await session(`test-more-${i}`, ago(1_000));
    const batches: number[] = [];
    const counting: MaintenanceRepository = {
      ...store,
      purgeSessions: async (at, limit) => {
        const deleted = await store.purgeSessions(at, limit);
        batches.push(deleted);
        return deleted;
      },
    };
    expect((await runHere(maintenance('node-a', counting, 2))).sessionsDeleted).toBe(6);
    expect(batches).toEqual([2, 2, 2, 0]);
    expect(await handles()).toEqual(['test-live']);
  });

  it('runs on one node per interval: the lease passes to another node only when its time is up', async () => {
    // The earlier tests ran as node-a: its lease runs until an interval after its last run.
    t.clock.advance(INTERVAL);
    const [a, b] = [maintenance('node-a'), maintenance('node-b')];
    const first = await Promise.all([a.run(), b.run()]);
    expect(first.filter((report) => report !== undefined)).toHaveLength(1);
    const holder = first[0] ? a : b;
    const other = first[0] ? b : a;
    t.clock.advance(INTERVAL - 1_000);
    expect(await other.run()).toBeUndefined();
    expect(await holder.run()).toBeDefined();
    t.clock.advance(INTERVAL);
    expect(await other.run()).toBeDefined();
    expect(await holder.run()).toBeUndefined();
  });

  it('of many nodes asking for a lease at once, one gets it', async () => {
    const leases = jobLeasesRepository(t.db);
    const at = t.clock.now().toISOString();
    const until = new Date(t.clock.now().getTime() + INTERVAL).toISOString();
    const granted = await Promise.all(Array.from({ length: 20 }, (_, i) => leases.acquire('race', `node-${i}`, at, until)));
    expect(granted.filter(Boolean)).toHaveLength(1);
  });
});
