/**
 * Subscription plans (spec §9 "Tiers") and what the data plane derives from them. A company's
 * plan is set by the operator (`npm run plan`), never by the company itself: billing is not
 * part of this platform yet.
 */
export const PLANS = ['free', 'basic', 'pro', 'premium', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** What a company gets before the operator changes it; keeps the one month Free and Basic have. */
export const DEFAULT_PLAN: Plan = 'free';

/**
 * Days a device's time series (SERIES widgets) are kept; null keeps them for good. Spec §9: Free
 * and Basic one month, Pro one year, Premium unlimited; Enterprise is on request and starts with
 * Premium's.
 */
export const SAMPLE_RETENTION_DAYS: Readonly<Record<Plan, number | null>> = { free: 31, basic: 31, pro: 366, premium: null, enterprise: null };

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}
