import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseDecoder, type Decoder } from '../../../server/src/domain/decoders.js';
import type { TopicValue } from '../../../server/src/schemas/devices.js';
import { createRecord, insertDevice, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

describe('chooseDecoder', () => {
  it.each([
    ['network_server', true, true, 'network_server'],
    ['profile_codec', true, true, 'profile_codec'],
    ['profile_codec', true, false, 'network_server'],
    ['network_server', false, true, 'profile_codec'],
    ['profile_codec', false, false, null],
  ] as const)('precedence %s, object %s, codec %s → %s', (precedence, networkServer, profileCodec, expected) => {
    expect(chooseDecoder(precedence, { networkServer, profileCodec })).toBe(expected);
  });
});

// The codec reads the first byte as `codec`; ChirpStack's object says `chirpstack`: each value tells who decoded it.
const CODEC = `function decodeUplink(input) {
  console.log('decoding', input.bytes.length, 'bytes');
  if (input.bytes[0] === 0xff) return { errors: ['unknown frame', ['sub', 'reasons']], warnings: ['checked'] };
  if (input.bytes[0] === 0xee) { console.warn('about to fail'); throw new Error('bad frame'); }
  if (input.bytes[0] === 0x00) return {};
  return { data: { value: input.bytes[0], by: 'codec' }, warnings: ['low resolution'] };
}`;

describe('ingest with two decoders', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  const devices: Record<Decoder, string> = { network_server: '', profile_codec: '' };
  const eui: Record<Decoder, string> = { network_server: 'A840410000000001', profile_codec: 'A840410000000002' };

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    for (const precedence of ['network_server', 'profile_codec'] as const) {
      const profile = await createRecord(t, owner, `/api/config/${company}`, { name: precedence, codec: CODEC, decoder_precedence: precedence });
      devices[precedence] = await insertDevice(t, { company_id: company, dev_eui: eui[precedence], name: precedence, profile_id: profile });
    }
  });
  afterAll(async () => t.close());

  let second = 0;
  const uplink = (precedence: Decoder, bytes: number[], object?: object) =>
    call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=up', {
      deviceInfo: { devEui: eui[precedence] },
      fPort: 1,
      time: `2026-11-22T08:00:${String(second++).padStart(2, '0')}Z`,
      data: Buffer.from(bytes).toString('base64'),
      ...(object ? { object } : {}),
    });
  const topics = async (precedence: Decoder) =>
    (await call(t.app, owner, 'GET', `/api/device/${devices[precedence]}/topics/values`)).json<TopicValue[]>().map(({ topic, last_value, decoded_by }) => ({
      topic,
      last_value,
      decoded_by,
    }));
  const lastEvent = (precedence: Decoder) =>
    t.db
      .selectFrom('device_events')
      .select(['type', 'summary', 'payload'])
      .where('device_id', '=', devices[precedence])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

  it("network_server (the default): ChirpStack's object wins over the codec, and each value says so", async () => {
    expect((await uplink('network_server', [7], { value: 70, by: 'chirpstack' })).json()).toMatchObject({ status: 'stored', topics: 2 });
    expect(await topics('network_server')).toEqual([
      { topic: 'by', last_value: 'chirpstack', decoded_by: 'network_server' },
      { topic: 'value', last_value: 70, decoded_by: 'network_server' },
    ]);
    expect(JSON.parse(String((await lastEvent('network_server')).payload))).toMatchObject({ decoded_by: 'network_server', data: { value: 70 } });
  });

  it('network_server: without an object the profile codec decodes, and keeps its warnings with the uplink', async () => {
    await uplink('network_server', [8]);
    expect(await topics('network_server')).toEqual([
      { topic: 'by', last_value: 'codec', decoded_by: 'profile_codec' },
      { topic: 'value', last_value: 8, decoded_by: 'profile_codec' },
    ]);
    const event = await lastEvent('network_server');
    expect(JSON.parse(String(event.payload))).toMatchObject({ decoded_by: 'profile_codec', warnings: ['low resolution'] });
  });

  it("profile_codec: the codec wins over ChirpStack's object", async () => {
    await uplink('profile_codec', [9], { value: 90, by: 'chirpstack' });
    expect(await topics('profile_codec')).toEqual([
      { topic: 'by', last_value: 'codec', decoded_by: 'profile_codec' },
      { topic: 'value', last_value: 9, decoded_by: 'profile_codec' },
    ]);
  });

  it('profile_codec: an uplink without bytes takes the object, the codec having nothing to decode', async () => {
    await uplink('profile_codec', [], { value: 100 });
    expect(await topics('profile_codec')).toContainEqual({ topic: 'value', last_value: 100, decoded_by: 'network_server' });
  });

  it('takes a codec returning {} as an uplink without values, not as an error', async () => {
    expect((await uplink('profile_codec', [0], { value: 1 })).json()).toMatchObject({ status: 'stored', topics: 0 });
    expect(await lastEvent('profile_codec')).toMatchObject({ type: 'up', summary: 'Uplink on port 1: 0 values' });
  });

  it('keeps the console lines of a codec that threw in the error event, even when ChirpStack sent an object', async () => {
    expect((await uplink('profile_codec', [0xee, 1], { value: 2 })).json()).toMatchObject({ status: 'stored', topics: 0 });
    const event = await lastEvent('profile_codec');
    expect(event).toMatchObject({ type: 'error', summary: 'Codec exception: Error: bad frame' });
    expect(JSON.parse(String(event.payload))).toEqual({
      fPort: 1,
      bytes: 'ee01',
      error: { kind: 'exception', message: 'Error: bad frame' },
      console: [
        { level: 'log', text: 'decoding 2 bytes' },
        { level: 'warn', text: 'about to fail' },
      ],
    });
    // The values from before stay, still saying who produced them.
    expect(await topics('profile_codec')).toContainEqual({ topic: 'value', last_value: 100, decoded_by: 'network_server' });
  });

  it('stores errors the codec reports (TS013: the decoding failed) as an error event with its messages, nested ones as JSON', async () => {
    await uplink('network_server', [0xff]);
    const event = await lastEvent('network_server');
    expect(event).toMatchObject({ type: 'error', summary: 'Codec reported: unknown frame; ["sub","reasons"]' });
    expect(JSON.parse(String(event.payload))).toEqual({
      fPort: 1,
      bytes: 'ff',
      errors: ['unknown frame', '["sub","reasons"]'],
      warnings: ['checked'],
      console: [{ level: 'log', text: 'decoding 1 bytes' }],
    });
  });

  it('changes the precedence through the profile API', async () => {
    const profile = (await t.db.selectFrom('devices').select('profile_id').where('id', '=', devices.network_server).executeTakeFirstOrThrow()).profile_id;
    const patched = await call(t.app, owner, 'PATCH', `/api/config/${company}/${String(profile)}`, { decoder_precedence: 'profile_codec' });
    expect(patched.json()).toMatchObject({ decoder_precedence: 'profile_codec' });
    await uplink('network_server', [3], { value: 30, by: 'chirpstack' });
    expect(await topics('network_server')).toContainEqual({ topic: 'value', last_value: 3, decoded_by: 'profile_codec' });
  });
});
