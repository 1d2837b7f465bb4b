/**
 * Subscription plans (spec §9 "Tiers") as the server applies them; the rules themselves live in
 * pricing.ts, the one table shared with the console and the marketing site. A company's plan is set
 * by the operator (`npm run plan` or the operator back-office), never by the company itself.
 */
import { PLAN_RULES, PLANS, type Plan } from './pricing.js';

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
