/**
 * Every price and constant of the public offer (spec §9), the single source for the pricing
 * page, the calculator and their tests. The spec fixes tiers, quotas, the discount and gateway
 * prices; per-device prices and leasing rates are ours to set.
 */
import type { Locale } from './i18n';

export const PRICING = {
  currency: 'EUR',
  freeDeviceLimit: 5,
  /** Per device and month, billed monthly. Premium is Pro with unlimited storage. */
  devicePrice: { basic: 1.0, pro: 1.8, premium: 2.9 },
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

export type Tier = 'free' | 'basic' | 'pro' | 'premium';
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

export interface Quote {
  tier: Tier;
  /** Months in one billing period: 1 monthly, 12 yearly. */
  months: number;
  tokens: { used: number; free: number; billable: number; blocks: number };
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
export function devicePrice(tier: Tier, billing: Billing): number {
  const monthly = tier === 'free' ? 0 : PRICING.devicePrice[tier];
  return round2(billing === 'yearly' ? monthly * (1 - PRICING.yearlyDeviceDiscount) : monthly);
}

/** Tokens beyond the free quota are billed in started blocks of 100,000. */
export function tokenBlocks(used: number, free: number): number {
  return Math.max(0, Math.ceil((used - free) / PRICING.tokenBlock));
}

export function quote(input: CalculatorInput): Quote {
  const devices = whole(input.devices);
  const tier = tierFor(devices, input.storage);
  const months = input.billing === 'yearly' ? 12 : 1;
  const lines: QuoteLine[] = [];
  const add = (key: LineKey, quantity: number, unitPrice: number, when: QuoteLine['when'] = 'recurring') =>
    lines.push({ key, quantity, unitPrice, amount: round2(quantity * unitPrice), when });

  const listPrice = devicePrice(tier, 'monthly');
  add('devices', devices * months, listPrice);
  if (input.billing === 'yearly' && listPrice > 0) add('yearlyDiscount', devices * months, -round2(listPrice * PRICING.yearlyDeviceDiscount));

  const used = whole(input.apiRequests) * PRICING.tokensPerRequest + whole(input.retrievalWeeks) * PRICING.tokensPerRetrievalWeek;
  const free = devices * PRICING.freeTokensPerDevicePerMonth;
  const blocks = tokenBlocks(used, free);
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
  return { tier, months, tokens: { used, free, billable: Math.max(0, used - free), blocks }, lines, recurring: sum('recurring'), once: sum('once') };
}

const intlLocale = (locale: Locale) => (locale === 'de' ? 'de-DE' : 'en-GB');

export function formatEuro(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: PRICING.currency }).format(value);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}

/** The figures the page texts quote, formatted for the reader's language ({placeholders} in locales/). */
export function pricingFigures(locale: Locale): Record<string, string | number> {
  const euro = (value: number) => formatEuro(value, locale);
  return {
    freeLimit: PRICING.freeDeviceLimit,
    basicFrom: PRICING.freeDeviceLimit + 1,
    discount: PRICING.yearlyDeviceDiscount * 100,
    creditMonths: PRICING.yearlyUpgradeCreditMonths,
    freeTokens: formatNumber(PRICING.freeTokensPerDevicePerMonth, locale),
    perRequest: PRICING.tokensPerRequest,
    perWeek: PRICING.tokensPerRetrievalWeek,
    block: formatNumber(PRICING.tokenBlock, locale),
    blockPrice: PRICING.tokenBlockPrice,
    channels: PRICING.gateway.loraChannels,
    withLte: PRICING.gateway.purchase.lte,
    withoutLte: PRICING.gateway.purchase.noLte,
    leaseLte: euro(PRICING.gateway.lease.lte),
    leaseNoLte: euro(PRICING.gateway.lease.noLte),
    trialDays: PRICING.gateway.trialDays,
    standardHours: PRICING.support.standard.hours,
    standardReaction: PRICING.support.standard.reaction,
    premiumHours: PRICING.support.premium.hours,
    premiumReaction: PRICING.support.premium.reaction,
  };
}
