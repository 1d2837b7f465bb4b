import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { ErrorResponse } from '../../../server/src/schemas/common.js';
import type { DownlinkQueued } from '../../../server/src/schemas/downlinks.js';
import { call } from '../helpers/users.js';
import { DEV_EUI, downlinkWorld, throughCodec, type DownlinkWorld } from './downlinks-setup.js';

type ErrorBody = Static<typeof ErrorResponse>;

let w: DownlinkWorld;
beforeEach(async () => {
  w = await downlinkWorld();
});
afterEach(async () => w.close());

const send = (body: object, device = w.device) => call(w.t.app, w.alice, 'POST', `/api/device/${device}/downlink`, body);
const sendJson = (body: object) => throughCodec(() => send({ ...body, encoding: 'json' }));
/** What ChirpStack received: the queue items of its Enqueue calls (bytes as base64). */
const enqueued = () => w.chirpstack.requests('DeviceService/Enqueue').map((request) => (request as { queueItem: object }).queueItem);
const queuedBytes = () => w.chirpstack.queue.get(DEV_EUI.toLowerCase())?.map((item) => [...item.data]);

describe('POST /api/device/{id}/downlink', () => {
  it('queues hex bytes with the fPort and confirmed flag asked for', async () => {
    const response = await send({ f_port: 10, confirmed: true, payload: '01 a4:FF', encoding: 'hex' });
    expect(response.statusCode).toBe(201);
    const body = response.json<DownlinkQueued>();
    expect(body).toEqual({ id: expect.any(String), f_port: 10, confirmed: true, data_hex: '01A4FF', warnings: [] });
    expect(enqueued()).toEqual([expect.objectContaining({ devEui: DEV_EUI.toLowerCase(), fPort: 10, confirmed: true, data: 'AaT/' })]);
    expect(w.chirpstack.queue.get(DEV_EUI.toLowerCase())?.map((item) => item.id)).toEqual([body.id]);
    expect(queuedBytes()).toEqual([[0x01, 0xa4, 0xff]]);
  });

  it('queues base64 bytes, unconfirmed unless asked', async () => {
    const response = await send({ f_port: 2, payload: 'AQL/', encoding: 'base64' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ f_port: 2, confirmed: false, data_hex: '0102FF' });
    expect(enqueued()).toEqual([expect.objectContaining({ fPort: 2, confirmed: false, data: 'AQL/' })]);
  });

  it("encodes JSON with the profile's codec: its bytes and port, with its warnings", async () => {
    const response = await sendJson({ payload: '{"setpoint": 21}', confirmed: true });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ f_port: 10, confirmed: true, data_hex: '0100D2', warnings: ['whole degrees'] });
    expect(enqueued()).toEqual([expect.objectContaining({ fPort: 10, confirmed: true, data: Buffer.from([1, 0, 210]).toString('base64') })]);
    expect(queuedBytes()).toEqual([[0x01, 0x00, 0xd2]]);
  });

  it("sends on the port asked for rather than the codec's", async () => {
    const response = await sendJson({ f_port: 20, payload: '{"setpoint": 21.5}' });
    expect(response.json()).toMatchObject({ f_port: 20, data_hex: '0100D7', warnings: [] });
    expect(enqueued()).toEqual([expect.objectContaining({ fPort: 20 })]);
  });

  it.each([
    ['its own errors', '{"setpoint": 31}', 'reported', 'setpoint out of range', ['setpoint out of range']],
    ['an exception', '{"setpoint": "warm"}', 'exception', 'Error: setpoint must be a number', []],
  ])("shows the codec's failure (%s) on the payload, with its message, and queues nothing", async (_, payload, kind, message, codecErrors) => {
    const response = await sendJson({ payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      code: 'validation',
      message: 'Please check your input and try again.',
      fields: { payload: `The codec could not encode this: ${message}` },
      field_codes: { payload: { code: 'codec_failed', params: { kind, message } } },
      codec_errors: codecErrors,
    });
    expect(w.chirpstack.requests('DeviceService/Enqueue')).toEqual([]);
  });

  it.each([
    ['invalid hex', { f_port: 1, payload: '01 0G', encoding: 'hex' }, 'payload', { code: 'payload_invalid' }],
    ['an odd number of hex digits', { f_port: 1, payload: '012', encoding: 'hex' }, 'payload', { code: 'payload_invalid' }],
    ['base64 with a stray character', { f_port: 1, payload: 'AQ*=', encoding: 'base64' }, 'payload', { code: 'payload_invalid' }],
    ['243 bytes', { f_port: 1, payload: '00'.repeat(243), encoding: 'hex' }, 'payload', { code: 'payload_too_long', params: { limit: 242 } }],
    ['invalid JSON', { payload: '{setpoint: 21}', encoding: 'json' }, 'payload', { code: 'json_invalid' }],
    ['fPort 0', { f_port: 0, payload: '01', encoding: 'hex' }, 'f_port', { code: 'too_small', params: { limit: 1 } }],
    ['fPort 224', { f_port: 224, payload: '01', encoding: 'hex' }, 'f_port', { code: 'too_large', params: { limit: 223 } }],
    ['fPort as text', { f_port: '2', payload: '01', encoding: 'hex' }, 'f_port', { code: 'type', params: { type: 'integer' } }],
    ['no fPort for bytes', { payload: '01', encoding: 'hex' }, 'f_port', { code: 'required' }],
    ['an unknown encoding', { f_port: 1, payload: '01', encoding: 'utf8' }, 'encoding', { code: 'not_allowed' }],
    ['no payload', { f_port: 1, encoding: 'hex' }, 'payload', { code: 'required' }],
    ['an unknown field', { f_port: 1, payload: '01', encoding: 'hex', priority: 1 }, 'priority', { code: 'unknown_field' }],
  ])('refuses %s with a field code, and queues nothing', async (_, body, field, fieldCode) => {
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'validation', field_codes: { [field]: fieldCode }, fields: { [field]: expect.any(String) } });
    expect(w.chirpstack.requests('DeviceService/Enqueue')).toEqual([]);
  });

  it('accepts 242 bytes and an empty payload', async () => {
    expect((await send({ f_port: 1, payload: 'ff'.repeat(242), encoding: 'hex' })).statusCode).toBe(201);
    expect((await send({ f_port: 1, payload: '', encoding: 'hex' })).json()).toMatchObject({ data_hex: '' });
    expect(queuedBytes()?.map((bytes) => bytes.length)).toEqual([242, 0]);
  });

  it('refuses JSON for a device whose profile has no codec', async () => {
    const response = await send({ f_port: 1, payload: '{"on": true}', encoding: 'json' }, w.plainDevice);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().field_codes).toEqual({ payload: { code: 'codec_missing' } });
  });

  it("answers ChirpStack's refusal (a device it does not have) as 422 with its message", async () => {
    const response = await send({ f_port: 1, payload: '01', encoding: 'hex' }, w.plainDevice);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'networkServerRefused',
      message: expect.stringContaining('The network server refused the request'),
    });
  });
});
