import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand, PLAN_USAGE } from '../../../server/src/cli/plan-command.js';
import { oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

describe('npm run plan (operator)', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  beforeAll(async () => {
    // The command prints the company's name.
    ({ t, owner, company } = await oneCompany({ NEW_COMPANY_PLAN: 'free' }, 'Orchard Sensors'));
  });
  afterAll(async () => t.close());

  it("shows a company's plan and how long it keeps time series", async () => {
    expect(await planCommand(t.db, [company])).toEqual({ ok: true, output: 'Orchard Sensors: free (time series kept 31 days)' });
  });

  it('changes the plan, which the company then sees in the API', async () => {
    expect(await planCommand(t.db, [company, 'pro'])).toEqual({ ok: true, output: 'Orchard Sensors: pro (time series kept 366 days)' });
    expect((await call(t.app, owner, 'GET', `/api/company/${company}/`)).json()).toMatchObject({ plan: 'pro', sample_retention_days: 366 });
    expect(await planCommand(t.db, [company, 'premium'])).toEqual({ ok: true, output: 'Orchard Sensors: premium (time series kept for good)' });
  });

  it('refuses missing or extra arguments, unknown plans and unknown companies, changing nothing', async () => {
    expect(await planCommand(t.db, [])).toEqual({ ok: false, output: PLAN_USAGE });
    expect(await planCommand(t.db, [company, 'pro', 'extra'])).toEqual({ ok: false, output: PLAN_USAGE });
    expect(await planCommand(t.db, [company, 'gold'])).toEqual({ ok: false, output: `unknown plan "gold"; ${PLAN_USAGE}` });
    expect(await planCommand(t.db, ['00000000-0000-4000-8000-000000000000', 'pro'])).toEqual({
      ok: false,
      output: 'no company with id 00000000-0000-4000-8000-000000000000',
    });
    expect((await call(t.app, owner, 'GET', `/api/company/${company}/`)).json()).toMatchObject({ plan: 'premium', sample_retention_days: null });
  });
});
