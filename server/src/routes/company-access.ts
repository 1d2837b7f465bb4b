import type { AppContext } from '../context.js';
import type { DeviceDetail } from '../schemas/devices.js';
import { notFound } from '../http/errors.js';

/** Writes carry a company_id: one the caller does not belong to is treated as nonexistent. */
export async function assertCompanyMember(ctx: AppContext, userId: string, companyId: string): Promise<void> {
  if (!(await ctx.repos.companies.isMember(userId, companyId))) throw notFound();
}

/** A device of one of the caller's companies; another company's (or none) is "no such" (404). */
export async function visibleDevice(ctx: AppContext, userId: string, id: string): Promise<DeviceDetail> {
  const device = await ctx.repos.devices.find(userId, id);
  if (!device) throw notFound();
  return device;
}
