import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle, type Db } from '../../../server/src/db/database.js';
import { CONCURRENCY, LEASE_MS, MAX_ATTEMPTS, WebhookDispatcher } from '../../../server/src/dataplane/webhooks/dispatcher.js';
import { postJson, type PostJson } from '../../../server/src/dataplane/webhooks/post.js';
import { webhooksRepository } from '../../../server/src/repositories/webhooks.js';
import { testDatabaseUrl, testDialect, type TestApp } from '../helpers/test-app.js';
import { queueDeliveries, startReceiver, webhookSetup, type Receiver } from '../helpers/webhook-queue.js';
import { appWebhookSecrets } from '../helpers/webhook-secrets.js';

const post = postJson({ timeoutMs: 5_000, allowPrivate: true });
// One company and one receiver here: the per-company and per-destination caps (security/webhook-fairness)
// are lifted, so what is measured is the node's own bound.
const uncapped = { perCompany: 10_000, perDestination: 10_000 };
const dispatcher = async (t: TestApp, db: Db, node: string, options: Partial<ConstructorParameters<typeof WebhookDispatcher>[2]> = {}) =>
  new WebhookDispatcher(webhooksRepository(db, testDialect), t.clock.now, {
    secrets: await appWebhookSecrets(t),
    node,
    allowPrivate: true,
    caps: uncapped,
    ...options,
  });
const statuses = async (t: TestApp) =>
  (await t.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute()).map((row) => `${row.status}/${row.attempts}`);
const pending = async (t: TestApp) => (await t.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').execute()).length;

// Issue #24: a delivery is claimed with a lease and its attempt counted before it is sent; a node
// keeps sending while there is due work, as many at once as CONCURRENCY allows.
describe('webhook dispatcher', () => {
  let t: TestApp;
  let receiver: Receiver;
  const seenInDatabase: { attempts: number; claimed: boolean }[] = [];

  beforeAll(async () => {
    receiver = await startReceiver(100, async (n) => {
      const row = await t.db
        .selectFrom('webhook_deliveries')
        .select(['attempts', 'claimed_by'])
        .where('payload', '=', JSON.stringify({ n }))
        .executeTakeFirst();
      if (row) seenInDatabase.push({ attempts: row.attempts, claimed: row.claimed_by !== null });
    });
    ({ t } = await webhookSetup(receiver.url));
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('webhook_deliveries').execute();
    receiver.received.clear();
    receiver.mostAtOnce = 0;
    seenInDatabase.length = 0;
  });

  const webhookId = async () => (await t.db.selectFrom('webhooks').select('id').executeTakeFirstOrThrow()).id;

  it('records the attempt before sending, and keeps sending while work is due, at most CONCURRENCY at once', async () => {
    await queueDeliveries(t.db, await webhookId(), 3 * CONCURRENCY, t.clock.now().toISOString());
    // One call, not one tick per batch: every due delivery is sent before it returns.
    expect(await (await dispatcher(t, t.db, 'node-a')).dispatchDue()).toBe(3 * CONCURRENCY);
    expect(receiver.received.size).toBe(3 * CONCURRENCY);
    expect([...receiver.received.values()].every((times) => times === 1)).toBe(true);
    expect(receiver.mostAtOnce).toBeLessThanOrEqual(CONCURRENCY);
    expect(receiver.mostAtOnce).toBeGreaterThan(CONCURRENCY / 2);
    expect(seenInDatabase).toHaveLength(3 * CONCURRENCY);
    expect(seenInDatabase.every((seen) => seen.attempts === 1 && seen.claimed)).toBe(true);
    expect(new Set(await statuses(t))).toEqual(new Set(['delivered/1']));
  });

  it('a node that dies between claim and answer leaves the delivery to another once the lease has run out', async () => {
    await queueDeliveries(t.db, await webhookId(), 1, t.clock.now().toISOString());
    // This node claims, then hangs for good in the send: as a node killed mid-send, it never records anything.
    let sent!: () => void;
    const sending = new Promise<void>((resolve) => (sent = resolve));
    const dying = await dispatcher(t, t.db, 'node-dying', {
      post: () => {
        sent();
        return new Promise<number>(() => undefined);
      },
    });
    void dying.dispatchDue();
    await sending;
    expect(await statuses(t)).toEqual(['pending/1']);
    const survivor = await dispatcher(t, t.db, 'node-survivor');
    expect(await survivor.dispatchDue()).toBe(0);
    t.clock.advance(LEASE_MS - 1_000);
    expect(await survivor.dispatchDue()).toBe(0);
    expect(receiver.received.size).toBe(0);
    t.clock.advance(2_000);
    expect(await survivor.dispatchDue()).toBe(1);
    expect([...receiver.received.values()]).toEqual([1]);
    expect(await statuses(t)).toEqual(['delivered/2']);
  });

  it('a delivery whose every claim ended without an outcome is given up after the last attempt, not sent again', async () => {
    const [id] = await queueDeliveries(t.db, await webhookId(), 1, t.clock.now().toISOString());
    // As after MAX_ATTEMPTS nodes each claimed it and died mid-send: attempts counted, leases run out.
    await t.db
      .updateTable('webhook_deliveries')
      .set({ attempts: MAX_ATTEMPTS, claimed_by: 'node-dead', claimed_until: new Date(t.clock.now().getTime() - 1_000).toISOString() })
      .where('id', '=', id!)
      .execute();
    expect(await (await dispatcher(t, t.db, 'node-a')).dispatchDue()).toBe(1);
    expect(receiver.received.size).toBe(0);
    expect(await statuses(t)).toEqual([`failed/${MAX_ATTEMPTS + 1}`]);
  });
});

// Two API nodes on one database, each with its own connection pool on PostgreSQL (as separate
// processes have), and a slow receiver: the case where each delivery used to be sent twice.
describe('two webhook dispatchers on one database', () => {
  let t: TestApp;
  let receiver: Receiver;
  let second: DatabaseHandle | undefined;

  beforeEach(async () => {
    receiver = await startReceiver(300);
    ({ t } = await webhookSetup(receiver.url));
    if (testDatabaseUrl) {
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema;
      second = await openDatabase({ databaseUrl: t.databaseUrl, pgSchema: schema });
    }
  });
  afterEach(async () => {
    await second?.close();
    await receiver.close();
    await t.close();
  });

  it('deliver each of 1,000 webhooks exactly once', async () => {
    const webhookId = (await t.db.selectFrom('webhooks').select('id').executeTakeFirstOrThrow()).id;
    await queueDeliveries(t.db, webhookId, 1000, t.clock.now().toISOString());
    const sentBy = [0, 0];
    const counting = (node: number) => ({ post: (...args: Parameters<PostJson>) => (sentBy[node]++, post(...args)) });
    const nodes = [await dispatcher(t, t.db, 'node-a', counting(0)), await dispatcher(t, second?.db ?? t.db, 'node-b', counting(1))];
    // A node whose claim finds nothing left stops; go on until nothing is pending.
    while ((await pending(t)) > 0) await Promise.all(nodes.map((node) => node.dispatchDue()));
    expect(receiver.received.size).toBe(1000);
    expect([...receiver.received.values()].filter((times) => times !== 1)).toEqual([]);
    expect(new Set(await statuses(t))).toEqual(new Set(['delivered/1']));
    // Both nodes did their share.
    expect(sentBy[0]! + sentBy[1]!).toBe(1000);
    expect(Math.min(...sentBy)).toBeGreaterThan(0);
  }, 60_000);
});
