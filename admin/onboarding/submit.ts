import { AppError } from '../stores/appError';
import type { CustomerType } from './steps';

export interface OnboardingCalls {
  updateUser(fields: { is_tenant_enabled?: boolean; is_onboarded?: boolean }): Promise<unknown>;
  createTenant(body: { name: string }): Promise<{ id?: string } | undefined>;
  createCompany(body: { name: string; tenant_id?: string }): Promise<{ id?: string } | undefined>;
}

/**
 * Submission order of spec §4: set is_tenant_enabled (false direct, true indirect); for indirect
 * customers create a tenant first; create the company (with the tenant's id); set is_onboarded.
 */
export async function submitOnboarding(customerType: CustomerType, companyName: string, calls: OnboardingCalls): Promise<void> {
  const name = companyName.trim();
  const indirect = customerType === 'indirect';
  await calls.updateUser({ is_tenant_enabled: indirect });
  let tenantId: string | undefined;
  if (indirect) {
    const tenant = await calls.createTenant({ name });
    if (!tenant?.id) throw new AppError('app.errors.failedCreateTenant');
    tenantId = tenant.id;
  }
  const company = await calls.createCompany(tenantId ? { name, tenant_id: tenantId } : { name });
  if (!company?.id) throw new AppError('app.errors.failedCreateCompany');
  await calls.updateUser({ is_onboarded: true });
}
