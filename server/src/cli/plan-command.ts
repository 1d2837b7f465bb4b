import type { Db } from '../db/database.js';
import { companiesRepository } from '../repositories/companies.js';
import { PLANS, SAMPLE_RETENTION_DAYS, isPlan, type Plan } from '../domain/plans.js';

export const PLAN_USAGE = `usage: npm run plan -- <company id> [${PLANS.join('|')}]`;

function describe(name: string, plan: Plan): string {
  const days = SAMPLE_RETENTION_DAYS[plan];
  return `${name}: ${plan} (time series kept ${days === null ? 'for good' : `${days} days`})`;
}

/**
 * The operator's `npm run plan`: shows a company's plan, or changes it. Answers the line to print
 * and whether it worked; the caller owns the database and the exit code.
 */
export async function planCommand(db: Db, args: readonly string[]): Promise<{ ok: boolean; output: string }> {
  const [companyId, wanted, ...rest] = args;
  if (!companyId || rest.length > 0) return { ok: false, output: PLAN_USAGE };
  if (wanted !== undefined && !isPlan(wanted)) return { ok: false, output: `unknown plan "${wanted}"; ${PLAN_USAGE}` };
  const companies = companiesRepository(db);
  const company = await companies.planOf(companyId);
  if (!company) return { ok: false, output: `no company with id ${companyId}` };
  if (wanted === undefined) return { ok: true, output: describe(company.name, company.plan) };
  await companies.setPlan(companyId, wanted);
  return { ok: true, output: describe(company.name, wanted) };
}
