import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

describe('GET /api/filter_options/{model}/{field}', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let profile: string;
  beforeAll(async () => {
    const setup = await twoCompanies();
    ({ t, alice, bob, company } = setup);
    profile = await createRecord(t, alice, `/api/config/${company}`, { name: 'Door sensor' });
    const rows = ['01', '02', '03'].map((n) => ({ dev_eui: `A8404100018100${n}`, app_key: 'A'.repeat(32) }));
    await call(t.app, alice, 'POST', '/api/device/bulk/', { company_id: company, config: profile, devices: rows });
    await t.db.updateTable('devices').set({ power_source: 'battery', battery_level: 10 }).where('dev_eui', '=', 'A840410001810001').execute();
    await call(t.app, bob, 'POST', `/api/config/${setup.bobCompany}`, { name: 'Bob secret profile' });
  });
  afterAll(async () => t.close());

  const options = async (user: SignedIn, path: string) => call(t.app, user, 'GET', `/api/filter_options/${path}`);

  it('counts devices per profile of the own companies', async () => {
    expect((await options(alice, `device/config?company_id=${company}`)).json()).toEqual({ results: [{ value: profile, label: 'Door sensor', count: 3 }] });
    expect((await options(bob, 'device/config')).json()).toEqual({ results: [] });
  });

  it('counts devices per power status', async () => {
    expect((await options(alice, 'device/power_status')).json()).toEqual({
      results: [
        { value: 'battery_low', label: 'battery_low', count: 1 },
        { value: 'unknown', label: 'unknown', count: 2 },
      ],
    });
  });

  it('filters options by search text', async () => {
    expect((await options(alice, 'device/config?search=door')).json()).toMatchObject({ results: [{ label: 'Door sensor' }] });
    expect((await options(alice, 'device/config?search=window')).json()).toEqual({ results: [] });
  });

  it('answers unknown models and fields with 404, naming the known ones', async () => {
    const model = await options(alice, 'users/email');
    expect(model.statusCode).toBe(404);
    expect(model.json()).toMatchObject({ code: 'notFound', fields: { model_name: expect.any(String) } });
    const field = await options(alice, 'device/app_key');
    expect(field.statusCode).toBe(404);
    expect(field.json()).toMatchObject({ fields: { field_name: expect.stringContaining('power_status') } });
  });
});
