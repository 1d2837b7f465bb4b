/**
 * Subscription plans (spec §9 "Tiers") as the server applies them; the rules themselves live in
 * pricing.ts, the one table shared with the console and the marketing site. A company's plan is set
 * by the operator (`npm run plan` or the operator back-office), never by the company itself.
 */
import { PLAN_RULES, PLANS, tokenQuota, type Plan } from './pricing.js';

export { PLANS, type Plan } from './pricing.js';

/** What a company gets before the operator changes it; keeps the one month Free and Basic have. */
export const DEFAULT_PLAN: Plan = 'free';

/** Days a device's time series (SERIES widgets) are kept; null keeps them for good. */
export const SAMPLE_RETENTION_DAYS: Readonly<Record<Plan, number | null>> = Object.fromEntries(
  PLANS.map((plan) => [plan, PLAN_RULES[plan].retentionDays]),
) as Record<Plan, number | null>;

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** What the operator may set per company on top of its plan (null: the plan's own). */
export interface PlanOverrides {
  device_limit: number | null;
  token_quota: number | null;
}

/** Largest device limit or token quota the operator may set on a company (a limit, not a figure anyone pays for). */
export const MAX_PLAN_OVERRIDE = 100_000_000;

/** Longest reason the operator may give for suspending a company (its users read it in a banner). */
export const MAX_SUSPENSION_REASON = 500;

/** The plan's name as texts show it ("Free", "Pro"): the same in every language. */
export function planName(plan: Plan): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/** Most devices the company may have: the operator's override, else the plan's; null: no limit. */
export function deviceLimitOf(plan: Plan, overrides: PlanOverrides): number | null {
  return overrides.device_limit ?? PLAN_RULES[plan].deviceLimit;
}

/** The company's free tokens this month: the operator's override, else the plan's quota for its devices. */
export function tokenQuotaOf(plan: Plan, overrides: PlanOverrides, devices: number): number {
  return overrides.token_quota ?? tokenQuota(plan, devices);
}
