import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { networkOutboxRepository, type NetworkOutboxRepository } from '../../../server/src/repositories/network-outbox.js';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app.js';

const T0 = '2026-11-23T10:00:00.000Z';
const T1 = '2026-11-23T10:00:01.000Z';
const LEASE = '2026-11-23T10:01:00.000Z';
const AFTER_LEASE = '2026-11-23T10:02:00.000Z';

// The outbox of changes for the network server (issue #13): changes of one entity coalesce, a claim
// is a lease that keeps every other node off the entity, and a newer change makes an older one moot.
describe('network outbox', () => {
  let t: TestApp;
  let outbox: NetworkOutboxRepository;

  beforeAll(async () => {
    t = await createTestApp();
    outbox = networkOutboxRepository(t.db, testDialect);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('network_outbox').execute();
    await t.db.deleteFrom('network_sync').execute();
  });

  const put = (entityId: string, at = T0) => outbox.record({ kind: 'device', entityId, companyId: 'c1', action: 'put' }, at);
  const rows = () => t.db.selectFrom('network_outbox').selectAll().orderBy('created_at').execute();
  const sync = (entityId: string) => t.db.selectFrom('network_sync').selectAll().where('entity_id', '=', entityId).executeTakeFirst();

  it('keeps one waiting change per entity and marks it pending', async () => {
    await put('d1');
    await put('d1', T1);
    expect((await rows()).map((row) => [row.entity_id, row.action, row.created_at])).toEqual([['d1', 'put', T1]]);
    expect((await sync('d1'))?.state).toBe('pending');
  });

  it('a claim is a lease: nobody else takes the change until it runs out', async () => {
    await put('d1');
    expect((await outbox.claim('node-a', T0, LEASE, 10)).map((row) => row.entity_id)).toEqual(['d1']);
    expect(await outbox.claim('node-b', T1, LEASE, 10)).toEqual([]);
    const taken = await outbox.claim('node-b', AFTER_LEASE, '2026-11-23T10:03:00.000Z', 10);
    expect(taken.map((row) => [row.entity_id, row.claimed_by, row.attempts])).toEqual([['d1', 'node-b', 2]]);
  });

  it('a change recorded while another of the entity is being pushed waits for it, then follows', async () => {
    await put('d1');
    const [first] = await outbox.claim('node-a', T0, LEASE, 10);
    await put('d1', T1);
    expect(await rows()).toHaveLength(2);
    expect(await outbox.claim('node-b', T1, LEASE, 10)).toEqual([]);
    await outbox.complete(first!, 'AABBCCDDEEFF0011', T1);
    // The older push is done, but the entity is not in sync before the newer change is pushed too.
    expect((await sync('d1'))?.state).toBe('pending');
    const [second] = await outbox.claim('node-b', T1, LEASE, 10);
    expect(second?.created_at).toBe(T1);
    await outbox.complete(second!, 'AABBCCDDEEFF0011', T1);
    expect(await sync('d1')).toMatchObject({ state: 'synced', remote_id: 'AABBCCDDEEFF0011', error_code: null });
    expect(await rows()).toEqual([]);
  });

  it('a failure is rescheduled, or parked; a newer change makes it moot', async () => {
    await put('d1');
    const [claimed] = await outbox.claim('node-a', T0, LEASE, 10);
    await outbox.fail(claimed!, { code: 'unavailable', message: 'connection refused', nextAttemptAt: AFTER_LEASE, failed: false }, T0);
    expect(await rows()).toMatchObject([{ next_attempt_at: AFTER_LEASE, claimed_by: null, attempts: 1 }]);
    expect(await sync('d1')).toMatchObject({ state: 'pending', error_code: 'unavailable', error_message: 'connection refused' });
    expect(await outbox.claim('node-a', T1, LEASE, 10)).toEqual([]);

    const [again] = await outbox.claim('node-a', AFTER_LEASE, '2026-11-23T10:03:00.000Z', 10);
    await outbox.fail(again!, { code: 'invalid_argument', message: 'bad region', nextAttemptAt: null, failed: true }, AFTER_LEASE);
    expect(await rows()).toMatchObject([{ next_attempt_at: null }]);
    expect((await sync('d1'))?.state).toBe('failed');

    expect(await outbox.retryNow('device', 'd1', AFTER_LEASE)).toBe(true);
    expect(await rows()).toMatchObject([{ next_attempt_at: AFTER_LEASE, attempts: 0 }]);
    const [retried] = await outbox.claim('node-a', AFTER_LEASE, '2026-11-23T10:04:00.000Z', 10);
    await put('d1', '2026-11-23T10:02:30.000Z');
    await outbox.fail(retried!, { code: 'unavailable', message: 'down', nextAttemptAt: AFTER_LEASE, failed: false }, AFTER_LEASE);
    expect((await rows()).map((row) => row.created_at)).toEqual(['2026-11-23T10:02:30.000Z']);
  });

  it('a delete replaces waiting puts and forgets the sync state', async () => {
    await put('d1');
    await outbox.record({ kind: 'device', entityId: 'd1', companyId: 'c1', action: 'delete', target: { remoteId: '0011223344556677' } }, T1);
    expect((await rows()).map((row) => [row.action, row.target])).toEqual([['delete', '{"remoteId":"0011223344556677"}']]);
    expect(await sync('d1')).toBeUndefined();
  });

  it('nodes claiming at the same moment split the changes, none twice', async () => {
    for (let i = 0; i < 60; i++) await put(`d${String(i).padStart(2, '0')}`);
    const claims = await Promise.all(['a', 'b', 'c'].map((node) => outbox.claim(`node-${node}`, T1, LEASE, 25)));
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(60);
  });
});
