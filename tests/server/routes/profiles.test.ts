import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../../server/src/schemas/profiles.js';
import { twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Method, type Page, type SignedIn } from '../helpers/users.js';

describe('/api/config/{company_id}', () => {
  let t: TestApp;
  let alice: SignedIn;
  let mallory: SignedIn;
  let company: string;
  let malloryCompany: string;
  beforeAll(async () => {
    ({ t, alice, bob: mallory, company, bobCompany: malloryCompany } = await twoCompanies());
  });
  afterAll(async () => t.close());

  it('creates, lists, edits and deletes a custom profile', async () => {
    const created = await call(t.app, alice, 'POST', `/api/config/${company}`, {
      name: ' Soil sensor ',
      codec: 'function decodeUplink(input) { return { data: { first: input.bytes[0] } }; }',
      supports_class_b: true,
    });
    expect(created.statusCode).toBe(201);
    const profile = created.json<Profile>();
    expect(profile).toMatchObject({ name: 'Soil sensor', supports_otaa: true, supports_class_b: true, supports_class_c: false, is_template: false });

    const list = (await call(t.app, alice, 'GET', `/api/config/${company}?search=soil`)).json<Page<Profile>>();
    expect(list.results.map((p) => p.id)).toEqual([profile.id]);
    expect((await call(t.app, alice, 'GET', `/api/config/${company}/templates`)).json()).toEqual({ count: 0, results: [] });

    const patched = await call(t.app, alice, 'PATCH', `/api/config/${company}/${profile.id}`, { name: 'Soil v2', supports_otaa: false });
    expect(patched.json()).toMatchObject({ name: 'Soil v2', supports_otaa: false, codec: profile.codec });
    expect((await call(t.app, alice, 'DELETE', `/api/config/${company}/${profile.id}`)).statusCode).toBe(204);
    expect((await call(t.app, alice, 'GET', `/api/config/${company}`)).json()).toEqual({ count: 0, results: [] });
  });

  it('carries the network settings: defaults when left out, round-trips, edits one at a time', async () => {
    const plain = (await call(t.app, alice, 'POST', `/api/config/${company}`, { name: 'Defaults' })).json<Profile>();
    expect(plain).toMatchObject({ region: 'EU868', mac_version: 'LORAWAN_1_0_3', reg_params_revision: 'A', uplink_interval_s: 3600 });
    const settings = { region: 'US915', mac_version: 'LORAWAN_1_0_2', reg_params_revision: 'B', uplink_interval_s: 900 };
    const american = (await call(t.app, alice, 'POST', `/api/config/${company}`, { name: 'American', ...settings })).json<Profile>();
    expect(american).toMatchObject(settings);
    const patched = await call(t.app, alice, 'PATCH', `/api/config/${company}/${american.id}`, { region: 'AS923_2', uplink_interval_s: 60 });
    expect(patched.json()).toMatchObject({ ...settings, region: 'AS923_2', uplink_interval_s: 60 });
    const listed = (await call(t.app, alice, 'GET', `/api/config/${company}?id=${american.id}`)).json<Page<Profile>>().results[0];
    expect(listed).toMatchObject({ region: 'AS923_2', mac_version: 'LORAWAN_1_0_2', reg_params_revision: 'B', uplink_interval_s: 60 });
    for (const id of [plain.id, american.id]) await call(t.app, alice, 'DELETE', `/api/config/${company}/${id}`);
  });

  it.each([
    [{ region: 'EU863' }, 'region', 'not_allowed'],
    [{ region: 'eu868' }, 'region', 'not_allowed'],
    [{ mac_version: '1.0.3' }, 'mac_version', 'not_allowed'],
    [{ reg_params_revision: 'C' }, 'reg_params_revision', 'not_allowed'],
    [{ uplink_interval_s: 0 }, 'uplink_interval_s', 'too_small'],
    [{ uplink_interval_s: 1.5 }, 'uplink_interval_s', 'type'],
    [{ uplink_interval_s: '600' }, 'uplink_interval_s', 'type'],
    [{ uplink_interval_s: 2 ** 31 }, 'uplink_interval_s', 'too_large'],
  ])('refuses the network setting %j on create and edit', async (setting, field, code) => {
    const created = await call(t.app, alice, 'POST', `/api/config/${company}`, { name: 'P', ...setting });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'validation', field_codes: { [field]: { code } } });
    const profile = (await call(t.app, alice, 'POST', `/api/config/${company}`, { name: 'Valid' })).json<Profile>();
    const patched = await call(t.app, alice, 'PATCH', `/api/config/${company}/${profile.id}`, setting);
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toMatchObject({ field_codes: { [field]: { code } } });
    await call(t.app, alice, 'DELETE', `/api/config/${company}/${profile.id}`);
  });

  it.each([
    [{}, 'name'],
    [{ name: '  ' }, 'name'],
    [{ name: 'P', codec: 42 }, 'codec'],
    [{ name: 'P', supports_otaa: 'yes' }, 'supports_otaa'],
    [{ name: 'P', codec: 'x'.repeat(256 * 1024 + 1) }, 'codec'],
    [{ name: 'P', template_id: 'dragino-lht65n' }, 'template_id'],
  ])('rejects profile %j', async (body, field) => {
    const response = await call(t.app, alice, 'POST', `/api/config/${company}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
  });

  it('test-runs a codec in the server sandbox on hex or base64 bytes', async () => {
    const codec = 'function decodeUplink(input) { return { data: { t: ((input.bytes[0] << 8) | input.bytes[1]) / 100, port: input.fPort } }; }';
    const hex = await call(t.app, alice, 'POST', `/api/config/${company}/codec-test`, { codec, payload: '08 5C', fPort: 2 });
    expect(hex.json()).toEqual({ ok: true, data: { t: 21.4, port: 2 }, warnings: [], errors: [], bytes: [8, 92], console: [], console_truncated: false });
    const base64 = await call(t.app, alice, 'POST', `/api/config/${company}/codec-test`, { codec, payload: 'CFw=', encoding: 'base64', fPort: 2 });
    expect(base64.json()).toMatchObject({ ok: true, data: { t: 21.4 } });
    const failing = await call(t.app, alice, 'POST', `/api/config/${company}/codec-test`, {
      codec: 'function decodeUplink() { while (true) {} }',
      payload: '00',
      fPort: 1,
    });
    expect(failing.json()).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    const host = await call(t.app, alice, 'POST', `/api/config/${company}/codec-test`, {
      codec: 'function decodeUplink() { return { data: typeof process + typeof require }; }',
      payload: '00',
      fPort: 1,
    });
    expect(host.json()).toMatchObject({ ok: true, data: 'undefinedundefined' });
  });

  it.each([
    [{ codec: 'x', payload: 'zz', fPort: 1 }, 'payload'],
    [{ codec: 'x', payload: '00', fPort: 0 }, 'fPort'],
    [{ codec: 'x', payload: '00' }, 'fPort'],
    [{ payload: '00', fPort: 1 }, 'codec'],
    [{ codec: 'x', payload: 'AQL/', encoding: 'hex', fPort: 1 }, 'payload'],
  ])('rejects codec test %j', async (body, field) => {
    const response = await call(t.app, alice, 'POST', `/api/config/${company}/codec-test`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
  });

  it("answers 404 for every call on another company's profiles", async () => {
    const theirs = (await call(t.app, mallory, 'POST', `/api/config/${malloryCompany}`, { name: 'Secret codec', codec: '// secret' })).json<Profile>();
    const attempts: [Method, string, unknown?][] = [
      ['GET', `/api/config/${malloryCompany}`],
      ['GET', `/api/config/${malloryCompany}/templates`],
      ['POST', `/api/config/${malloryCompany}`, { name: 'Planted' }],
      ['PATCH', `/api/config/${malloryCompany}/${theirs.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/config/${malloryCompany}/${theirs.id}`],
      ['POST', `/api/config/${malloryCompany}/codec-test`, { codec: 'x', payload: '00', fPort: 1 }],
      // Their profile id under my own company does not exist either.
      ['PATCH', `/api/config/${company}/${theirs.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/config/${company}/${theirs.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(t.app, alice, method, url, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call(t.app, mallory, 'GET', `/api/config/${malloryCompany}`)).json()).toMatchObject({ count: 1, results: [{ name: 'Secret codec' }] });
  });
});
