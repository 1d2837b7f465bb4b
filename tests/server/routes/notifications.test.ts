import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsRepository } from '../../../server/src/repositories/notifications.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';

interface Notification {
  id: string;
  title: string;
  is_read: boolean;
}

describe('/api/user/notifications', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(async () => t.close());

  const notify = (userIds: string[], title: string, dedupeKey?: string, at = t.clock.now().toISOString()) =>
    notificationsRepository(t.db).notify(userIds, { kind: 'battery_low', title, message: `${title} happened`, dedupeKey }, at);
  const list = async (user: SignedIn, query = '') => (await call(t.app, user, 'GET', `/api/user/notifications/${query}`)).json<{ count: number; results: Notification[] }>();

  it('notifies once per occurrence and lists unread first, newest first', async () => {
    expect(await notify([alice.id], 'Old', undefined, '2026-11-20T10:00:00.000Z')).toBe(1);
    expect(await notify([alice.id], 'Battery low', 'battery:1', '2026-11-21T10:00:00.000Z')).toBe(1);
    expect(await notify([alice.id], 'Battery low', 'battery:1', '2026-11-21T11:00:00.000Z')).toBe(0);
    expect(await notify([alice.id], 'Newest', undefined, '2026-11-22T10:00:00.000Z')).toBe(1);
    const all = await list(alice);
    expect(all.results.map((n) => n.title)).toEqual(['Newest', 'Battery low', 'Old']);
    await call(t.app, alice, 'PATCH', `/api/user/notifications/${all.results[0]?.id}`, { is_read: true });
    expect((await list(alice)).results.map((n) => [n.title, n.is_read])).toEqual([
      ['Battery low', false],
      ['Old', false],
      ['Newest', true],
    ]);
    expect((await list(alice, '?unread=true')).count).toBe(2);
  });

  it('marks several or all as read and deletes one', async () => {
    const ids = (await list(alice)).results.map((n) => n.id);
    expect((await call(t.app, alice, 'PATCH', '/api/user/notifications/bulk-mark-read', { ids: ids.slice(0, 1) })).json()).toEqual({ updated: 1 });
    expect((await call(t.app, alice, 'PATCH', '/api/user/notifications/bulk-mark-read', { all: true })).json()).toEqual({ updated: 3 });
    expect((await list(alice, '?unread=true')).count).toBe(0);
    expect((await call(t.app, alice, 'DELETE', `/api/user/notifications/${ids[0]}`)).statusCode).toBe(204);
    expect((await list(alice)).count).toBe(2);
  });

  it.each([
    [{ ids: [] }],
    [{ ids: ['nope'] }],
    [{ all: false }],
    [{ all: true, ids: [] }],
    [{}],
  ])('rejects bulk body %j', async (body) => {
    expect((await call(t.app, alice, 'PATCH', '/api/user/notifications/bulk-mark-read', body)).statusCode).toBe(400);
  });

  it("hides and protects another user's notifications", async () => {
    const mine = (await list(alice)).results[0] as Notification;
    expect((await list(bob)).count).toBe(0);
    expect((await call(t.app, bob, 'PATCH', `/api/user/notifications/${mine.id}`, { is_read: false })).statusCode).toBe(404);
    expect((await call(t.app, bob, 'DELETE', `/api/user/notifications/${mine.id}`)).statusCode).toBe(404);
    expect((await call(t.app, bob, 'PATCH', '/api/user/notifications/bulk-mark-read', { ids: [mine.id] })).json()).toEqual({ updated: 0 });
    expect((await call(t.app, alice, 'PATCH', `/api/user/notifications/${mine.id}`, { is_read: 'no' })).statusCode).toBe(400);
  });
});
