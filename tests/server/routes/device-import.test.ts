import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { DeviceImportResponse } from '../../../server/src/schemas/device-import.js';
import type { Device } from '../../../server/src/schemas/devices.js';
import { createRecord, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';
import { FIELD_ERROR_TEXTS } from '../../../server/src/schemas/messages.js';

const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';

describe('POST /api/device/bulk/', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies());
  });
  afterAll(async () => t.close());

  const bulk = (user: SignedIn, body: object) => call(t.app, user, 'POST', '/api/device/bulk/', body);
  const results = async (user: SignedIn, body: object) => (await bulk(user, body)).json<Static<typeof DeviceImportResponse>>().results;

  it('answers every row on its own: success, failed with its reason, duplicate', async () => {
    const profile = await createRecord(t, alice, `/api/config/${company}`, { name: 'Door sensor' });
    const rows = [
      { dev_eui: 'a8404100 0181c6f1', app_key: KEY, name: 'Door 1' },
      { dev_eui: '0xA84041000181C6F2', app_key: KEY.toLowerCase() },
      { dev_eui: 'A8:40:41:00:01:81:C6:F3', app_key: KEY },
      { dev_eui: 'A84041000181C6F4', app_key: 'not a key' },
      { dev_eui: 'A84041000181C6F1', app_key: KEY },
      { dev_eui: 'XYZ', app_key: KEY },
      { dev_eui: 'A84041000181C6F5', app_key: KEY, config: '00000000-0000-4000-8000-000000000000' },
      { dev_eui: 'A84041000181C6F6', app_key: KEY, colour: 'blue' },
    ];
    const answer = await results(alice, { company_id: company, config: profile, devices: rows });
    expect(answer.map((r) => r.status)).toEqual(['success', 'success', 'success', 'failed', 'duplicate', 'failed', 'failed', 'failed']);
    expect(answer.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(answer[3]?.error).toBe('AppKey must be 32 hexadecimal digits.');
    expect(answer[5]?.error).toBe('DevEUI must be 16 hexadecimal digits.');
    expect(answer[6]?.error).toBe('No such device profile.');
    expect(answer[7]?.error).toContain('colour');
    const list = (await call(t.app, alice, 'GET', `/api/device/?company_id=${company}&ordering=dev_eui`)).json<Page<Device>>();
    expect(list.results.map((d) => d.dev_eui)).toEqual(['A84041000181C6F1', 'A84041000181C6F2', 'A84041000181C6F3']);
    expect(list.results.every((d) => d.config === profile)).toBe(true);
  });

  it('takes an optional JoinEUI per row, normalised, and fails a row whose JoinEUI is malformed', async () => {
    const rows = [
      { dev_eui: 'D1000000000000A1', join_eui: '70-b3-d5-7e-d0-01-23-45', app_key: KEY },
      { dev_eui: 'D1000000000000A2', app_key: KEY },
      { dev_eui: 'D1000000000000A3', join_eui: '70B3D57ED00123', app_key: KEY },
      { dev_eui: 'D1000000000000A4', join_eui: 70, app_key: KEY },
    ];
    const answer = await results(alice, { company_id: company, devices: rows });
    expect(answer.map((r) => [r.status, r.code])).toEqual([
      ['success', undefined],
      ['success', undefined],
      ['failed', 'join_eui_invalid'],
      ['failed', 'join_eui_invalid'],
    ]);
    expect(answer[2]?.error).toBe('JoinEUI must be 16 hexadecimal digits.');
    const stored = await t.db.selectFrom('devices').select(['dev_eui', 'join_eui']).where('dev_eui', 'like', 'D1000000000000A%').orderBy('dev_eui').execute();
    expect(stored).toEqual([
      { dev_eui: 'D1000000000000A1', join_eui: '70B3D57ED0012345' },
      { dev_eui: 'D1000000000000A2', join_eui: '0000000000000000' },
    ]);
  });

  it('is idempotent: sending the same rows again creates nothing new', async () => {
    const rows = [
      { dev_eui: 'A84041000181C6F1', app_key: KEY },
      { dev_eui: 'A84041000181C6F9', app_key: KEY },
    ];
    const first = await results(alice, { company_id: company, devices: rows });
    expect(first.map((r) => r.status)).toEqual(['duplicate', 'success']);
    expect(first[0]?.id).toEqual(expect.any(String));
    const second = await results(alice, { company_id: company, devices: rows });
    expect(second.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(second[1]?.id).toBe(first[1]?.id);
  });

  it("never tells the id of another company's device", async () => {
    const answer = await results(bob, { company_id: bobCompany, devices: [{ dev_eui: 'A84041000181C6F1', app_key: KEY }] });
    expect(answer).toEqual([{ index: 0, status: 'duplicate', error: FIELD_ERROR_TEXTS.device_registered, code: 'device_registered' }]);
  });

  it('imports 1000 rows in one request and refuses more', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ dev_eui: (0xc000000000000000n + BigInt(i)).toString(16), app_key: KEY, name: `Sensor ${i}` }));
    const answer = await results(alice, { company_id: company, devices: rows });
    expect(answer.filter((r) => r.status === 'success')).toHaveLength(1000);
    const tooMany = await bulk(alice, { company_id: company, devices: [...rows, { dev_eui: 'C0000000000FFFFF', app_key: KEY }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ fields: { devices: expect.any(String) } });
  });

  it.each([
    [{ devices: [] }, 'company_id'],
    [{ company_id: 'x', devices: [] }, 'company_id'],
    [{ company_id: '00000000-0000-4000-8000-000000000000', devices: 'all' }, 'devices'],
    [{ company_id: '00000000-0000-4000-8000-000000000000', devices: [], extra: 1 }, 'extra'],
  ])('rejects a malformed request %j', async (body, field) => {
    const response = await bulk(alice, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
  });

  it("refuses to import into another user's company", async () => {
    expect((await bulk(alice, { company_id: bobCompany, devices: [{ dev_eui: 'E000000000000001', app_key: KEY }] })).statusCode).toBe(404);
  });
});
