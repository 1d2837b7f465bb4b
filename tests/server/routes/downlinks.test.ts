import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { ErrorResponse } from '../../../server/src/schemas/common.js';
import type { DownlinkCreated } from '../../../server/src/schemas/downlinks.js';
import { call } from '../helpers/users.js';
import { downlinkWorld, throughCodec, type DownlinkWorld } from './downlinks-setup.js';

type ErrorBody = Static<typeof ErrorResponse>;

let w: DownlinkWorld;
beforeEach(async () => {
  w = await downlinkWorld();
});
afterEach(async () => w.close());

const send = (body: object, device = w.device) => call(w.t.app, w.alice, 'POST', `/api/device/${device}/downlink`, body);
const sendJson = (body: object) => throughCodec(() => send({ ...body, encoding: 'json' }));
/** What was recorded: the downlinks and their outbox changes. */
const recorded = async () => ({
  downlinks: await w.t.db.selectFrom('downlinks').select(['id', 'device_id', 'f_port', 'confirmed', 'data_hex', 'state']).orderBy('id').execute(),
  outbox: await w.t.db.selectFrom('network_outbox').select(['kind', 'entity_id', 'action', 'target']).where('kind', '=', 'downlink').execute(),
});

describe('POST /api/device/{id}/downlink', () => {
  it('records hex bytes with the fPort and confirmed flag as pending, with their outbox change, and answers at once', async () => {
    const response = await send({ f_port: 10, confirmed: true, payload: '01 a4:FF', encoding: 'hex' });
    expect(response.statusCode).toBe(201);
    const body = response.json<DownlinkCreated>();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      f_port: 10,
      confirmed: true,
      data_hex: '01A4FF',
      state: 'pending',
      queue_item_id: null,
      f_cnt_down: null,
      error_code: null,
      error_message: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: body.created_at,
      warnings: [],
    });
    expect(await recorded()).toEqual({
      downlinks: [{ id: body.id, device_id: w.device, f_port: 10, confirmed: 1, data_hex: '01A4FF', state: 'pending' }],
      outbox: [{ kind: 'downlink', entity_id: w.device, action: 'put', target: JSON.stringify({ downlinkId: body.id }) }],
    });
    // Nothing reaches ChirpStack until the worker pushes it.
    expect(w.chirpstack.calls).toEqual([]);
  });

  it('records while ChirpStack is down: nothing waits on it', async () => {
    w.chirpstack.unavailable = true;
    const response = await send({ f_port: 2, payload: 'AQL/', encoding: 'base64' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ f_port: 2, confirmed: false, data_hex: '0102FF', state: 'pending' });
    expect((await recorded()).outbox).toHaveLength(1);
  });

  it("encodes JSON with the profile's codec: its bytes and port, with its warnings", async () => {
    const response = await sendJson({ payload: '{"setpoint": 21}', confirmed: true });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ f_port: 10, confirmed: true, data_hex: '0100D2', state: 'pending', warnings: ['whole degrees'] });
  });

  it("sends on the port asked for rather than the codec's", async () => {
    const response = await sendJson({ f_port: 20, payload: '{"setpoint": 21.5}' });
    expect(response.json()).toMatchObject({ f_port: 20, data_hex: '0100D7', warnings: [] });
  });

  it.each([
    ['its own errors', '{"setpoint": 31}', 'reported', 'setpoint out of range', ['setpoint out of range']],
    ['an exception', '{"setpoint": "warm"}', 'exception', 'Error: setpoint must be a number', []],
  ])("shows the codec's failure (%s) on the payload, with its message, and records nothing", async (_, payload, kind, message, codecErrors) => {
    const response = await sendJson({ payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      code: 'validation',
      message: 'Please check your input and try again.',
      fields: { payload: `The codec could not encode this: ${message}` },
      field_codes: { payload: { code: 'codec_failed', params: { kind, message } } },
      codec_errors: codecErrors,
    });
    expect(await recorded()).toEqual({ downlinks: [], outbox: [] });
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
  ])('refuses %s with a field code, and records nothing', async (_, body, field, fieldCode) => {
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'validation', field_codes: { [field]: fieldCode }, fields: { [field]: expect.any(String) } });
    expect(await recorded()).toEqual({ downlinks: [], outbox: [] });
  });

  it('refuses a malformed device id', async () => {
    const response = await send({ f_port: 1, payload: '01', encoding: 'hex' }, 'not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().code).toBe('validation');
  });

  it('accepts 242 bytes and an empty payload', async () => {
    expect((await send({ f_port: 1, payload: 'ff'.repeat(242), encoding: 'hex' })).statusCode).toBe(201);
    expect((await send({ f_port: 1, payload: '', encoding: 'hex' })).json()).toMatchObject({ data_hex: '' });
    expect((await recorded()).downlinks.map((row) => row.data_hex.length / 2)).toEqual([242, 0]);
  });

  it('refuses JSON for a device whose profile has no codec', async () => {
    const response = await send({ f_port: 1, payload: '{"on": true}', encoding: 'json' }, w.plainDevice);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().field_codes).toEqual({ payload: { code: 'codec_missing' } });
  });
});
