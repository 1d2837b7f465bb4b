import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { ErrorResponse } from '../../../server/src/schemas/common.js';
import type { DownlinkQueue } from '../../../server/src/schemas/downlinks.js';
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

describe('the downlink queue with ChirpStack', () => {
  let w: DownlinkWorld;
  beforeEach(async () => {
    w = await downlinkWorld();
  });
  afterEach(async () => w.close());

  const path = (device = w.device) => `/api/device/${device}/downlink`;
  const as = (user: SignedIn, method: Method, body?: object, device?: string) => call(w.t.app, user, method, path(device), body);
  const queue = async () => (await as(w.alice, 'GET')).json<DownlinkQueue>().items;

  it('lists nothing for a device with an empty queue', async () => {
    const response = await as(w.alice, 'GET');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [] });
  });

  it('lists the waiting items oldest first, then the frame counter and pending state once one is sent', async () => {
    const first = (await as(w.alice, 'POST', { f_port: 10, confirmed: true, payload: '01a4', encoding: 'hex' })).json<{ id: string }>().id;
    const second = (await as(w.alice, 'POST', { f_port: 2, payload: 'Ag==', encoding: 'base64' })).json<{ id: string }>().id;
    expect(await queue()).toEqual([
      { id: first, f_port: 10, confirmed: true, data_hex: '01A4', f_cnt_down: null, is_pending: false },
      { id: second, f_port: 2, confirmed: false, data_hex: '02', f_cnt_down: null, is_pending: false },
    ]);

    w.chirpstack.transmitNext(DEV_EUI, 7);
    expect(await queue()).toEqual([
      { id: first, f_port: 10, confirmed: true, data_hex: '01A4', f_cnt_down: 7, is_pending: true },
      { id: second, f_port: 2, confirmed: false, data_hex: '02', f_cnt_down: null, is_pending: false },
    ]);

    w.chirpstack.acknowledge(DEV_EUI);
    expect((await queue()).map((item) => item.id)).toEqual([second]);
  });

  it("flushes the device's queue in ChirpStack", async () => {
    await as(w.alice, 'POST', { f_port: 1, payload: '01', encoding: 'hex' });
    await as(w.alice, 'POST', { f_port: 1, payload: '02', encoding: 'hex' });
    expect(w.chirpstack.queue.get(DEV_EUI.toLowerCase())).toHaveLength(2);

    const response = await as(w.alice, 'DELETE');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(w.chirpstack.requests('DeviceService/FlushQueue')).toHaveLength(1);
    expect(w.chirpstack.queue.get(DEV_EUI.toLowerCase()) ?? []).toEqual([]);
    expect(await queue()).toEqual([]);
  });

  it.each(CALLS)('%s answers 503 networkServerUnavailable while ChirpStack is down', async (method, body) => {
    w.chirpstack.unavailable = true;
    const response = await as(w.alice, method, body);
    expect(response.statusCode).toBe(503);
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'networkServerUnavailable', message: expect.stringContaining('connection refused') });
  });

  it.each(CALLS)("%s on another company's device answers 404 and never reaches ChirpStack", async (method, body) => {
    const response = await as(w.bob, method, body, w.device);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().code).toBe('notFound');
    expect(w.chirpstack.calls).toEqual([]);
  });

  it.each(CALLS)('%s without a session or key answers 401', async (method, body) => {
    const response = await w.t.app.inject({ method, url: path(), ...(body ? { payload: body } : {}) });
    expect(response.statusCode).toBe(401);
    expect(w.chirpstack.calls).toEqual([]);
  });

  it('works with an API key: send, list, flush', async () => {
    const key = await createApiKey(w.t, w.alice, 'Automation');
    const sent = await throughCodec(() =>
      callWithKey(w.t.app, key, 'POST', path(), { f_port: 3, confirmed: true, payload: '{"setpoint": 20.5}', encoding: 'json' }),
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ f_port: 3, confirmed: true, data_hex: '0100CD' });
    expect((await callWithKey(w.t.app, key, 'GET', path())).json<DownlinkQueue>().items).toEqual([expect.objectContaining({ data_hex: '0100CD' })]);
    expect((await callWithKey(w.t.app, key, 'DELETE', path())).statusCode).toBe(204);
    expect(w.chirpstack.queue.get(DEV_EUI.toLowerCase()) ?? []).toEqual([]);

    const bobKey = await createApiKey(w.t, w.bob, 'Elsewhere');
    expect((await callWithKey(w.t.app, bobKey, 'GET', path())).statusCode).toBe(404);
  });
});

describe('downlinks in standalone mode', () => {
  it.each(CALLS)('%s answers 409 networkServerRequired (after the device check)', async (method, body) => {
    const { t, alice, bob, company } = await twoCompanies();
    try {
      const device = await createRecord(t, alice, '/api/device/', { company_id: company, dev_eui: DEV_EUI, app_key: '2B7E151628AED2A6ABF7158809CF4F3C' });
      const response = await call(t.app, alice, method, `/api/device/${device}/downlink`, body);
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>()).toMatchObject({ code: 'networkServerRequired', message: expect.stringContaining('CHIRPSTACK_API_URL') });
      expect((await call(t.app, bob, method, `/api/device/${device}/downlink`, body)).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
