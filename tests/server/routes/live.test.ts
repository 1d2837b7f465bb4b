import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../server/src/schemas/live.js';
import { createApiKey, insertDevice, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callStream, callWithKey, signUp, type SignedIn } from '../helpers/users.js';
import { listenLocally, openLiveStream, type LiveStreamReader } from '../helpers/live-stream.js';

const ALICE_EUI = '70B3D57ED0052201';
const BOB_EUI = '70B3D57ED0052202';

const isDevice =
  (deviceId: string) =>
  (event: LiveEvent): event is Extract<LiveEvent, { type: 'device_status' }> =>
    event.type === 'device_status' && event.device_id === deviceId;
const unread =
  (count: number) =>
  (event: LiveEvent): boolean =>
    event.type === 'notifications' && event.unread === count;

describe('GET /api/events/stream', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  let aliceDevice: string;
  let bobDevice: string;
  let aliceKey: string;
  let bobKey: string;
  let base: string;
  const open: LiveStreamReader[] = [];
  const stream = async (user: SignedIn, companyId: string) => {
    const reader = await openLiveStream(base, user.headers, companyId);
    open.push(reader);
    return reader;
  };

  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ LIVE_HEARTBEAT_MS: '100', LIVE_STREAMS_PER_USER: '3' }));
    aliceDevice = await insertDevice(t, { company_id: company, dev_eui: ALICE_EUI, name: 'Cellar sensor' });
    bobDevice = await insertDevice(t, { company_id: bobCompany, dev_eui: BOB_EUI, name: 'Bob sensor' });
    aliceKey = await createApiKey(t, alice, 'ingest');
    bobKey = await createApiKey(t, bob, 'ingest');
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t.close();
  });

  const uplink = (key: string, devEui: string, time: string) =>
    callWithKey(t.app, key, 'POST', '/api/ingest/chirpstack?event=up', { deviceInfo: { devEui }, fPort: 1, time, data: 'AQI=' });

  it('opens with retry and the unread count, then tells the company’s device status after an uplink, not another company’s', async () => {
    const reader = await stream(alice, company);
    expect(reader.status).toBe(200);
    await reader.next(unread(0));
    expect(reader.lines).toContain('retry: 3000');
    expect((await uplink(bobKey, BOB_EUI, '2026-11-28T07:00:00Z')).statusCode).toBe(200);
    expect((await uplink(aliceKey, ALICE_EUI, '2026-11-28T07:00:01Z')).statusCode).toBe(200);
    const event = await reader.next(isDevice(aliceDevice));
    expect(event).toEqual({ type: 'device_status', company_id: company, device_id: aliceDevice, last_seen: '2026-11-28T07:00:01.000Z' });
    // Bob's uplink went first; Alice's stream got hers and nothing of his.
    expect(reader.events.filter((e) => e.type === 'device_status').map((e) => e.type === 'device_status' && e.device_id)).toEqual([aliceDevice]);
    expect(bobDevice).not.toBe(aliceDevice);
  });

  it('counts a new notification (battery low) and a notification read elsewhere', async () => {
    const reader = await stream(alice, company);
    await reader.next(unread(0));
    const status = await callWithKey(t.app, aliceKey, 'POST', '/api/ingest/chirpstack?event=status', { deviceInfo: { devEui: ALICE_EUI }, batteryLevel: 9 });
    expect(status.statusCode).toBe(200);
    await reader.next(unread(1));
    expect(reader.events).toContainEqual(expect.objectContaining({ type: 'device_status', power_status: 'battery_low', battery_level: 9 }));
    await call(t.app, alice, 'PATCH', '/api/user/notifications/bulk-mark-read', { all: true });
    await reader.next(unread(0));
  });

  it('sends heartbeat comments and ends when the session is signed out', async () => {
    const carol = await signUp(t.app);
    const own = (await call(t.app, carol, 'POST', '/api/company/', { name: 'Carol company' })).json<{ id: string }>().id;
    const reader = await stream(carol, own);
    await reader.next(unread(0));
    await reader.line(': heartbeat');
    expect((await call(t.app, carol, 'POST', '/api/auth/signout')).statusCode).toBe(200);
    await reader.ended;
  });

  it('refuses another company (404), a malformed id (400) and no credentials (401)', async () => {
    expect((await callStream(t.app, alice.headers, `/api/events/stream?company_id=${bobCompany}`)).statusCode).toBe(404);
    expect((await callStream(t.app, alice.headers, '/api/events/stream?company_id=nope')).statusCode).toBe(400);
    expect((await callStream(t.app, alice.headers, '/api/events/stream')).statusCode).toBe(400);
    expect((await callStream(t.app, {}, `/api/events/stream?company_id=${company}`)).statusCode).toBe(401);
  });

  it('limits the streams a user holds open at once (429), and frees the place when one closes', async () => {
    const dave = await signUp(t.app);
    const own = (await call(t.app, dave, 'POST', '/api/company/', { name: 'Dave company' })).json<{ id: string }>().id;
    const held = [await stream(dave, own), await stream(dave, own), await stream(dave, own)];
    for (const reader of held) await reader.next(unread(0));
    const refused = await openLiveStream(base, dave.headers, own);
    expect(refused.status).toBe(429);
    held[0]?.close();
    await held[0]?.ended;
    // The server sees the close asynchronously: a new stream is admitted once it did.
    let admitted = await openLiveStream(base, dave.headers, own);
    while (admitted.status === 429) admitted = await openLiveStream(base, dave.headers, own);
    open.push(admitted);
    expect(admitted.status).toBe(200);
  });
});
