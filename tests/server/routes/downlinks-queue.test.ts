import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { ErrorResponse } from '../../../server/src/schemas/common.js';
import type { DownlinkCreated, DownlinkList } from '../../../server/src/schemas/downlinks.js';
import { createApiKey, createRecord, twoCompanies } from '../helpers/fixtures.js';
import { call, callWithKey, type Method, type SignedIn } from '../helpers/users.js';
import { DEV_EUI, downlinkWorld, throughCodec, type DownlinkWorld } from './downlinks-setup.js';

type ErrorBody = Static<typeof ErrorResponse>;

/** The three downlink calls of a device, as `[method, body]`. */
const CALLS: Array<[Method, object | undefined]> = [
  ['POST', { f_port: 1, payload: '01', encoding: 'hex' }],
  ['GET', undefined],
  ['DELETE', undefined],
];

describe("a device's downlinks with ChirpStack", () => {
  let w: DownlinkWorld;
  beforeEach(async () => {
    w = await downlinkWorld();
  });
  afterEach(async () => w.close());

  const path = (device = w.device) => `/api/device/${device}/downlink`;
  const as = (user: SignedIn, method: Method, body?: object, device?: string) => call(w.t.app, user, method, path(device), body);
  const sent = async (user: SignedIn, body: object) => (await as(user, 'POST', body)).json<DownlinkCreated>();
  const list = async (user = w.alice) => (await as(user, 'GET')).json<DownlinkList>().items;
  const downlinkChanges = () => w.t.db.selectFrom('network_outbox').select(['action', 'target']).where('kind', '=', 'downlink').orderBy('id').execute();

  it('lists nothing for a device that was sent nothing', async () => {
    const response = await as(w.alice, 'GET');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [] });
  });

  it('lists the downlinks newest first, with their state, without asking ChirpStack', async () => {
    const first = await sent(w.alice, { f_port: 10, confirmed: true, payload: '01a4', encoding: 'hex' });
    w.t.clock.advance(1_000);
    const second = await sent(w.alice, { f_port: 2, payload: 'Ag==', encoding: 'base64' });
    const { warnings: _first, ...firstRecord } = first;
    const { warnings: _second, ...secondRecord } = second;
    expect(await list()).toEqual([secondRecord, firstRecord]);
    expect(w.chirpstack.calls).toEqual([]);
  });

  it('keeps the list to the 50 most recent', async () => {
    for (let i = 0; i < 52; i++) await sent(w.alice, { f_port: 1, payload: i.toString(16).padStart(2, '0'), encoding: 'hex' });
    const items = await list();
    expect(items).toHaveLength(50);
    expect(items[0]?.data_hex).toBe('33');
    expect(items[49]?.data_hex).toBe('02');
  });

  it('flushes: downlinks not yet pushed are cancelled here, and the flush in ChirpStack goes through the outbox after them', async () => {
    await sent(w.alice, { f_port: 1, payload: '01', encoding: 'hex' });
    await sent(w.alice, { f_port: 1, payload: '02', encoding: 'hex' });
    const response = await as(w.alice, 'DELETE');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list()).map((item) => item.state)).toEqual(['cancelled', 'cancelled']);
    expect(await downlinkChanges()).toEqual([{ action: 'delete', target: null }]);
    expect(w.chirpstack.calls).toEqual([]);

    // Sent after the flush: pending, after the flush in the outbox.
    const later = await sent(w.alice, { f_port: 1, payload: '03', encoding: 'hex' });
    expect(later.state).toBe('pending');
    expect(await downlinkChanges()).toEqual([
      { action: 'delete', target: null },
      { action: 'put', target: JSON.stringify({ downlinkId: later.id }) },
    ]);
  });

  it('flushing leaves a downlink a worker is pushing right now to the flush that follows it', async () => {
    const pushing = await sent(w.alice, { f_port: 1, payload: '01', encoding: 'hex' });
    await w.t.db
      .updateTable('network_outbox')
      .set({ claimed_by: 'node-a', claimed_until: new Date(w.t.clock.now().getTime() + 60_000).toISOString() })
      .where('kind', '=', 'downlink')
      .execute();
    await as(w.alice, 'DELETE');
    expect((await list()).map((item) => [item.id, item.state])).toEqual([[pushing.id, 'pending']]);
    expect((await downlinkChanges()).map((change) => change.action)).toEqual(['put', 'delete']);
  });

  it.each([
    ['the owner', 'alice'],
    ['a member', 'colleague'],
  ] as const)('%s may send, list and flush', async (_, who) => {
    const user = w[who];
    expect((await as(user, 'POST', { f_port: 3, payload: '0A', encoding: 'hex' })).statusCode).toBe(201);
    expect(await list(user)).toEqual([expect.objectContaining({ data_hex: '0A', state: 'pending' })]);
    expect((await as(user, 'DELETE')).statusCode).toBe(204);
  });

  it.each(CALLS)("%s on another company's device answers 404 and records nothing", async (method, body) => {
    const response = await as(w.bob, method, body, w.device);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().code).toBe('notFound');
    expect(await downlinkChanges()).toEqual([]);
  });

  it.each(CALLS)('%s on a device that does not exist answers 404', async (method, body) => {
    const response = await as(w.alice, method, body, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
  });

  it.each(CALLS)('%s without a session or key answers 401', async (method, body) => {
    const response = await w.t.app.inject({ method, url: path(), ...(body ? { payload: body } : {}) });
    expect(response.statusCode).toBe(401);
    expect(await downlinkChanges()).toEqual([]);
  });

  it('works with an API key: send, list, flush; another company’s key sees nothing', async () => {
    const key = await createApiKey(w.t, w.alice, 'Automation');
    const response = await throughCodec(() =>
      callWithKey(w.t.app, key, 'POST', path(), { f_port: 3, confirmed: true, payload: '{"setpoint": 20.5}', encoding: 'json' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ f_port: 3, confirmed: true, data_hex: '0100CD', state: 'pending' });
    expect((await callWithKey(w.t.app, key, 'GET', path())).json<DownlinkList>().items).toEqual([expect.objectContaining({ data_hex: '0100CD' })]);
    expect((await callWithKey(w.t.app, key, 'DELETE', path())).statusCode).toBe(204);

    const bobKey = await createApiKey(w.t, w.bob, 'Elsewhere');
    for (const [method, body] of CALLS) expect((await callWithKey(w.t.app, bobKey, method, path(), body)).statusCode).toBe(404);
  });
});

