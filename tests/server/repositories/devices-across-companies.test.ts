import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesRepository } from '../../../server/src/repositories/devices.js';
import type { DeviceOrdering } from '../../../server/src/schemas/devices.js';
import { createCompany, insertDevice, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import type { SignedIn } from '../helpers/users.js';
import { inOrder, type OrderedDevice } from '../helpers/device-order.js';

/** A device as the list orders it, before it has an id. */
type Row = Omit<OrderedDevice, 'id'>;

// A member of several companies with none chosen (an API client): on PostgreSQL the page is
// first looked for among the first devices of all companies in the list's order, else the user's
// matches are sorted (issue #20). Here the walk is taken from 2 companies on and cut to 3 devices,
// so pages are found both ways: another company's devices come first in every order, and the
// user's sit at the far end.
describe('the device list across companies, none chosen', () => {
  let t: TestApp;
  let alice: SignedIn;
  const mine: OrderedDevice[] = [];

  beforeAll(async () => {
    let company: string;
    let bobCompany: string;
    ({ t, alice, company, bobCompany } = await twoCompanies());
    const second = await createCompany(t, alice, 'Alice second company');
    const hour = (h: number) => `2026-11-28T${String(h).padStart(2, '0')}:00:00.000Z`;
    // Bob's devices fill the beginning of every order (names "A…" and "Z…", the lowest and highest DevEUIs, the newest and oldest uplinks).
    const bobs: Row[] = [
      { name: 'Aardvark 1', dev_eui: '0000000000000001', last_seen: hour(23) },
      { name: 'Aardvark 2', dev_eui: '0000000000000002', last_seen: hour(0) },
      { name: 'Zebra 1', dev_eui: 'FFFFFFFFFFFFFFF1', last_seen: null },
      { name: 'Zebra 2', dev_eui: 'FFFFFFFFFFFFFFF2', last_seen: null },
      { name: 'Zebra 3', dev_eui: 'FFFFFFFFFFFFFFF3', last_seen: hour(22) },
    ];
    for (const row of bobs) await insertDevice(t, { company_id: bobCompany, ...row });
    const alices: [string, Row][] = [
      [company, { name: 'Door 1', dev_eui: 'A840410000000001', last_seen: hour(10) }],
      [second, { name: 'Door 2', dev_eui: 'A840410000000002', last_seen: null }],
      [company, { name: 'Meter 1', dev_eui: 'A840410000000003', last_seen: hour(12) }],
      [second, { name: 'Meter 2', dev_eui: 'A840410000000004', last_seen: hour(12) }],
      [company, { name: 'Probe 1', dev_eui: 'A840410000000005', last_seen: null }],
      [second, { name: 'Door 3', dev_eui: 'A840410000000006', last_seen: hour(11) }],
    ];
    for (const [companyId, row] of alices) mine.push({ ...row, id: await insertDevice(t, { company_id: companyId, ...row }) });
  });
  afterAll(async () => t.close());

  const page = async (ordering: DeviceOrdering, limit: number, offset: number, walkMax: number, search?: string) =>
    (await devicesRepository(t.db).list(alice.id, { search }, { ordering, limit, offset, walkMax, acrossCompaniesFrom: 2 })).results.map((d) => d.name);

  const orderings: DeviceOrdering[] = ['name', '-name', 'last_seen', '-last_seen', 'dev_eui', '-dev_eui'];

  it.each(orderings)('%s: every page, the same rows whether the walk finds them or they are sorted, and only the own companies’', async (ordering) => {
    const expected = inOrder(mine, ordering);
    for (const walkMax of [3, 1000]) {
      for (const [limit, offset] of [
        [2, 0],
        [2, 2],
        [2, 4],
        [4, 0],
        [25, 0],
      ] as const) {
        expect(await page(ordering, limit, offset, walkMax), `${ordering} walk ${walkMax} limit ${limit} offset ${offset}`).toEqual(
          expected.slice(offset, offset + limit),
        );
      }
    }
  });

  it.each(orderings)('%s with a search: the matches in order, however far they sit', async (ordering) => {
    const expected = inOrder(
      mine.filter((row) => row.name.toLowerCase().includes('door')),
      ordering,
    );
    for (const walkMax of [3, 1000]) {
      expect(await page(ordering, 2, 0, walkMax, 'door')).toEqual(expected.slice(0, 2));
      expect(await page(ordering, 2, 2, walkMax, 'door')).toEqual(expected.slice(2, 4));
    }
  });
});
