import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesRepository, type DeviceListPage } from '../../../server/src/repositories/devices.js';
import type { DeviceFilters } from '../../../server/src/repositories/device-filter.js';
import type { DeviceOrdering } from '../../../server/src/schemas/devices.js';
import { createRecord, insertDevice, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import type { SignedIn } from '../helpers/users.js';
import { inOrder, type OrderedDevice } from '../helpers/device-order.js';

interface Row extends OrderedDevice {
  unit_id: string | null;
  power_source: 'external' | 'battery' | 'unknown';
}

// A company chosen and a filter with an index of its own: on SQLite the page is first looked for
// among the company's first devices in the list's order, else the planner's own plan (a filter's
// index and a sort) gives it (issue #20). Here the walk is cut to 3 devices, so pages are found both
// ways (and it is tried for any number of matches, not only past 1,000): the unit's devices sit at
// both ends of every order and in between, and another company's devices sort before and after them
// all. PostgreSQL takes the planner's plan; the rows must be the same.
describe('the device list of a chosen company, filtered', () => {
  let t: TestApp;
  let alice: SignedIn;
  let company: string;
  let cellar: string;
  const devices: Row[] = [];

  beforeAll(async () => {
    let bob: SignedIn;
    let bobCompany: string;
    ({ t, alice, bob, company, bobCompany } = await twoCompanies());
    cellar = await createRecord(t, alice, '/api/unit/', { company_id: company, name: 'Cellar' });
    const roof = await createRecord(t, alice, '/api/unit/', { company_id: company, name: 'Roof' });
    const bobsUnit = await createRecord(t, bob, '/api/unit/', { company_id: bobCompany, name: 'Cellar' });
    const hour = (h: number) => `2026-11-28T${String(h).padStart(2, '0')}:00:00.000Z`;
    const rows: [string, Omit<Row, 'id'>][] = [
      [bobCompany, { name: 'Aardvark', dev_eui: '0000000000000001', last_seen: hour(23), unit_id: bobsUnit, power_source: 'external' }],
      [bobCompany, { name: 'Zebra', dev_eui: 'FFFFFFFFFFFFFFF1', last_seen: null, unit_id: bobsUnit, power_source: 'external' }],
      [company, { name: 'Boiler', dev_eui: 'A840410000000001', last_seen: hour(22), unit_id: roof, power_source: 'battery' }],
      [company, { name: 'Cellar door', dev_eui: 'A840410000000002', last_seen: hour(21), unit_id: cellar, power_source: 'external' }],
      [company, { name: 'Chimney', dev_eui: 'A840410000000003', last_seen: hour(20), unit_id: roof, power_source: 'battery' }],
      [company, { name: 'Drain', dev_eui: 'A840410000000004', last_seen: null, unit_id: cellar, power_source: 'battery' }],
      [company, { name: 'Eaves', dev_eui: 'A840410000000005', last_seen: hour(3), unit_id: roof, power_source: 'external' }],
      [company, { name: 'Freezer', dev_eui: 'A840410000000006', last_seen: hour(12), unit_id: cellar, power_source: 'external' }],
      [company, { name: 'Gutter', dev_eui: 'A840410000000007', last_seen: hour(1), unit_id: roof, power_source: 'unknown' }],
      [company, { name: 'Heater', dev_eui: 'A840410000000008', last_seen: hour(12), unit_id: cellar, power_source: 'battery' }],
      [company, { name: 'Wine rack', dev_eui: 'A840410000000009', last_seen: null, unit_id: cellar, power_source: 'external' }],
    ];
    for (const [companyId, row] of rows) {
      const id = await insertDevice(t, { company_id: companyId, ...row });
      if (companyId === company) devices.push({ id, ...row });
    }
  });
  afterAll(async () => t.close());

  const page = async (filters: DeviceFilters, ordering: DeviceOrdering, limit: number, offset: number, walkMax: number) => {
    const listed: DeviceListPage = { ordering, limit, offset, walkMax, inCompanyWalkFrom: 0 };
    return (await devicesRepository(t.db).list(alice.id, { companyId: company, ...filters }, listed)).results.map((d) => d.name);
  };

  const orderings: DeviceOrdering[] = ['name', '-name', 'last_seen', '-last_seen', 'dev_eui', '-dev_eui'];
  const filters: [string, DeviceFilters, (row: Row) => boolean][] = [
    ['unit', { unitId: 'cellar' }, (row) => row.unit_id === cellar],
    ['power status', { powerStatus: 'external' }, (row) => row.power_source === 'external'],
    ['unit and a search', { unitId: 'cellar', search: 'r' }, (row) => row.unit_id === cellar && row.name.toLowerCase().includes('r')],
  ];

  it.each(orderings)('%s: every page of each filter, the same rows whether the walk finds them or not, and only the company’s', async (ordering) => {
    for (const [label, given, matches] of filters) {
      const expected = inOrder(devices.filter(matches), ordering);
      const chosen = given.unitId ? { ...given, unitId: cellar } : given;
      for (const walkMax of [3, 1000]) {
        for (const [limit, offset] of [
          [1, 0],
          [2, 0],
          [2, 2],
          [2, 4],
          [25, 0],
          [2, 10],
        ] as const) {
          expect(await page(chosen, ordering, limit, offset, walkMax), `${label}, ${ordering}, walk ${walkMax}, limit ${limit} offset ${offset}`).toEqual(
            expected.slice(offset, offset + limit),
          );
        }
      }
    }
  });
});
