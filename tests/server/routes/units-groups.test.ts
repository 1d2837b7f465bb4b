import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, Unit } from '../../../server/src/schemas/units.js';
import { twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

describe('units and groups', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies());
  });
  afterAll(async () => t.close());

  it('groups units and counts their devices and units', async () => {
    const group = (await call(t.app, alice, 'POST', '/api/group/', { company_id: company, name: 'Barns' })).json<Group>();
    const unit = await call(t.app, alice, 'POST', '/api/unit/', { company_id: company, name: ' Barn 1 ', group: group.id });
    expect(unit.statusCode).toBe(201);
    expect(unit.json()).toMatchObject({ name: 'Barn 1', group: group.id, group_name: 'Barns', device_count: 0 });
    const unitId = unit.json<Unit>().id;
    await call(t.app, alice, 'POST', '/api/device/', { company_id: company, dev_eui: 'F000000000000001', app_key: 'A'.repeat(32), unit: unitId });
    expect((await call(t.app, alice, 'GET', `/api/unit/?group=${group.id}`)).json()).toMatchObject({
      count: 1,
      results: [{ name: 'Barn 1', device_count: 1 }],
    });
    expect((await call(t.app, alice, 'GET', `/api/group/?company_id=${company}`)).json()).toMatchObject({
      count: 1,
      results: [{ name: 'Barns', unit_count: 1 }],
    });
    expect((await call(t.app, alice, 'GET', `/api/device/?unit=${unitId}`)).json()).toMatchObject({ count: 1, results: [{ unit_name: 'Barn 1' }] });
  });

  it('renames, regroups and deletes; a deleted group leaves its units ungrouped', async () => {
    const group = (await call(t.app, alice, 'POST', '/api/group/', { company_id: company, name: 'Fields' })).json<Group>();
    const unit = (await call(t.app, alice, 'POST', '/api/unit/', { company_id: company, name: 'Field A' })).json<Unit>();
    expect((await call(t.app, alice, 'PUT', `/api/unit/${unit.id}/`, { name: 'Field North', group: group.id })).json()).toMatchObject({
      name: 'Field North',
      group: group.id,
    });
    expect((await call(t.app, alice, 'PATCH', `/api/group/${group.id}/`, { name: 'Open fields' })).json()).toMatchObject({ name: 'Open fields' });
    expect((await call(t.app, alice, 'DELETE', `/api/group/${group.id}/`)).statusCode).toBe(204);
    expect((await call(t.app, alice, 'GET', `/api/unit/?id=${unit.id}`)).json()).toMatchObject({ results: [{ group: null }] });
    expect((await call(t.app, alice, 'DELETE', `/api/unit/${unit.id}/`)).statusCode).toBe(204);
  });

  it.each([
    ['/api/unit/', { name: 'x' }, 'company_id'],
    ['/api/unit/', { company_id: 'COMPANY', name: '  ' }, 'name'],
    ['/api/unit/', { company_id: 'COMPANY', name: 'x', group: 'nope' }, 'group'],
    ['/api/unit/', { company_id: 'COMPANY', name: 'x', devices: [] }, 'devices'],
    ['/api/group/', { company_id: 'COMPANY' }, 'name'],
    ['/api/group/', { company_id: 'COMPANY', name: 3 }, 'name'],
    ['/api/group/', { company_id: 'COMPANY', name: 'x'.repeat(201) }, 'name'],
  ])('rejects POST %s %j', async (url, body, field) => {
    const payload = JSON.parse(JSON.stringify(body).replace('COMPANY', company)) as object;
    const response = await call(t.app, alice, 'POST', url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
  });

  it("refuses another company's group for a unit", async () => {
    const theirs = (await call(t.app, bob, 'POST', '/api/group/', { company_id: bobCompany, name: 'Theirs' })).json<Group>();
    const response = await call(t.app, alice, 'POST', '/api/unit/', { company_id: company, name: 'Sneaky', group: theirs.id });
    expect(response.json()).toMatchObject({ fields: { group: 'No such group.' } });
  });

  it("answers 404 for every call on another company's unit or group", async () => {
    const unit = (await call(t.app, bob, 'POST', '/api/unit/', { company_id: bobCompany, name: 'Private unit' })).json<Unit>();
    const group = (await call(t.app, bob, 'POST', '/api/group/', { company_id: bobCompany, name: 'Private group' })).json<Group>();
    for (const [method, url, body] of [
      ['PUT', `/api/unit/${unit.id}/`, { name: 'Mine' }],
      ['DELETE', `/api/unit/${unit.id}/`],
      ['PATCH', `/api/group/${group.id}/`, { name: 'Mine' }],
      ['DELETE', `/api/group/${group.id}/`],
      ['POST', '/api/unit/', { company_id: bobCompany, name: 'Planted' }],
      ['POST', '/api/group/', { company_id: bobCompany, name: 'Planted' }],
    ] as const) {
      const response = await call(t.app, alice, method, url, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call(t.app, alice, 'GET', `/api/unit/?company_id=${bobCompany}`)).json()).toEqual({ count: 0, results: [] });
    expect((await call(t.app, alice, 'GET', `/api/group/?id=${group.id}`)).json()).toEqual({ count: 0, results: [] });
  });
});
