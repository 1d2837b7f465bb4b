/**
 * Every price, limit and quota of the offer (spec §9), stated once for the server (limits, metering,
 * the bill preview), the console (usage page) and the marketing site (pricing page, calculator).
 * The spec fixes tiers, quotas, the discount and gateway prices; per-device prices and leasing rates
 * are ours to set. No imports: the marketing site and the console bundle this file as it is.
 */
export const PLANS = ['free', 'basic', 'pro', 'premium', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
/** The plans the public offer prices (Enterprise is on request, set per company by the operator). */
export type Tier = Exclude<Plan, 'enterprise'>;

export const PRICING = {
  currency: 'EUR',
  freeDeviceLimit: 5,
  yearlyDeviceDiscount: 0.1,
  /** Upgrading to yearly billing within this many months credits the monthly payments made. */
  yearlyUpgradeCreditMonths: 3,
  freeTokensPerDevicePerMonth: 800,
  tokenBlock: 100_000,
  tokenBlockPrice: 10,
  tokensPerRequest: 1,
  tokensPerRetrievalWeek: 1,
  gateway: {
    purchase: { lte: 249, noLte: 149 },
    /** Optional leasing instead of purchase, per gateway and month. */
    lease: { lte: 11.9, noLte: 6.9 },
    loraChannels: 8,
    trialDays: 30,
  },
  support: {
    standard: { hours: '8/5', reaction: '24h' },
    premium: { hours: '24/7', reaction: '1h' },
  },
} as const;

export interface PlanRules {
  /** Most devices a company may have; null: no limit. */
  deviceLimit: number | null;
  /** Days a device's time series are kept; null: for good. */
  retentionDays: number | null;
  /** Per device and month, billed monthly. */
  devicePrice: number;
  /** Whether tokens beyond the quota are billed (true) or refused (false). */
  overage: boolean;
}

/**
 * The one table of plans. Free: up to 5 devices, nothing billed, no overage (requests beyond the
 * quota are refused). Every paid plan bills every device. Premium is Pro with unlimited storage;
 * Enterprise starts as Premium and the operator overrides its limits per company.
 */
export const PLAN_RULES: Readonly<Record<Plan, PlanRules>> = {
  free: { deviceLimit: PRICING.freeDeviceLimit, retentionDays: 31, devicePrice: 0, overage: false },
  basic: { deviceLimit: null, retentionDays: 31, devicePrice: 1.0, overage: true },
  pro: { deviceLimit: null, retentionDays: 366, devicePrice: 1.8, overage: true },
  premium: { deviceLimit: null, retentionDays: null, devicePrice: 2.9, overage: true },
  enterprise: { deviceLimit: null, retentionDays: null, devicePrice: 2.9, overage: true },
};

/** Storage plans of the calculator: how long device data is kept. */
export type StoragePlan = 'month' | 'year' | 'unlimited';
export type Billing = 'monthly' | 'yearly';
export type GatewayAcquisition = 'purchase' | 'lease';

export interface CalculatorInput {
  devices: number;
  storage: StoragePlan;
  /** API requests per month (1 request = 1 token). */
  apiRequests: number;
  /** Weeks of device data retrieved per month (1 week = 1 token). */
  retrievalWeeks: number;
  gatewaysWithLte: number;
  gatewaysWithoutLte: number;
  gatewayAcquisition: GatewayAcquisition;
  billing: Billing;
}

export type LineKey = 'devices' | 'yearlyDiscount' | 'tokens' | 'purchaseLte' | 'purchaseNoLte' | 'leaseLte' | 'leaseNoLte';

/** One row of the itemised result: quantity × unit price, per billing period or once. */
export interface QuoteLine {
  key: LineKey;
  quantity: number;
  unitPrice: number;
  amount: number;
  when: 'recurring' | 'once';
}

export interface Quote<P extends Plan = Tier> {
  tier: P;
  /** Months in one billing period: 1 monthly, 12 yearly. */
  months: number;
  /** A month's tokens: used, the free quota, billed beyond it (0 without overage), started blocks. */
  tokens: { used: number; free: number; billable: number; blocks: number; overage: boolean };
  lines: QuoteLine[];
  /** Billed every period (month or year). */
  recurring: number;
  /** Billed once (gateway purchases). */
  once: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
const whole = (value: number): number => (Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0);

/** The tier a fleet lands in: storage decides Pro and Premium; else Free up to 5 devices, Basic from 6. */
export function tierFor(devices: number, storage: StoragePlan): Tier {
  if (storage === 'unlimited') return 'premium';
  if (storage === 'year') return 'pro';
  return devices <= PRICING.freeDeviceLimit ? 'free' : 'basic';
}

/** Price per device and month; yearly billing takes the discount off. */
export function devicePrice(plan: Plan, billing: Billing): number {
  const monthly = PLAN_RULES[plan].devicePrice;
  return round2(billing === 'yearly' ? monthly * (1 - PRICING.yearlyDeviceDiscount) : monthly);
}

/**
 * A month's free tokens: 800 per device. Free counts its full allowance of 5 devices, so a new
 * company can make its first API calls before it has registered a device.
 */
export function tokenQuota(plan: Plan, devices: number): number {
  const counted = plan === 'free' ? PRICING.freeDeviceLimit : whole(devices);
  return counted * PRICING.freeTokensPerDevicePerMonth;
}

/** Tokens beyond the free quota are billed in started blocks of 100,000. */
export function tokenBlocks(used: number, free: number): number {
  return Math.max(0, Math.ceil((used - free) / PRICING.tokenBlock));
}

/** The usage a bill is made of: one month's devices, tokens and gateways. */
export interface BillInput {
  devices: number;
  /** Tokens of one month (requests and weeks of data together). */
  tokens: number;
  /** Tokens free this month; defaults to the plan's quota for the devices. */
  freeTokens?: number;
  gatewaysWithLte: number;
  gatewaysWithoutLte: number;
  gatewayAcquisition: GatewayAcquisition;
  billing: Billing;
}

/** The itemised bill of a plan: the calculator's quote and the console's bill preview are both this. */
export function bill<P extends Plan>(plan: P, input: BillInput): Quote<P> {
  const devices = whole(input.devices);
  const rules = PLAN_RULES[plan];
  const months = input.billing === 'yearly' ? 12 : 1;
  const lines: QuoteLine[] = [];
  const add = (key: LineKey, quantity: number, unitPrice: number, when: QuoteLine['when'] = 'recurring') =>
    lines.push({ key, quantity, unitPrice, amount: round2(quantity * unitPrice), when });

  const listPrice = devicePrice(plan, 'monthly');
  add('devices', devices * months, listPrice);
  if (input.billing === 'yearly' && listPrice > 0) add('yearlyDiscount', devices * months, -round2(listPrice * PRICING.yearlyDeviceDiscount));

  const used = whole(input.tokens);
  const free = input.freeTokens ?? tokenQuota(plan, devices);
  // Free has no overage: what lies beyond its quota is refused, never billed.
  const blocks = rules.overage ? tokenBlocks(used, free) : 0;
  add('tokens', blocks * months, PRICING.tokenBlockPrice);

  const lte = whole(input.gatewaysWithLte);
  const noLte = whole(input.gatewaysWithoutLte);
  if (input.gatewayAcquisition === 'lease') {
    if (lte > 0) add('leaseLte', lte * months, PRICING.gateway.lease.lte);
    if (noLte > 0) add('leaseNoLte', noLte * months, PRICING.gateway.lease.noLte);
  } else {
    if (lte > 0) add('purchaseLte', lte, PRICING.gateway.purchase.lte, 'once');
    if (noLte > 0) add('purchaseNoLte', noLte, PRICING.gateway.purchase.noLte, 'once');
  }

  const sum = (when: QuoteLine['when']) => round2(lines.filter((line) => line.when === when).reduce((total, line) => total + line.amount, 0));
  const billable = rules.overage ? Math.max(0, used - free) : 0;
  return { tier: plan, months, tokens: { used, free, billable, blocks, overage: rules.overage }, lines, recurring: sum('recurring'), once: sum('once') };
}

/** The marketing calculator: the tier follows from the fleet and its storage, the rest is bill(). */
export function quote(input: CalculatorInput): Quote {
  const tokens = whole(input.apiRequests) * PRICING.tokensPerRequest + whole(input.retrievalWeeks) * PRICING.tokensPerRetrievalWeek;
  return bill(tierFor(whole(input.devices), input.storage), { ...input, tokens });
}
