import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhooksRepository, type WebhooksRepository } from '../../../server/src/repositories/webhooks.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { queueDeliveries, webhookSetup } from '../helpers/webhook-queue.js';

const T0 = '2026-11-23T10:00:00.000Z';
const T1 = '2026-11-23T10:00:01.000Z';
const LEASE = '2026-11-23T10:00:30.000Z';
const AFTER_LEASE = '2026-11-23T10:01:00.000Z';
const LATER_LEASE = '2026-11-23T10:01:30.000Z';

// Webhook deliveries are claimed with a lease before they are sent (issue #24), so two nodes on
// one database never send one at once, and a node that died mid-send leaves it to another.
describe('webhook delivery claims', () => {
  let t: TestApp;
  let webhookId: string;
  let webhooks: WebhooksRepository;

  beforeAll(async () => {
    ({ t, webhookId } = await webhookSetup('http://127.0.0.1:9/hook'));
    webhooks = webhooksRepository(t.db, testDialect);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('webhook_deliveries').execute();
  });

  const row = (id: string) => t.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a claim counts the attempt before anything is sent and says where the delivery goes', async () => {
    const [id] = await queueDeliveries(t.db, webhookId, 1, T0);
    const [claimed] = await webhooks.claim('node-a', T1, LEASE, 10);
    expect(claimed).toMatchObject({
      id,
      attempts: 1,
      claimed_by: 'node-a',
      claimed_until: LEASE,
      url: 'http://127.0.0.1:9/hook',
      header_name: 'X-Token',
      header_value: 's3cret',
    });
    expect(await row(id!)).toMatchObject({ status: 'pending', attempts: 1, claimed_by: 'node-a', claimed_until: LEASE, updated_at: T1 });
  });

  it('a claim is a lease: nobody else takes the delivery until it runs out', async () => {
    await queueDeliveries(t.db, webhookId, 3, T0);
    expect(await webhooks.claim('node-a', T0, LEASE, 10)).toHaveLength(3);
    expect(await webhooks.claim('node-b', T1, LEASE, 10)).toEqual([]);
    expect(await webhooks.claim('node-b', LEASE, LATER_LEASE, 10)).toEqual([]);
    const taken = await webhooks.claim('node-b', AFTER_LEASE, LATER_LEASE, 10);
    expect(taken.map((delivery) => [delivery.claimed_by, delivery.attempts])).toEqual([
      ['node-b', 2],
      ['node-b', 2],
      ['node-b', 2],
    ]);
  });

  it('takes only deliveries that are due and pending, oldest first, at most the limit', async () => {
    const [first, second] = await queueDeliveries(t.db, webhookId, 2, T0);
    const [later] = await queueDeliveries(t.db, webhookId, 1, AFTER_LEASE);
    const [done] = await queueDeliveries(t.db, webhookId, 1, T0);
    await t.db.updateTable('webhook_deliveries').set({ status: 'delivered' }).where('id', '=', done!).execute();
    const claimed = await webhooks.claim('node-a', T1, LEASE, 1);
    expect(claimed.map((delivery) => delivery.id)).toEqual([expect.stringMatching(new RegExp(`${first}|${second}`))]);
    expect((await webhooks.claim('node-a', T1, LEASE, 10)).map((delivery) => delivery.id)).not.toContain(later);
    expect((await row(done!)).attempts).toBe(0);
  });

  it('stores outcomes and releases the claim; an outcome whose claim was lost is left to the new holder', async () => {
    const [ok, failing] = await queueDeliveries(t.db, webhookId, 2, T0);
    await webhooks.claim('node-a', T0, LEASE, 10);
    await webhooks.recordOutcomes(
      'node-a',
      [
        { id: ok!, status: 'delivered', response_status: 204, duration_ms: 12 },
        { id: failing!, status: 'pending', next_attempt_at: AFTER_LEASE, last_error: 'http_status', response_status: 500, duration_ms: 30 },
      ],
      T1,
    );
    expect(await row(ok!)).toMatchObject({ status: 'delivered', response_status: 204, duration_ms: 12, claimed_by: null, claimed_until: null, updated_at: T1 });
    expect(await row(failing!)).toMatchObject({ status: 'pending', next_attempt_at: AFTER_LEASE, last_error: 'http_status', claimed_by: null });

    // node-a stalls past its lease; node-b takes the delivery over and its outcome is the one kept.
    await webhooks.claim('node-a', AFTER_LEASE, LATER_LEASE, 10);
    await webhooks.claim('node-b', '2026-11-23T10:02:00.000Z', '2026-11-23T10:02:30.000Z', 10);
    await webhooks.recordOutcomes('node-a', [{ id: failing!, status: 'delivered', response_status: 200, duration_ms: 8 }], '2026-11-23T10:02:01.000Z');
    expect(await row(failing!)).toMatchObject({ status: 'pending', claimed_by: 'node-b', attempts: 3 });
    await webhooks.recordOutcomes('node-b', [{ id: failing!, status: 'delivered', response_status: 200, duration_ms: 8 }], '2026-11-23T10:02:02.000Z');
    expect(await row(failing!)).toMatchObject({ status: 'delivered', claimed_by: null, attempts: 3 });
  });

  it('nodes claiming at the same moment split the deliveries, none twice', async () => {
    // Caps above the queue: this is about splitting, the caps have their own tests (security/webhook-fairness).
    const uncapped = { perCompany: 1000, perDestination: 1000 };
    await queueDeliveries(t.db, webhookId, 300, T0);
    const nodes = ['a', 'b', 'c', 'd', 'e'];
    const seen: string[] = [];
    for (;;) {
      const claims = await Promise.all(nodes.map((node) => webhooks.claim(`node-${node}`, T1, LEASE, 40, uncapped)));
      const ids = claims.flat().map((delivery) => delivery.id);
      if (ids.length === 0) break;
      seen.push(...ids);
    }
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
    const attempts = await t.db.selectFrom('webhook_deliveries').select('attempts').distinct().execute();
    expect(attempts).toEqual([{ attempts: 1 }]);
  });
});
