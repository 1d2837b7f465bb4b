import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { ErrorResponse } from '../../../server/src/schemas/common.js';
import type { Device, DeviceDetail } from '../../../server/src/schemas/devices.js';
import type { SearchResponse } from '../../../server/src/schemas/search.js';
import { oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';

const APP_KEY = '2B7E151628AED2A6ABF7158809CF4F3C';
// A vendor's JoinEUI, shared by its devices; the DevEUIs below share no digits run with it or with zeros.
const VENDOR_JOIN_EUI = '70B3D57ED0012345';

describe('the JoinEUI (AppEUI) of a device', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
  });
  afterAll(async () => t.close());

  const register = (body: object) => call(t.app, owner, 'POST', '/api/device/', { company_id: company, app_key: APP_KEY, ...body });

  it('is all zeros when none is given, in the detail and the list', async () => {
    const created = await register({ dev_eui: 'A84041B1C2D3E4F1', name: 'No JoinEUI' });
    expect(created.statusCode).toBe(201);
    expect(created.json<DeviceDetail>().join_eui).toBe('0000000000000000');
    const list = (await call(t.app, owner, 'GET', `/api/device/?company_id=${company}&search=no%20joineui`)).json<Page<Device>>();
    expect(list.results.map((d) => [d.name, d.join_eui])).toEqual([['No JoinEUI', '0000000000000000']]);
  });

  it('is normalised like the DevEUI on create and on edit, and kept when an edit leaves it out', async () => {
    const created = await register({ dev_eui: 'A84041B1C2D3E4F2', join_eui: '0x70-b3-d5-7e-d0-01-23-45', name: 'Vendor one' });
    expect(created.json()).toMatchObject({ dev_eui: 'A84041B1C2D3E4F2', join_eui: VENDOR_JOIN_EUI });
    const id = created.json<DeviceDetail>().id;

    const renamed = await call(t.app, owner, 'PUT', `/api/device/${id}/`, { name: 'Vendor one, cellar' });
    expect(renamed.json()).toMatchObject({ name: 'Vendor one, cellar', join_eui: VENDOR_JOIN_EUI });
    const changed = await call(t.app, owner, 'PUT', `/api/device/${id}/`, { join_eui: '70:b3:d5:7e:d0:01:23:46' });
    expect(changed.json()).toMatchObject({ join_eui: '70B3D57ED0012346' });
    const stored = await t.db.selectFrom('devices').select('join_eui').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.join_eui).toBe('70B3D57ED0012346');
    await call(t.app, owner, 'PUT', `/api/device/${id}/`, { join_eui: VENDOR_JOIN_EUI });
  });

  it.each([['70B3D57ED00123'], ['70B3D57ED001234G'], [''], [42], [null]])('refuses the JoinEUI %j with its own field code', async (joinEui) => {
    const response = await register({ dev_eui: 'A84041B1C2D3E4F9', join_eui: joinEui });
    expect(response.statusCode).toBe(400);
    const body = response.json<Static<typeof ErrorResponse>>();
    expect(Object.keys(body.fields ?? {})).toEqual(['join_eui']);
    if (typeof joinEui === 'string') {
      expect(body.fields?.join_eui).toBe('JoinEUI must be 16 hexadecimal digits.');
      expect(body.field_codes?.join_eui).toEqual({ code: 'join_eui_invalid' });
    }
  });

  it('refuses an invalid JoinEUI on edit and keeps the stored one', async () => {
    const device = (await register({ dev_eui: 'A84041B1C2D3E4F3', join_eui: VENDOR_JOIN_EUI, name: 'Vendor two' })).json<DeviceDetail>();
    const response = await call(t.app, owner, 'PUT', `/api/device/${device.id}/`, { join_eui: 'not hex' });
    expect(response.statusCode).toBe(400);
    expect(response.json<Static<typeof ErrorResponse>>().field_codes).toEqual({ join_eui: { code: 'join_eui_invalid' } });
    expect((await call(t.app, owner, 'GET', `/api/device/${device.id}/`)).json<DeviceDetail>().join_eui).toBe(VENDOR_JOIN_EUI);
  });

  it('finds the devices of one JoinEUI by the list search, but not every device by its zeros', async () => {
    const names = async (search: string) =>
      (await call(t.app, owner, 'GET', `/api/device/?company_id=${company}&search=${encodeURIComponent(search)}&ordering=name`))
        .json<Page<Device>>()
        .results.map((d) => d.name);
    expect(await names('70b3d57ed0012345')).toEqual(['Vendor one, cellar', 'Vendor two']);
    expect(await names('0000')).toEqual([]);
  });

  it('makes the JoinEUI a global-search term, kept in step when it changes, but not the zeros', async () => {
    const search = async (q: string) =>
      (await call(t.app, owner, 'GET', `/api/search/?q=${encodeURIComponent(q)}`))
        .json<Static<typeof SearchResponse>>()
        .results.filter((hit) => hit.type === 'device')
        .map((hit) => hit.name)
        .sort();
    expect(await search('d0012345')).toEqual(['Vendor one, cellar', 'Vendor two']);
    expect(await search('000000')).toEqual([]);

    const device = (await register({ dev_eui: 'A84041B1C2D3E4F4', name: 'Vendor three' })).json<DeviceDetail>();
    expect(await search('d0012345')).toEqual(['Vendor one, cellar', 'Vendor two']);
    await call(t.app, owner, 'PUT', `/api/device/${device.id}/`, { join_eui: VENDOR_JOIN_EUI });
    expect(await search('d0012345')).toEqual(['Vendor one, cellar', 'Vendor three', 'Vendor two']);
    await call(t.app, owner, 'PUT', `/api/device/${device.id}/`, { join_eui: '0000000000000000' });
    expect(await search('d0012345')).toEqual(['Vendor one, cellar', 'Vendor two']);
  });
});
