import { AppError } from '../stores/appError';
import type { OnboardingAnswers } from './steps';

export interface OnboardingCalls {
  updateUser(fields: { is_tenant_enabled?: boolean; is_onboarded?: boolean }): Promise<unknown>;
  createTenant(body: { name: string }): Promise<{ id?: string } | undefined>;
  createCompany(body: { name: string; tenant_id?: string }): Promise<{ id?: string } | undefined>;
  /** POST /invite/{code}/join: answers the company joined. */
  joinWithCode(code: string): Promise<{ company_id: string }>;
}

type Submitted = Pick<OnboardingAnswers, 'customerType' | 'companyName' | 'inviteCode' | 'tenantModeOff'>;

/**
 * Submission order of spec §4: set is_tenant_enabled (false direct, true indirect); for indirect
 * customers create a tenant first; create the company (with the tenant's id); set is_onboarded.
 * A user whose multi-tenant mode is already on keeps it when choosing "direct" unless they ticked
 * "turn it off" (their tenants would vanish from the bar). Joining with an invite code creates
 * nothing and leaves the tenant mode alone. Answers the id of the company to land in.
 */
export async function submitOnboarding(answers: Submitted, tenantModeNow: boolean, calls: OnboardingCalls): Promise<string> {
  if (answers.customerType === 'join') {
    const joined = await calls.joinWithCode(answers.inviteCode.trim());
    await calls.updateUser({ is_onboarded: true });
    return joined.company_id;
  }
  const name = answers.companyName.trim();
  const indirect = answers.customerType === 'indirect';
  await calls.updateUser({ is_tenant_enabled: indirect || (tenantModeNow && !answers.tenantModeOff) });
  let tenantId: string | undefined;
  if (indirect) {
    const tenant = await calls.createTenant({ name });
    if (!tenant?.id) throw new AppError('app.errors.failedCreateTenant');
    tenantId = tenant.id;
  }
  const company = await calls.createCompany(tenantId ? { name, tenant_id: tenantId } : { name });
  if (!company?.id) throw new AppError('app.errors.failedCreateCompany');
  await calls.updateUser({ is_onboarded: true });
  return company.id;
}
