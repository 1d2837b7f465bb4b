import type { AppContext } from '../context.js';
import { AUDIT_READER_ROLE } from '../domain/audit.js';
import { roleAtLeast } from '../domain/roles.js';
import { forbidden, notFound } from '../http/errors.js';
import type { Company } from '../schemas/companies.js';

/**
 * Whether the caller's membership lets them read the company's audit log: admins and owners
 * (AUDIT_READER_ROLE, which the route permission table uses too).
 */
export function canReadAudit(membership: Pick<Company, 'role'>): boolean {
  return roleAtLeast(membership.role, AUDIT_READER_ROLE);
}

/** The company whose log the caller asks for; another company's is "no such" (404), a role without the right 403. */
export async function auditedCompany(ctx: AppContext, userId: string, companyId: string): Promise<Company> {
  const company = await ctx.repos.companies.find(userId, companyId);
  if (!company) throw notFound();
  if (!canReadAudit(company)) throw forbidden();
  return company;
}
