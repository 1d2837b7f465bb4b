import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { notificationsRepository } from '../../../server/src/repositories/notifications.js';
import { createApiKey, twoUsers } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, signUp, type Page, type SignedIn } from '../helpers/users.js';

/**
 * What the tests compare: `title` holds the battery_low kind's `name` parameter, what each test
 * notification is called, rather than the English title built from it.
 */
type Listed = Pick<Notification, 'id' | 'title' | 'is_read'>;

describe('/api/user/notifications', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    ({ t, alice, bob } = await twoUsers());
  });
  afterAll(async () => t.close());

  const notify = (userId: string, title: string, dedupeKey: string | undefined, at: string) =>
    notificationsRepository(t.db).notify([userId], { kind: 'battery_low', params: { name: title, level: 12 }, dedupeKey }, at);
  const stored = async (user: SignedIn, query = '') => (await call(t.app, user, 'GET', `/api/user/notifications/${query}`)).json<Page<Notification>>();
  const list = async (user: SignedIn, query = '') => {
    const page = await stored(user, query);
    return { count: page.count, results: page.results.map((n): Listed => ({ id: n.id, title: String(n.params?.name), is_read: n.is_read })) };
  };

  it('stores the kind with its parameters and answers the English text beside them', async () => {
    const carol = await signUp(t.app);
    await notify(carol.id, 'Cellar sensor', undefined, '2026-11-20T09:00:00.000Z');
    expect((await stored(carol)).results).toEqual([
      expect.objectContaining({
        kind: 'battery_low',
        params: { name: 'Cellar sensor', level: 12 },
        title: 'Battery low: Cellar sensor',
        message: 'The battery of Cellar sensor is at 12 %.',
      }),
    ]);
  });

  it('notifies once per occurrence and lists unread first, newest first', async () => {
    expect(await notify(alice.id, 'Old', undefined, '2026-11-20T10:00:00.000Z')).toBe(1);
    expect(await notify(alice.id, 'Battery low', 'battery:1', '2026-11-21T10:00:00.000Z')).toBe(1);
    expect(await notify(alice.id, 'Battery low', 'battery:1', '2026-11-21T11:00:00.000Z')).toBe(0);
    expect(await notify(alice.id, 'Newest', undefined, '2026-11-22T10:00:00.000Z')).toBe(1);
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

  it.each([[{ ids: [] }], [{ ids: ['nope'] }], [{ all: false }], [{ all: true, ids: [] }], [{}]])('rejects bulk body %j', async (body) => {
    expect((await call(t.app, alice, 'PATCH', '/api/user/notifications/bulk-mark-read', body)).statusCode).toBe(400);
  });

  it('pages the list in the database', async () => {
    const all = await list(alice, '?page_size=1000');
    const second = await list(alice, '?page=2&page_size=1');
    expect(second).toEqual({ count: all.count, results: all.results.slice(1, 2) });
    expect(await list(alice, '?page=99')).toEqual({ count: all.count, results: [] });
  });

  it.each([
    ['PATCH', '/api/user/notifications/@id', {}, 'is_read'],
    ['PATCH', '/api/user/notifications/@id', { is_read: 'no' }, 'is_read'],
    ['PATCH', '/api/user/notifications/@id', { is_read: 1 }, 'is_read'],
    ['PATCH', '/api/user/notifications/@id', { is_read: true, title: 'Changed' }, 'title'],
    ['PATCH', '/api/user/notifications/not-a-uuid', { is_read: true }, 'notification_id'],
    ['DELETE', '/api/user/notifications/not-a-uuid', undefined, 'notification_id'],
    ['GET', '/api/user/notifications/?unread=maybe', undefined, 'unread'],
    ['GET', '/api/user/notifications/?page_size=1001', undefined, 'page_size'],
    ['GET', '/api/user/notifications/?kind=info', undefined, 'kind'],
  ] as const)('rejects %s %s %j', async (method, url, body, field) => {
    const id = (await list(alice)).results[0]?.id ?? '';
    const response = await call(t.app, alice, method, url.replace('@id', id), body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
  });

  it("works with the recipient's API key and never with another user's", async () => {
    const aliceKey = await createApiKey(t, alice, 'Inbox');
    const bobKey = await createApiKey(t, bob, 'Inbox');
    const mine = (await list(alice)).results[0] as Listed;
    expect((await callWithKey(t.app, aliceKey, 'GET', '/api/user/notifications/')).json()).toMatchObject({ count: (await list(alice)).count });
    expect((await callWithKey(t.app, bobKey, 'GET', '/api/user/notifications/')).json()).toEqual({ count: 0, results: [] });
    expect((await callWithKey(t.app, bobKey, 'PATCH', `/api/user/notifications/${mine.id}`, { is_read: false })).statusCode).toBe(404);
    expect((await callWithKey(t.app, bobKey, 'DELETE', `/api/user/notifications/${mine.id}`)).statusCode).toBe(404);
    expect((await callWithKey(t.app, bobKey, 'PATCH', '/api/user/notifications/bulk-mark-read', { all: true })).json()).toEqual({ updated: 0 });
    expect((await callWithKey(t.app, aliceKey, 'PATCH', `/api/user/notifications/${mine.id}`, { is_read: false })).json()).toMatchObject({
      id: mine.id,
      is_read: false,
    });
  });

  it("hides and protects another user's notifications", async () => {
    const mine = (await list(alice)).results[0] as Listed;
    expect((await list(bob)).count).toBe(0);
    expect((await call(t.app, bob, 'PATCH', `/api/user/notifications/${mine.id}`, { is_read: false })).statusCode).toBe(404);
    expect((await call(t.app, bob, 'DELETE', `/api/user/notifications/${mine.id}`)).statusCode).toBe(404);
    expect((await call(t.app, bob, 'PATCH', '/api/user/notifications/bulk-mark-read', { ids: [mine.id] })).json()).toEqual({ updated: 0 });
    expect((await call(t.app, alice, 'PATCH', `/api/user/notifications/${mine.id}`, { is_read: 'no' })).statusCode).toBe(400);
  });
});
