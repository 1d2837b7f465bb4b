import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesRepository } from '../../../server/src/repositories/devices.js';
import type { Device } from '../../../server/src/schemas/devices.js';
import { insertDevice, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

type BoundedDevicePage = { count: number; count_exact: boolean; results: Device[] };

// The device list counts its matches only up to a bound (issue #20): past it the answer says "more
// than count" and is not exact; below it, or when asked, the count is exact. The cap here is 5 (the
// server's is COUNT_CAP) so a dozen devices cross it.
describe('the device list’s bounded count', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  const CAP = 5;

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    for (let i = 0; i < 12; i += 1)
      await insertDevice(t, { company_id: company, dev_eui: `EC${i.toString(16).toUpperCase().padStart(14, '0')}`, name: i < 3 ? `Door ${i}` : `Soil ${i}` });
  });
  afterAll(async () => t.close());

  const list = (filters: { search?: string }, window: { limit: number; offset: number }, exactCount?: boolean) =>
    devicesRepository(t.db).list(owner.id, { companyId: company, ...filters }, { ordering: 'name', ...window, exactCount, countCap: CAP });

  it('says "more than the cap" when more devices match, with the page it asked for', async () => {
    const page = await list({}, { limit: 2, offset: 0 });
    expect(page).toMatchObject({ count: CAP, count_exact: false });
    expect(page.results.map((d) => d.name)).toEqual(['Door 0', 'Door 1']);
  });

  it('counts exactly when the matches are within the cap', async () => {
    expect(await list({ search: 'door' }, { limit: 2, offset: 0 })).toMatchObject({ count: 3, count_exact: true });
    expect(await list({}, { limit: 25, offset: 0 })).toMatchObject({ count: 12, count_exact: true });
  });

  it('counts past the page’s end when it lies beyond the cap, so a next page is always told', async () => {
    expect(await list({}, { limit: 3, offset: 6 })).toMatchObject({ count: 9, count_exact: false });
    expect(await list({}, { limit: 3, offset: 9 })).toMatchObject({ count: 12, count_exact: true });
  });

  it('counts every match when asked to', async () => {
    expect(await list({}, { limit: 2, offset: 0 }, true)).toMatchObject({ count: 12, count_exact: true });
    expect(await list({ search: 'soil' }, { limit: 2, offset: 0 }, true)).toMatchObject({ count: 9, count_exact: true });
  });

  it('answers an exact count over the API unless bounded_count is asked, and says an exact count is exact', async () => {
    const get = async (query: string) => (await call(t.app, owner, 'GET', `/api/device/?company_id=${company}&${query}`)).json<BoundedDevicePage>();
    expect(await get('page_size=2')).toMatchObject({ count: 12, count_exact: true });
    expect(await get('page_size=2&search=door')).toMatchObject({ count: 3, count_exact: true });
    expect(await get('page_size=2&bounded_count=true')).toMatchObject({ count: 12, count_exact: true });
    expect((await call(t.app, owner, 'GET', `/api/device/?company_id=${company}&bounded_count=maybe`)).statusCode).toBe(400);
  });
});
