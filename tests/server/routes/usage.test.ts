import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quote } from '../../../marketing/src/lib/pricing.js';
import type { BillPreview, Usage } from '../../../server/src/schemas/usage.js';
import { insertDevice, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

// Mid-December 2026: day 15 of 31, so a month's projection is used × 31 / 15.
const NOW = Date.parse('2026-12-15T12:00:00.000Z');

describe('/api/usage', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  beforeAll(async () => {
    // Sessions outlive the jump to mid-December.
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ ACCESS_TOKEN_TTL_SECONDS: String(90 * 24 * 3600) }));
    t.clock.advance(NOW - Date.now());
    for (let i = 0; i < 10; i++) await insertDevice(t, { company_id: company, dev_eui: `F00000000000000${i}`, name: `Meter ${i}` });
    await t.db
      .insertInto('token_usage')
      .values([
        { company_id: company, day: '2026-12-01', tokens: 100_000 },
        { company_id: company, day: '2026-12-14', tokens: 50_000 },
        { company_id: company, day: '2026-11-30', tokens: 7 },
        { company_id: company, day: '2025-12-31', tokens: 99 },
        { company_id: bobCompany, day: '2026-12-02', tokens: 5 },
      ])
      .execute();
  });
  afterAll(async () => t.close());

  const get = (user: SignedIn, url: string) => call(t.app, user, 'GET', url);

  it("shows plan, devices against the limit, this month's tokens against the quota, and 12 months", async () => {
    const usage = (await get(alice, `/api/usage/?company_id=${company}`)).json<Usage>();
    expect(usage).toMatchObject({
      plan: 'basic',
      suspended: false,
      month: '2026-12',
      devices: { count: 10, limit: null },
      tokens: { used: 150_000, quota: 8_000, remaining: 0, overage: true },
      sample_retention_days: 31,
    });
    expect(usage.tokens.daily).toEqual([
      { day: '2026-12-01', tokens: 100_000 },
      { day: '2026-12-14', tokens: 50_000 },
    ]);
    expect(usage.history).toHaveLength(12);
    expect(usage.history[0]).toEqual({ month: '2026-01', tokens: 0 });
    expect(usage.history.slice(-2)).toEqual([
      { month: '2026-11', tokens: 7 },
      { month: '2026-12', tokens: 150_000 },
    ]);
  });

  it("shows Free's limit and quota", async () => {
    await t.db.updateTable('companies').set({ plan: 'free' }).where('id', '=', bobCompany).execute();
    const usage = (await get(bob, `/api/usage/?company_id=${bobCompany}`)).json<Usage>();
    expect(usage).toMatchObject({ plan: 'free', devices: { count: 0, limit: 5 }, tokens: { used: 5, quota: 4_000, remaining: 3_995, overage: false } });
  });

  it('projects the bill exactly as the calculator quotes the same month', async () => {
    // 150,000 tokens by the 15th → 310,000 in December; 10 Basic devices give 8,000 free → 302,000 beyond → 4 blocks.
    const monthly = (await get(alice, `/api/usage/bill?company_id=${company}`)).json<BillPreview>();
    expect(monthly.projected_tokens).toBe(310_000);
    expect(monthly.lines.map((line) => [line.key, line.amount])).toEqual([
      ['devices', 10],
      ['tokens', 40],
    ]);
    expect(monthly.recurring).toBe(50);
    const yearly = (await get(alice, `/api/usage/bill?company_id=${company}&billing=yearly`)).json<BillPreview>();
    // 120 device months × 1.00 € − 10 % (12 €) + 48 blocks × 10 € = 588 €.
    expect(yearly.recurring).toBe(588);
    for (const billing of ['monthly', 'yearly'] as const) {
      const calculator = quote({
        devices: 10,
        storage: 'month',
        apiRequests: 310_000,
        retrievalWeeks: 0,
        gatewaysWithLte: 0,
        gatewaysWithoutLte: 0,
        gatewayAcquisition: 'purchase',
        billing,
      });
      const preview = billing === 'monthly' ? monthly : yearly;
      expect({ lines: preview.lines, recurring: preview.recurring, tokens: preview.tokens }).toEqual({
        lines: calculator.lines,
        recurring: calculator.recurring,
        tokens: calculator.tokens,
      });
    }
  });

  it("answers another company's id with 404 and bad input with 400", async () => {
    expect((await get(alice, `/api/usage/?company_id=${bobCompany}`)).statusCode).toBe(404);
    expect((await get(alice, `/api/usage/bill?company_id=${bobCompany}`)).statusCode).toBe(404);
    expect((await get(alice, '/api/usage/')).statusCode).toBe(400);
    expect((await get(alice, '/api/usage/?company_id=nope')).statusCode).toBe(400);
    expect((await get(alice, `/api/usage/bill?company_id=${company}&billing=weekly`)).statusCode).toBe(400);
  });
});
