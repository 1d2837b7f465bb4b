import type { TransactionRepositories } from '../context.js';
import { deviceLimitOf, planName } from '../domain/plans.js';
import { HttpProblem, notFound } from '../http/errors.js';
import type { FieldError } from '../schemas/messages.js';

/** Why a device beyond the plan's limit is refused: the plan's name and its limit, for the console to translate. */
export function deviceLimitReason(plan: string, limit: number): FieldError {
  return { code: 'plan_device_limit', params: { plan, limit } };
}

/**
 * How many more devices the company may get now (Infinity: no limit). Call it inside the
 * transaction that inserts them: the company's row stays locked until it commits.
 */
export async function deviceRoom(tx: TransactionRepositories, companyId: string): Promise<{ room: number; reason: FieldError | undefined }> {
  const locked = await tx.companyPlans.lockForDevices(companyId);
  if (!locked) throw notFound();
  const limit = deviceLimitOf(locked.plan.plan, locked.plan);
  if (limit === null) return { room: Number.POSITIVE_INFINITY, reason: undefined };
  return { room: Math.max(0, limit - locked.devices), reason: deviceLimitReason(planName(locked.plan.plan), limit) };
}

/** Refuses one more device when the company's plan has no room (403 planLimit, the reason on the DevEUI field). */
export async function assertDeviceRoom(tx: TransactionRepositories, companyId: string): Promise<void> {
  const { room, reason } = await deviceRoom(tx, companyId);
  if (room < 1 && reason)
    throw new HttpProblem(403, 'planLimit', `The ${reason.params?.plan} plan allows at most ${reason.params?.limit} devices.`, { dev_eui: reason });
}
