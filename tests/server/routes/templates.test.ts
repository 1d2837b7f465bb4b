import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { Profile } from '../../../server/src/schemas/profiles.js';
import type { Template, TemplatePage } from '../../../server/src/schemas/templates.js';
import { twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

describe('template store /api/template/{company_id}', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies());
  });
  afterAll(async () => t.close());

  const store = async (query = '') => (await call(t.app, alice, 'GET', `/api/template/${company}${query}`)).json<Static<typeof TemplatePage>>();

  it('lists the seeded models with their vendors, searchable and filterable by vendor', async () => {
    const all = await store('?page_size=100');
    expect(all.count).toBeGreaterThanOrEqual(12);
    expect(all.vendors).toEqual(expect.arrayContaining(['Dragino', 'Milesight', 'ELSYS', 'Browan', 'Netvox', 'Adeunis']));
    expect((await store('?vendor=Milesight')).results.every((r) => r.vendor === 'Milesight')).toBe(true);
    expect((await store('?search=lht65')).results.map((r) => r.id)).toEqual(['dragino-lht65n']);
    expect((await store('?search=r718a')).results[0]).toMatchObject({
      region: 'EU868',
      mac_version: 'LORAWAN_1_0_2',
      reg_params_revision: 'B',
      uplink_interval_s: 900,
    });
  });

  it('copies a template into the company once, then says Already added', async () => {
    const copied = await call(t.app, alice, 'POST', `/api/template/${company}/milesight-em300-th`);
    expect(copied.statusCode).toBe(201);
    const profile = copied.json<Profile>();
    expect(profile).toMatchObject({ name: 'Milesight EM300-TH', template_id: 'milesight-em300-th', is_template: true });
    // The model's network settings come along: Milesight's LoRaWAN 1.0.3, a report every 10 minutes.
    expect(profile).toMatchObject({ region: 'EU868', mac_version: 'LORAWAN_1_0_3', reg_params_revision: 'A', uplink_interval_s: 600 });
    const again = await call(t.app, alice, 'POST', `/api/template/${company}/milesight-em300-th`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ fields: { template_id: 'Already added' } });
    const listed = (await store('?search=em300-th')).results[0];
    expect(listed).toMatchObject({ already_added: true, profile_id: profile.id });
    expect((await call(t.app, alice, 'GET', `/api/config/${company}/templates`)).json()).toMatchObject({ count: 1, results: [{ id: profile.id }] });
    // Other companies still see it as not added.
    expect((await call(t.app, bob, 'GET', `/api/template/${bobCompany}?search=em300-th`)).json()).toMatchObject({ results: [{ already_added: false }] });
  });

  it("test-runs a copied template's codec on its own sample payload", async () => {
    const template = (await store('?search=lht65n')).results[0] as Template;
    const profile = (await call(t.app, alice, 'POST', `/api/template/${company}/${template.id}`)).json<Profile>();
    const sample = template.samples[0];
    const run = await call(t.app, alice, 'POST', `/api/config/${company}/codec-test`, {
      codec: profile.codec,
      payload: sample?.bytes_hex,
      fPort: sample?.fPort,
    });
    // The schema leaves `expected` open; every catalogue sample expects { data } (templates/catalog.test.ts).
    expect(run.json()).toMatchObject({ ok: true, ...(sample?.expected as { data: unknown }) });
  });

  it('answers 404 for unknown templates and for companies of others', async () => {
    expect((await call(t.app, alice, 'POST', `/api/template/${company}/no-such-model`)).statusCode).toBe(404);
    expect((await call(t.app, alice, 'GET', `/api/template/${bobCompany}`)).statusCode).toBe(404);
    expect((await call(t.app, alice, 'POST', `/api/template/${bobCompany}/dragino-lds02`)).statusCode).toBe(404);
    expect((await call(t.app, alice, 'GET', `/api/template/${company}?page_size=0`)).statusCode).toBe(400);
  });
});
