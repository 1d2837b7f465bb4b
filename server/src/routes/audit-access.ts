import type { AppContext } from '../context.js';
import { forbidden, notFound } from '../http/errors.js';
import type { Company } from '../schemas/companies.js';

/**
 * The roles that may read a company's audit log. Today every member (companies know no other
 * roles yet); with roles per company (issue #15) this becomes the admins and the owners.
 */
const AUDIT_READER_ROLES: readonly Company['role'][] = ['owner', 'member'];

/** Whether the caller's membership lets them read the company's audit log: the one place that decides it. */
export function canReadAudit(membership: Pick<Company, 'role'>): boolean {
  return AUDIT_READER_ROLES.includes(membership.role);
}

/** The company whose log the caller asks for; another company's is "no such" (404), a role without the right 403. */
export async function auditedCompany(ctx: AppContext, userId: string, companyId: string): Promise<Company> {
  const company = await ctx.repos.companies.find(userId, companyId);
  if (!company) throw notFound();
  if (!canReadAudit(company)) throw forbidden();
  return company;
}
