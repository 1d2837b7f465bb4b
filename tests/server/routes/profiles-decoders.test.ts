import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodecTestResult, Profile } from '../../../server/src/schemas/profiles.js';
import { teamAndOutsider } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, type SignedIn } from '../helpers/users.js';

// The profile's decoder precedence, and the codec test run's console and recvTime (issue #14).
describe('/api/config/{company_id}: decoders', () => {
  let t: TestApp;
  let owner: SignedIn;
  let colleague: SignedIn;
  let outsider: SignedIn;
  let outsiderKey: string;
  let company: string;
  let outsiderCompany: string;
  beforeAll(async () => {
    ({ t, owner, colleague, outsider, outsiderKey, company, outsiderCompany } = await teamAndOutsider());
  });
  afterAll(async () => t.close());

  it('lets the network server win by default, and takes the profile codec on create and edit, by owner and member alike', async () => {
    const plain = (await call(t.app, owner, 'POST', `/api/config/${company}`, { name: 'Default' })).json<Profile>();
    expect(plain.decoder_precedence).toBe('network_server');
    const mine = await call(t.app, colleague, 'POST', `/api/config/${company}`, { name: 'Codec first', decoder_precedence: 'profile_codec' });
    expect(mine.json()).toMatchObject({ decoder_precedence: 'profile_codec' });
    const patched = await call(t.app, colleague, 'PATCH', `/api/config/${company}/${plain.id}`, { decoder_precedence: 'profile_codec' });
    expect(patched.json()).toMatchObject({ name: 'Default', decoder_precedence: 'profile_codec' });
    const back = await call(t.app, owner, 'PATCH', `/api/config/${company}/${plain.id}`, { name: 'Renamed' });
    expect(back.json()).toMatchObject({ name: 'Renamed', decoder_precedence: 'profile_codec' });
  });

  it.each([['chirpstack'], ['NETWORK_SERVER'], [''], [null], [1]])('refuses the precedence %j on create and edit', async (value) => {
    const created = await call(t.app, owner, 'POST', `/api/config/${company}`, { name: 'P', decoder_precedence: value });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'validation', fields: { decoder_precedence: expect.any(String) } });
    const profile = (await call(t.app, owner, 'POST', `/api/config/${company}`, { name: 'Valid' })).json<Profile>();
    const patched = await call(t.app, owner, 'PATCH', `/api/config/${company}/${profile.id}`, { decoder_precedence: value });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toMatchObject({ fields: { decoder_precedence: expect.any(String) } });
  });

  const clockCodec = 'function decodeUplink(input) { console.log("at", input.recvTime.toISOString()); return { data: { at: input.recvTime.toISOString() } }; }';
  const testRun = (user: SignedIn, body: object, at = company) =>
    call(t.app, user, 'POST', `/api/config/${at}/codec-test`, { codec: clockCodec, payload: '01', fPort: 1, ...body });

  it("runs the codec at the recvTime given, or the server's now, and answers its console output", async () => {
    const given = await testRun(colleague, { recvTime: '2026-01-31T23:59:59.500Z' });
    expect(given.json<CodecTestResult>()).toEqual({
      ok: true,
      data: { at: '2026-01-31T23:59:59.500Z' },
      warnings: [],
      errors: [],
      bytes: [1],
      console: [{ level: 'log', text: 'at 2026-01-31T23:59:59.500Z' }],
      console_truncated: false,
    });
    const offset = await testRun(owner, { recvTime: '2026-06-01T12:00:00+02:00' });
    expect(offset.json()).toMatchObject({ data: { at: '2026-06-01T10:00:00.000Z' } });
    // The app's clock, set years back so that the real time could not pass for it.
    const yearsBack = 5 * 365 * 86_400_000;
    t.clock.advance(-yearsBack);
    const before = t.clock.now().toISOString();
    const at = (await testRun(owner, {})).json<{ data: { at: string } }>().data.at;
    const after = t.clock.now().toISOString();
    t.clock.advance(yearsBack);
    expect(before <= at && at <= after).toBe(true);
  });

  it('answers the console output of a codec that failed, and says when it was cut', async () => {
    const failed = await testRun(owner, { codec: 'function decodeUplink() { console.error("no frame type"); throw new Error("stop"); }' });
    expect(failed.json()).toMatchObject({
      ok: false,
      error: { kind: 'exception' },
      console: [{ level: 'error', text: 'no frame type' }],
      console_truncated: false,
    });
    const chatty = await testRun(owner, { codec: 'function decodeUplink() { for (var i = 0; i < 500; i++) console.log(i); return {}; }' });
    expect(chatty.json()).toMatchObject({ ok: true, data: {}, console_truncated: true });
  });

  it.each([['yesterday'], ['2026-13-01T00:00:00Z'], ['2026-01-01'], [1767225600000], ['']])('refuses the recvTime %j', async (recvTime) => {
    const response = await testRun(owner, { recvTime });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { recvTime: expect.any(String) } });
  });

  it("answers 404 for another company's profiles and test runs, 401 without a session", async () => {
    const theirs = (await call(t.app, outsider, 'POST', `/api/config/${outsiderCompany}`, { name: 'Theirs' })).json<Profile>();
    expect((await call(t.app, owner, 'PATCH', `/api/config/${outsiderCompany}/${theirs.id}`, { decoder_precedence: 'profile_codec' })).statusCode).toBe(404);
    expect((await call(t.app, owner, 'PATCH', `/api/config/${company}/${theirs.id}`, { decoder_precedence: 'profile_codec' })).statusCode).toBe(404);
    expect((await testRun(owner, { recvTime: '2026-01-01T00:00:00Z' }, outsiderCompany)).statusCode).toBe(404);
    const byKey = await callWithKey(t.app, outsiderKey, 'POST', `/api/config/${company}/codec-test`, { codec: clockCodec, payload: '01', fPort: 1 });
    expect(byKey.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/config/${company}/codec-test`, payload: { codec: clockCodec, payload: '01', fPort: 1 } });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(t.app, outsider, 'GET', `/api/config/${outsiderCompany}?id=${theirs.id}`)).json()).toMatchObject({
      results: [{ decoder_precedence: 'network_server' }],
    });
  });
});
