/**
 * Every price and constant of the public offer (spec §9), the single source for the pricing
 * page, the calculator and their tests. Per-device prices are ours to set (the spec gives none).
 */
export const PRICING = {
  currency: 'EUR',
  freeDeviceLimit: 5,
  /** Per device and month, billed monthly. */
  devicePrice: { basic: 1.0, pro: 1.8, premium: 2.9 },
  yearlyDeviceDiscount: 0.1,
  /** Upgrading to yearly billing within this many months credits the monthly payments made. */
  yearlyUpgradeCreditMonths: 3,
  freeTokensPerDevicePerMonth: 800,
  tokenBlock: 100_000,
  tokenBlockPrice: 10,
  tokensPerRequest: 1,
  tokensPerRetrievalWeek: 1,
  gateway: { withLte: 249, withoutLte: 149, loraChannels: 8, trialDays: 30, leasing: true },
  storage: { free: '1 month', basic: '1 month', pro: '1 year', premium: 'unlimited' },
  support: {
    standard: { hours: '8/5', reaction: '24h' },
    premium: { hours: '24/7', reaction: '1h' },
  },
} as const;

export type Tier = 'free' | 'basic' | 'pro' | 'premium';
/** Storage plans of the calculator: how long device data is kept. */
export type StoragePlan = 'month' | 'year' | 'unlimited';
export type Billing = 'monthly' | 'yearly';

export interface CalculatorInput {
  devices: number;
  storage: StoragePlan;
  /** API requests per month (1 request = 1 token). */
  apiRequests: number;
  /** Weeks of data retrieved per month (1 week = 1 token). */
  retrievalWeeks: number;
  gatewaysWithLte: number;
  gatewaysWithoutLte: number;
  billing: Billing;
}

export interface Quote {
  tier: Tier;
  /** Device fees per month, after the yearly discount when billed yearly. */
  devicesMonthly: number;
  tokensUsed: number;
  tokensFree: number;
  tokenBlocks: number;
  tokensMonthly: number;
  gatewaysOnce: number;
  /** What is billed each period: one month, or twelve months when billed yearly. */
  recurring: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The tier a fleet lands in: Free up to 5 devices with one month of storage, else by storage. */
export function tierFor(devices: number, storage: StoragePlan): Tier {
  if (storage === 'unlimited') return 'premium';
  if (storage === 'year') return 'pro';
  return devices <= PRICING.freeDeviceLimit ? 'free' : 'basic';
}

export function devicePrice(tier: Tier, billing: Billing): number {
  const monthly = tier === 'free' ? 0 : PRICING.devicePrice[tier];
  return round2(billing === 'yearly' ? monthly * (1 - PRICING.yearlyDeviceDiscount) : monthly);
}

/** Tokens beyond the free quota are billed in started blocks of 100,000. */
export function tokenBlocks(used: number, free: number): number {
  return Math.max(0, Math.ceil((used - free) / PRICING.tokenBlock));
}

export function quote(input: CalculatorInput): Quote {
  const devices = Math.max(0, Math.floor(input.devices));
  const tier = tierFor(devices, input.storage);
  const devicesMonthly = round2(devices * devicePrice(tier, input.billing));
  const tokensUsed = input.apiRequests * PRICING.tokensPerRequest + input.retrievalWeeks * PRICING.tokensPerRetrievalWeek;
  const tokensFree = devices * PRICING.freeTokensPerDevicePerMonth;
  const blocks = tokenBlocks(tokensUsed, tokensFree);
  const tokensMonthly = blocks * PRICING.tokenBlockPrice;
  const gatewaysOnce = input.gatewaysWithLte * PRICING.gateway.withLte + input.gatewaysWithoutLte * PRICING.gateway.withoutLte;
  const months = input.billing === 'yearly' ? 12 : 1;
  return { tier, devicesMonthly, tokensUsed, tokensFree, tokenBlocks: blocks, tokensMonthly, gatewaysOnce, recurring: round2((devicesMonthly + tokensMonthly) * months) };
}

export function formatEuro(value: number, locale: 'en' | 'de'): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: PRICING.currency }).format(value);
}

/** The figures the page texts quote, formatted for the reader's language ({placeholders} in locales/). */
export function pricingFigures(locale: 'en' | 'de'): Record<string, string | number> {
  const number = (value: number) => new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB').format(value);
  return {
    freeLimit: PRICING.freeDeviceLimit,
    basicFrom: PRICING.freeDeviceLimit + 1,
    discount: PRICING.yearlyDeviceDiscount * 100,
    creditMonths: PRICING.yearlyUpgradeCreditMonths,
    freeTokens: number(PRICING.freeTokensPerDevicePerMonth),
    perRequest: PRICING.tokensPerRequest,
    perWeek: PRICING.tokensPerRetrievalWeek,
    block: number(PRICING.tokenBlock),
    blockPrice: PRICING.tokenBlockPrice,
    channels: PRICING.gateway.loraChannels,
    withLte: PRICING.gateway.withLte,
    withoutLte: PRICING.gateway.withoutLte,
    trialDays: PRICING.gateway.trialDays,
    standardHours: PRICING.support.standard.hours,
    standardReaction: PRICING.support.standard.reaction,
    premiumHours: PRICING.support.premium.hours,
    premiumReaction: PRICING.support.premium.reaction,
  };
}