describe('downlinks in standalone mode', () => {
  it.each([CALLS[0], CALLS[2]] as Array<[Method, object | undefined]>)(
    '%s answers 409 networkServerRequired (after the device check) and records nothing',
    async (method, body) => {
      const { t, alice, bob, company } = await twoCompanies();
      try {
        const device = await createRecord(t, alice, '/api/device/', { company_id: company, dev_eui: DEV_EUI, app_key: '2B7E151628AED2A6ABF7158809CF4F3C' });
        const response = await call(t.app, alice, method, `/api/device/${device}/downlink`, body);
        expect(response.statusCode).toBe(409);
        expect(response.json<ErrorBody>()).toMatchObject({ code: 'networkServerRequired', message: expect.stringContaining('CHIRPSTACK_API_URL') });
        expect((await call(t.app, bob, method, `/api/device/${device}/downlink`, body)).statusCode).toBe(404);
        expect(await t.db.selectFrom('downlinks').selectAll().execute()).toEqual([]);
        expect(await t.db.selectFrom('network_outbox').selectAll().execute()).toEqual([]);
      } finally {
        await t.close();
      }
    },
  );

  it('lists (nothing) in standalone mode too', async () => {
    const { t, alice, bob, company } = await twoCompanies();
    try {
      const device = await createRecord(t, alice, '/api/device/', { company_id: company, dev_eui: DEV_EUI, app_key: '2B7E151628AED2A6ABF7158809CF4F3C' });
      const response = await call(t.app, alice, 'GET', `/api/device/${device}/downlink`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [] });
      expect((await call(t.app, bob, 'GET', `/api/device/${device}/downlink`)).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
