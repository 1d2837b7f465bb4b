import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { ErrorResponse } from '../../../server/src/schemas/common.js';
import type { Device, DeviceDetail } from '../../../server/src/schemas/devices.js';
import { createRecord, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';

const APP_KEY = '2B7E151628AED2A6ABF7158809CF4F3C';

describe('/api/device', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  let profile: string;
  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies());
    profile = await createRecord(t, alice, `/api/config/${company}`, { name: 'LHT65N' });
  });
  afterAll(async () => t.close());

  const register = (user: SignedIn, body: object) => call(t.app, user, 'POST', '/api/device/', body);

  it('registers a device, normalising DevEUI and AppKey, and never lists the key', async () => {
    const created = await register(alice, {
      company_id: company,
      dev_eui: 'a8-40-41-00-01-81-c6-f1',
      app_key: `0x${APP_KEY.toLowerCase()}`,
      name: ' Cellar ',
      config: profile,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      dev_eui: 'A840410001 81C6F1'.replace(' ', ''),
      app_key: APP_KEY,
      name: 'Cellar',
      config: profile,
      config_name: 'LHT65N',
      last_seen: null,
      power_status: 'unknown',
    });
    const list = (await call(t.app, alice, 'GET', `/api/device/?company_id=${company}`)).json<Page<Device>>();
    expect(list.count).toBe(1);
    expect(list.results[0]).not.toHaveProperty('app_key');
    expect(JSON.stringify(list)).not.toContain(APP_KEY);
  });

  it('refuses a DevEUI registered already, in any company, as a duplicate', async () => {
    const again = await register(bob, { company_id: bobCompany, dev_eui: 'A84041000181C6F1', app_key: APP_KEY });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'duplicate', fields: { dev_eui: expect.any(String) } });
  });

  it.each([
    [{ dev_eui: 'A84041000181C6F', app_key: APP_KEY }, 'dev_eui'],
    [{ dev_eui: 'A84041000181C6FG', app_key: APP_KEY }, 'dev_eui'],
    [{ dev_eui: 1234, app_key: APP_KEY }, 'dev_eui'],
    [{ dev_eui: '0000000000000001', app_key: APP_KEY.slice(2) }, 'app_key'],
    [{ dev_eui: '0000000000000001' }, 'app_key'],
    [{ dev_eui: '0000000000000001', app_key: APP_KEY, name: 'x'.repeat(201) }, 'name'],
    [{ dev_eui: '0000000000000001', app_key: APP_KEY, config: 'nope' }, 'config'],
    [{ dev_eui: '0000000000000001', app_key: APP_KEY, colour: 'red' }, 'colour'],
  ])('rejects %j with a field error', async (body, field) => {
    const response = await register(alice, { company_id: company, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
  });

  it('names the exact DevEUI problem in the user-facing message', async () => {
    const response = await register(alice, { company_id: company, dev_eui: 'A84041', app_key: APP_KEY });
    expect(response.json<Static<typeof ErrorResponse>>().fields?.dev_eui).toBe('DevEUI must be 16 hexadecimal digits.');
  });

  it("refuses another company's profile for a device", async () => {
    const theirs = await createRecord(t, bob, `/api/config/${bobCompany}`, { name: 'Foreign' });
    const response = await register(alice, { company_id: company, dev_eui: '0000000000000002', app_key: APP_KEY, config: theirs });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { config: 'No such device profile.' } });
  });

  it('searches, filters by power status and orders by last seen in the database', async () => {
    const ids: Record<string, string> = {};
    for (const [name, devEui] of [
      ['Roof', '00000000000000A1'],
      ['Basement', '00000000000000A2'],
      ['Garden', '00000000000000A3'],
    ] as const) {
      ids[name] = (await register(alice, { company_id: company, dev_eui: devEui, app_key: APP_KEY, name })).json<DeviceDetail>().id;
    }
    await t.db
      .updateTable('devices')
      .set({ last_seen: '2026-11-22T10:00:00.000Z', power_source: 'battery', battery_level: 12 })
      .where('id', '=', String(ids.Roof))
      .execute();
    await t.db
      .updateTable('devices')
      .set({ last_seen: '2026-11-22T11:00:00.000Z', power_source: 'battery', battery_level: 80 })
      .where('id', '=', String(ids.Basement))
      .execute();
    await t.db.updateTable('devices').set({ power_source: 'external' }).where('id', '=', String(ids.Garden)).execute();

    const get = async (query: string) => (await call(t.app, alice, 'GET', `/api/device/?company_id=${company}&${query}`)).json<Page<Device>>();
    expect((await get('search=base')).results.map((d) => d.name)).toEqual(['Basement']);
    expect((await get('search=00a3')).results.map((d) => d.name)).toEqual(['Garden']);
    expect((await get('power_status=battery_low')).results.map((d) => [d.name, d.power_status, d.battery_level])).toEqual([['Roof', 'battery_low', 12]]);
    expect((await get('power_status=battery')).results.map((d) => d.name)).toEqual(['Basement']);
    expect((await get('power_status=external')).results.map((d) => d.name)).toEqual(['Garden']);
    const byLastSeen = (await get('ordering=-last_seen')).results.map((d) => d.name);
    expect(byLastSeen.slice(0, 2)).toEqual(['Basement', 'Roof']);
    expect((await get(`profile=${profile}`)).results.map((d) => d.name)).toEqual(['Cellar']);
    expect((await get(`id=${ids.Garden}`)).count).toBe(1);
    expect((await call(t.app, alice, 'GET', '/api/device/?power_status=sleepy')).statusCode).toBe(400);
  });

  it('matches %, _ and \\ in a search literally on both databases', async () => {
    for (const [name, devEui] of [
      ['Tank 50% full', '00000000000000B1'],
      ['Tank 500 full', '00000000000000B2'],
      ['rack_1', '00000000000000B3'],
      ['rackA1', '00000000000000B4'],
      ['C:\\probe', '00000000000000B5'],
    ] as const) {
      await register(alice, { company_id: company, dev_eui: devEui, app_key: APP_KEY, name });
    }
    const names = async (search: string) =>
      (await call(t.app, alice, 'GET', `/api/device/?company_id=${company}&search=${encodeURIComponent(search)}`))
        .json<Page<Device>>()
        .results.map((d) => d.name);
    expect(await names('50%')).toEqual(['Tank 50% full']);
    expect(await names('rack_')).toEqual(['rack_1']);
    expect(await names('c:\\p')).toEqual(['C:\\probe']);
  });

  it('edits a device and shows its topics', async () => {
    const device = (await call(t.app, alice, 'GET', `/api/device/?company_id=${company}&search=cellar`)).json<Page<Device>>().results[0] as Device;
    const edited = await call(t.app, alice, 'PUT', `/api/device/${device.id}/`, { name: 'Wine cellar', config: null });
    expect(edited.json()).toMatchObject({ name: 'Wine cellar', config: null, dev_eui: device.dev_eui });
    expect((await call(t.app, alice, 'GET', `/api/device/${device.id}/topics/values`)).json()).toEqual([]);
    await t.db
      .insertInto('device_topics')
      .values({ device_id: device.id, topic: 'temperature', last_value: '21.5', last_timestamp: '2026-11-22T10:00:00.000Z' })
      .execute();
    expect((await call(t.app, alice, 'GET', `/api/device/${device.id}/topics/values`)).json()).toEqual([
      // Written before values recorded their decoder.
      { topic: 'temperature', last_value: 21.5, last_timestamp: '2026-11-22T10:00:00.000Z', decoded_by: null },
    ]);
    const clash = await call(t.app, alice, 'PUT', `/api/device/${device.id}/`, { dev_eui: '00000000000000A1' });
    expect(clash.statusCode).toBe(409);
  });

  it("answers 404 for every call on another company's device", async () => {
    const theirs = (await register(bob, { company_id: bobCompany, dev_eui: 'B000000000000001', app_key: APP_KEY, name: 'Secret' })).json<DeviceDetail>();
    for (const [method, url, body] of [
      ['GET', `/api/device/${theirs.id}/`],
      ['PUT', `/api/device/${theirs.id}/`, { name: 'Mine' }],
      ['DELETE', `/api/device/${theirs.id}/`],
      ['GET', `/api/device/${theirs.id}/topics/values`],
      ['POST', '/api/device/', { company_id: bobCompany, dev_eui: 'B000000000000002', app_key: APP_KEY }],
    ] as const) {
      const response = await call(t.app, alice, method, url, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call(t.app, alice, 'GET', `/api/device/?company_id=${bobCompany}`)).json()).toEqual({ count: 0, count_exact: true, results: [] });
    expect((await call(t.app, alice, 'GET', `/api/device/?id=${theirs.id}`)).json()).toEqual({ count: 0, count_exact: true, results: [] });
    expect((await call(t.app, bob, 'GET', `/api/device/${theirs.id}/`)).json()).toMatchObject({ name: 'Secret' });
  });

  it('deletes a device', async () => {
    const created = (await register(alice, { company_id: company, dev_eui: 'D000000000000001', app_key: APP_KEY })).json<DeviceDetail>();
    expect((await call(t.app, alice, 'DELETE', `/api/device/${created.id}/`)).statusCode).toBe(204);
    expect((await call(t.app, alice, 'GET', `/api/device/${created.id}/`)).statusCode).toBe(404);
  });
});
