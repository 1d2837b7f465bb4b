import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';

/** Writes carry a company_id: one the caller does not belong to is treated as nonexistent. */
export async function assertCompanyMember(ctx: AppContext, userId: string, companyId: string): Promise<void> {
  if (!(await ctx.repos.companies.isMember(userId, companyId))) throw notFound();
}
