import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebhookDispatcher } from '../../../server/src/dataplane/webhooks/dispatcher.js';
import { postJson } from '../../../server/src/dataplane/webhooks/post.js';
import { COMPANY_CONCURRENCY, MAX_WEBHOOKS_PER_COMPANY } from '../../../server/src/domain/webhooks.js';
import { webhooksRepository, type WebhooksRepository } from '../../../server/src/repositories/webhooks.js';
import { createRecord, twoCompanies } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { queueDeliveries } from '../helpers/webhook-queue.js';
import { call, type SignedIn } from '../helpers/users.js';
import { startRecorder, type Recorder } from './webhook-receivers.js';
import { appWebhookSecrets } from '../helpers/webhook-secrets.js';

// Waits on states, never on time: the generous bound only ends a broken run.
const until = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 20_000, interval: 20 });

// Issue #16: 300 deliveries to an endpoint that never answers delayed another company's webhooks
// from 0.7 s to 35 s. Now a company and a destination hold at most their cap of slots, the
// companies take turns, and a dispatcher looks for due work whenever a slot frees or it is told.
describe("one company's hanging endpoint", () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  let hanging: Recorder;
  let fine: Recorder;

  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
  });
  afterEach(async () => {
    hanging.release();
    await hanging.close();
    await fine.close();
  });
  afterAll(async () => t.close());

  const statusOf = async (ids: string[]) =>
    (await t.db.selectFrom('webhook_deliveries').select(['status', 'claimed_by']).where('id', 'in', ids).execute()).map((row) => row.status);

  it("does not delay another company's deliveries", async () => {
    hanging = await startRecorder(() => 'hang');
    fine = await startRecorder();
    const slowHook = await createRecord(t, alice, '/api/webhook/', { company_id: company, url: `${hanging.base}/hook` });
    const otherHook = await createRecord(t, bob, '/api/webhook/', { company_id: bobCompany, url: `${fine.base}/hook` });
    const at = t.clock.now();
    // The hanging company's 300 are queued first: first come, first served would give them every slot.
    const stuck = await queueDeliveries(t.db, slowHook, 300, at.toISOString());
    const [early] = await queueDeliveries(t.db, otherHook, 1, new Date(at.getTime() + 1).toISOString());
    // A deadline no slow test machine reaches: the hanging requests stay in flight until released.
    const post = postJson({ timeoutMs: 600_000, allowPrivate: true });
    const dispatcher = new WebhookDispatcher(webhooksRepository(t.db, testDialect), t.clock.now, { secrets: await appWebhookSecrets(t), post });
    const running = dispatcher.dispatchDue();

    await until(async () => expect(await statusOf([early!])).toEqual(['delivered']));
    await until(() => expect(hanging.open).toBe(COMPANY_CONCURRENCY));
    // Queued while the hanging ones are in flight: taken at once, not after they time out.
    const [late] = await queueDeliveries(t.db, otherHook, 1, t.clock.now().toISOString());
    void dispatcher.dispatchDue();
    await until(async () => expect(await statusOf([late!])).toEqual(['delivered']));

    // All the while the hanging company held its share and no more, and none of its deliveries was answered.
    expect(hanging.open).toBe(COMPANY_CONCURRENCY);
    expect(hanging.received).toHaveLength(COMPANY_CONCURRENCY);
    const slow = await t.db.selectFrom('webhook_deliveries').select(['status', 'claimed_by']).where('webhook_id', '=', slowHook).execute();
    expect(slow.filter((row) => row.status !== 'pending')).toEqual([]);
    expect(slow.filter((row) => row.claimed_by !== null)).toHaveLength(COMPANY_CONCURRENCY);
    expect(fine.received).toHaveLength(2);

    // Once the endpoint answers, its backlog goes through, its share at a time.
    hanging.release();
    await running;
    await until(async () => expect(new Set(await statusOf(stuck))).toEqual(new Set(['delivered'])));
  }, 60_000);

  it('a call made while the dispatcher claims is not lost: what it queued is sent without waiting for a slot to free', async () => {
    hanging = await startRecorder(() => 'hang');
    fine = await startRecorder();
    await t.db.deleteFrom('webhook_deliveries').execute();
    const slowHook = await createRecord(t, alice, '/api/webhook/', { company_id: company, url: `${hanging.base}/during-claim` });
    const otherHook = await createRecord(t, bob, '/api/webhook/', { company_id: bobCompany, url: `${fine.base}/during-claim` });
    await queueDeliveries(t.db, slowHook, 1, t.clock.now().toISOString());
    const claims = heldClaims(webhooksRepository(t.db, testDialect));
    const post = postJson({ timeoutMs: 600_000, allowPrivate: true });
    const dispatcher = new WebhookDispatcher(claims.repository, t.clock.now, { secrets: await appWebhookSecrets(t), post });
    const running = dispatcher.dispatchDue();
    // The one slow delivery stays in flight, so the dispatcher waits for a slot or a call.
    await until(() => expect(hanging.open).toBe(1));

    // A call with nothing new: the dispatcher claims, reads an empty queue, and is held there.
    const held = claims.holdNext();
    void dispatcher.dispatchDue();
    await held.read;
    // Queued and announced while that claim is held: the claim has read the queue without it.
    const [late] = await queueDeliveries(t.db, otherHook, 1, t.clock.now().toISOString());
    void dispatcher.dispatchDue();
    held.release();
    await until(async () => expect(await statusOf([late!])).toEqual(['delivered']));

    hanging.release();
    await running;
  });

  it("a delivery that ends while the dispatcher claims is not lost: its company's backlog is sent, though that claim found the cap full", async () => {
    hanging = await startRecorder(() => 'hang');
    fine = await startRecorder();
    await t.db.deleteFrom('webhook_deliveries').execute();
    const slowHook = await createRecord(t, alice, '/api/webhook/', { company_id: company, url: `${hanging.base}/ends-during-claim` });
    const both = await queueDeliveries(t.db, slowHook, 2, t.clock.now().toISOString());
    const claims = heldClaims(webhooksRepository(t.db, testDialect));
    const post = postJson({ timeoutMs: 600_000, allowPrivate: true });
    // One slot per company: the second delivery waits for the first.
    const caps = { perCompany: 1, perDestination: 1000 };
    const dispatcher = new WebhookDispatcher(claims.repository, t.clock.now, { secrets: await appWebhookSecrets(t), post, caps });
    const running = dispatcher.dispatchDue();
    await until(() => expect(hanging.open).toBe(1));

    // A claim reads the queue while the first is in flight (the cap is full: nothing to take) and is held there.
    const held = claims.holdNext();
    void dispatcher.dispatchDue();
    await held.read;
    // Meanwhile the first is answered and its outcome stored: nothing is under way any more.
    hanging.release();
    await until(async () => expect((await statusOf(both)).sort()).toEqual(['delivered', 'pending']));
    held.release();
    // The dispatch ends only after it has sent the second: no call or tick is needed.
    await running;
    expect(await statusOf(both)).toEqual(['delivered', 'delivered']);
  });

  it('counts the claims of every node against the caps, and a dead node holds its share only until its leases run out', async () => {
    hanging = await startRecorder(() => 'hang');
    fine = await startRecorder();
    await t.db.deleteFrom('webhook_deliveries').execute();
    const slowHook = await createRecord(t, alice, '/api/webhook/', { company_id: company, url: `${hanging.base}/two-nodes` });
    const otherHook = await createRecord(t, bob, '/api/webhook/', { company_id: bobCompany, url: `${fine.base}/two-nodes` });
    const at = t.clock.now().toISOString();
    await queueDeliveries(t.db, slowHook, 100, at);
    await queueDeliveries(t.db, otherHook, 100, at);
    const repository = webhooksRepository(t.db, testDialect);
    const lease = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000).toISOString();
    const byWebhook = (claimed: { webhook_id: string }[]) => ({
      slow: claimed.filter((row) => row.webhook_id === slowHook).length,
      other: claimed.filter((row) => row.webhook_id === otherHook).length,
    });
    // Node a takes turns between the companies; node b then gets only what is left of each company's cap.
    const caps = { perCompany: 10, perDestination: 1000 };
    expect(byWebhook(await repository.claim('node-a', at, lease(30), 12, caps))).toEqual({ slow: 6, other: 6 });
    expect(byWebhook(await repository.claim('node-b', at, lease(60), 100, caps))).toEqual({ slow: 4, other: 4 });
    expect(byWebhook(await repository.claim('node-b', at, lease(60), 100, caps))).toEqual({ slow: 0, other: 0 });
    // Node a dies: once its leases run out, its share is free again; node b's live claims still count.
    t.clock.advance(31_000);
    expect(byWebhook(await repository.claim('node-b', t.clock.now().toISOString(), lease(60), 100, caps))).toEqual({ slow: 6, other: 6 });
  });

  it('two companies posting to one destination share its cap', async () => {
    hanging = await startRecorder(() => 'hang');
    fine = await startRecorder();
    await t.db.deleteFrom('webhook_deliveries').execute();
    const aliceHook = await createRecord(t, alice, '/api/webhook/', { company_id: company, url: `${fine.base}/shared-a` });
    const bobHook = await createRecord(t, bob, '/api/webhook/', { company_id: bobCompany, url: `${fine.base}/shared-b` });
    const at = t.clock.now().toISOString();
    await queueDeliveries(t.db, aliceHook, 20, at);
    await queueDeliveries(t.db, bobHook, 20, at);
    const claimed = await webhooksRepository(t.db, testDialect).claim('node-a', at, new Date(t.clock.now().getTime() + 30_000).toISOString(), 100, {
      perCompany: 1000,
      perDestination: 6,
    });
    expect(claimed.filter((row) => row.webhook_id === aliceHook)).toHaveLength(3);
    expect(claimed.filter((row) => row.webhook_id === bobHook)).toHaveLength(3);
  });
});

