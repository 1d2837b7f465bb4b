import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from 'typebox';
import type { DeviceImportResponse } from '../../../server/src/schemas/device-import.js';
import { twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';
const eui = (prefix: string, n: number) => `${prefix}${n.toString(16).toUpperCase().padStart(4, '0')}`;

describe('plan limits: Free has up to 5 devices', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ NEW_COMPANY_PLAN: 'free' }));
  });
  afterAll(async () => t.close());

  const register = (user: SignedIn, companyId: string, devEui: string) =>
    call(t.app, user, 'POST', '/api/device/', { company_id: companyId, dev_eui: devEui, app_key: KEY });
  const bulk = async (user: SignedIn, companyId: string, devices: object[]) =>
    (await call(t.app, user, 'POST', '/api/device/bulk/', { company_id: companyId, devices })).json<Static<typeof DeviceImportResponse>>().results;
  const count = async (companyId: string) => (await t.db.selectFrom('devices').select('id').where('company_id', '=', companyId).execute()).length;

  it('refuses the 6th device with a code naming the plan and its limit', async () => {
    for (let i = 0; i < 5; i++) expect((await register(alice, company, eui('A10000000000', i))).statusCode).toBe(201);
    const sixth = await register(alice, company, eui('A10000000000', 5));
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toMatchObject({
      code: 'planLimit',
      message: 'The Free plan allows at most 5 devices.',
      field_codes: { dev_eui: { code: 'plan_device_limit', params: { plan: 'Free', limit: 5 } } },
    });
    expect(await count(company)).toBe(5);
  });

  it('imports the rows that fit and fails the others with the reason; bad rows keep their own', async () => {
    const results = await bulk(bob, bobCompany, [
      { dev_eui: eui('B10000000000', 0), app_key: KEY },
      { dev_eui: 'XYZ', app_key: KEY },
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ dev_eui: eui('B10000000000', n), app_key: KEY })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['success', 'failed', 'success', 'success', 'success', 'success', 'failed', 'failed']);
    expect(results[1]?.code).toBe('dev_eui_invalid');
    expect(results[6]).toMatchObject({ code: 'plan_device_limit', params: { plan: 'Free', limit: 5 }, error: 'The Free plan allows at most 5 devices.' });
    expect(await count(bobCompany)).toBe(5);
    // Sending the same file again: the imported rows are duplicates, the refused ones still refused.
    const again = await bulk(bob, bobCompany, [
      { dev_eui: eui('B10000000000', 0), app_key: KEY },
      { dev_eui: eui('B10000000000', 6), app_key: KEY },
    ]);
    expect(again.map((r) => [r.status, r.code])).toEqual([
      ['duplicate', 'device_registered'],
      ['failed', 'plan_device_limit'],
    ]);
  });

  it("follows the operator's override and a change of plan", async () => {
    await t.db.updateTable('companies').set({ device_limit: 7 }).where('id', '=', company).execute();
    expect((await register(alice, company, eui('A10000000000', 5))).statusCode).toBe(201);
    const rows = [6, 7].map((n) => ({ dev_eui: eui('A10000000000', n), app_key: KEY }));
    expect((await bulk(alice, company, rows)).map((r) => r.status)).toEqual(['success', 'failed']);
    await t.db.updateTable('companies').set({ device_limit: null, plan: 'pro' }).where('id', '=', company).execute();
    expect((await register(alice, company, eui('A10000000000', 8))).statusCode).toBe(201);
  });

  it("answers another company's id with 404, before any limit", async () => {
    expect((await register(alice, bobCompany, eui('C10000000000', 0))).statusCode).toBe(404);
  });
});
