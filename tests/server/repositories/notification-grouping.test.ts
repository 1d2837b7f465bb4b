import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAPPING_WINDOW_MS, notifyOutage, outageKey } from '../../../server/src/dataplane/broker/outage.js';
import { notificationsRepository, type NotificationsRepository } from '../../../server/src/repositories/notifications.js';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { createRecord, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';

/** What the broker does when a gateway connects again: the next drop is a new outage. */
const clearDedupeOfOutage = (repo: NotificationsRepository, gatewayRef: string) => repo.clearDedupe(outageKey(gatewayRef));

/** A gateway that drops its connection again and again raises one "flapping" notification, not one per drop. */
describe('grouping notifications of the same kind about the same object', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany({}, 'Flapping company'));
  });
  afterAll(async () => t.close());

  const notes = async () => (await call(t.app, owner, 'GET', '/api/user/notifications/')).json<Page<Notification>>().results;
  const gateway = async (gatewayId: string, name: string) => ({
    id: await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: gatewayId, name }),
    gateway_id: gatewayId,
    name,
    company_id: company,
  });

  it('ten drops within the window: one unread "Gateway flapping" counting them; another gateway keeps its own', async () => {
    const repo = notificationsRepository(t.db);
    const roof = await gateway('B827EBFFFE8B0101', 'Roof');
    const cellar = await gateway('B827EBFFFE8B0102', 'Cellar');
    const start = Date.parse('2026-11-27T10:00:00.000Z');
    for (let drop = 0; drop < 10; drop++) {
      // Each drop is a new outage: reconnecting cleared the previous one's dedupe key.
      await notifyOutage(repo, roof, new Date(start + drop * 60_000));
      await clearDedupeOfOutage(repo, roof.id);
    }
    await notifyOutage(repo, cellar, new Date(start));
    const [first, second] = await notes();
    expect(first).toMatchObject({ kind: 'gateway_flapping', title: 'Gateway flapping: Roof', is_read: false, params: { name: 'Roof', count: 10 } });
    expect(first.message).toBe('Roof lost its connection 10 times within a short while. Check its power supply and backhaul.');
    expect(second).toMatchObject({ kind: 'gateway_disconnected', title: 'Gateway disconnected: Cellar' });
    expect(await notes()).toHaveLength(2);
  });

  it('one outage notifies once; a drop after the window is a new "disconnected"', async () => {
    const repo = notificationsRepository(t.db);
    const mast = await gateway('B827EBFFFE8B0103', 'Mast');
    const start = Date.parse('2026-11-27T12:00:00.000Z');
    await notifyOutage(repo, mast, new Date(start));
    await notifyOutage(repo, mast, new Date(start + 1_000));
    await clearDedupeOfOutage(repo, mast.id);
    await notifyOutage(repo, mast, new Date(start + FLAPPING_WINDOW_MS + 60_000));
    const ofMast = (await notes()).filter((note) => note.params?.name === 'Mast');
    expect(ofMast.map((note) => note.kind)).toEqual(['gateway_disconnected', 'gateway_disconnected']);
  });
});