describe('webhooks per company', () => {
  it(`are capped at ${MAX_WEBHOOKS_PER_COMPANY}, with a code the console translates; other companies are not affected`, async () => {
    const { t, alice, bob, company, bobCompany } = await twoCompanies();
    try {
      const ids: string[] = [];
      for (let n = 0; n < MAX_WEBHOOKS_PER_COMPANY; n++)
        ids.push(await createRecord(t, alice, '/api/webhook/', { company_id: company, url: `https://hooks.example.com/${n}` }));
      const refused = await call(t.app, alice, 'POST', '/api/webhook/', { company_id: company, url: 'https://hooks.example.com/one-more' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'webhookLimit' });
      expect((await call(t.app, bob, 'POST', '/api/webhook/', { company_id: bobCompany, url: 'https://hooks.example.com/bob' })).statusCode).toBe(201);
      expect((await call(t.app, alice, 'DELETE', `/api/webhook/${ids[0]}/`)).statusCode).toBe(204);
      expect((await call(t.app, alice, 'POST', '/api/webhook/', { company_id: company, url: 'https://hooks.example.com/one-more' })).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

/**
 * The real repository, with a claim that can be held after it has read the queue: what happens
 * meanwhile is what a slow claim on a busy database lets happen.
 */
function heldClaims(repository: WebhooksRepository) {
  let hold: { read: () => void; until: Promise<void> } | undefined;
  return {
    repository: {
      ...repository,
      claim: async (...args: Parameters<WebhooksRepository['claim']>) => {
        const claimed = await repository.claim(...args);
        const held = hold;
        hold = undefined;
        if (held) {
          held.read();
          await held.until;
        }
        return claimed;
      },
    },
    /** Holds the next claim once it has read the queue: `read` when it is there, `release` lets it return. */
    holdNext() {
      let read = (): void => undefined;
      let release = (): void => undefined;
      const there = new Promise<void>((resolve) => (read = resolve));
      hold = { read, until: new Promise<void>((resolve) => (release = resolve)) };
      return { read: there, release };
    },
  };
}
