import { describe, expect, it } from 'vitest';
import { devicePrice, PLAN_RULES, PRICING, quote, tierFor, tokenBlocks, type CalculatorInput, type LineKey, type Quote } from '../../marketing/src/lib/pricing';

const base: CalculatorInput = {
  devices: 0,
  storage: 'month',
  apiRequests: 0,
  retrievalWeeks: 0,
  gatewaysWithLte: 0,
  gatewaysWithoutLte: 0,
  gatewayAcquisition: 'purchase',
  billing: 'monthly',
};
const amounts = (result: Quote): Partial<Record<LineKey, number>> => Object.fromEntries(result.lines.map((line) => [line.key, line.amount]));

describe('pricing constants (spec §9)', () => {
  it('keeps the published figures', () => {
    expect(PRICING.freeDeviceLimit).toBe(5);
    expect(PRICING.freeTokensPerDevicePerMonth).toBe(800);
    expect([PRICING.tokenBlock, PRICING.tokenBlockPrice]).toEqual([100_000, 10]);
    expect([PRICING.tokensPerRequest, PRICING.tokensPerRetrievalWeek]).toEqual([1, 1]);
    expect(PRICING.yearlyDeviceDiscount).toBe(0.1);
    expect(PRICING.yearlyUpgradeCreditMonths).toBe(3);
    expect(PRICING.gateway.purchase).toEqual({ lte: 249, noLte: 149 });
    expect([PRICING.gateway.loraChannels, PRICING.gateway.trialDays]).toEqual([8, 30]);
    expect(PRICING.support).toEqual({ standard: { hours: '8/5', reaction: '24h' }, premium: { hours: '24/7', reaction: '1h' } });
  });

  it('prices longer storage higher, per device', () => {
    expect(PLAN_RULES.basic.devicePrice).toBeLessThan(PLAN_RULES.pro.devicePrice);
    expect(PLAN_RULES.pro.devicePrice).toBeLessThan(PLAN_RULES.premium.devicePrice);
  });
});

describe('free tier limit', () => {
  it('is free up to 5 devices with one month of storage', () => {
    expect(tierFor(0, 'month')).toBe('free');
    expect(tierFor(5, 'month')).toBe('free');
    expect(quote({ ...base, devices: 5 })).toMatchObject({ tier: 'free', recurring: 0 });
  });

  it('bills every device from the 6th on, at the Basic price', () => {
    // 6 devices × 1.00 € = 6.00 €: leaving the free tier bills the whole fleet.
    const result = quote({ ...base, devices: 6 });
    expect(result.tier).toBe('basic');
    expect(result.lines[0]).toEqual({ key: 'devices', quantity: 6, unitPrice: 1, amount: 6, when: 'recurring' });
    expect(result.recurring).toBe(6);
  });

  it('lets storage decide Pro and Premium for any fleet size', () => {
    expect(quote({ ...base, devices: 3, storage: 'year' })).toMatchObject({ tier: 'pro', recurring: 5.4 }); // 3 × 1.80
    expect(quote({ ...base, devices: 10, storage: 'unlimited' })).toMatchObject({ tier: 'premium', recurring: 29 }); // 10 × 2.90
  });

  it('ignores negative and fractional device counts', () => {
    expect(quote({ ...base, devices: -4 }).tier).toBe('free');
    expect(quote({ ...base, devices: 7.9 }).lines[0]).toMatchObject({ quantity: 7, amount: 7 });
  });
});

describe('token overage', () => {
  it('bills every started block of 100,000 beyond the free quota', () => {
    expect(tokenBlocks(8_000, 8_000)).toBe(0);
    expect(tokenBlocks(8_001, 8_000)).toBe(1);
    expect(tokenBlocks(108_000, 8_000)).toBe(1);
    expect(tokenBlocks(108_001, 8_000)).toBe(2);
    expect(tokenBlocks(500, 4_000)).toBe(0);
  });

  it('counts 1 token per request and per week of retrieved data, 800 free per device', () => {
    // 10 devices → 8,000 free; 150,000 requests + 8,000 weeks = 158,000 tokens → 150,000 beyond → 2 blocks = 20 €.
    const result = quote({ ...base, devices: 10, apiRequests: 150_000, retrievalWeeks: 8_000 });
    expect(result.tokens).toEqual({ used: 158_000, free: 8_000, billable: 150_000, blocks: 2, overage: true });
    expect(amounts(result)).toEqual({ devices: 10, tokens: 20 });
    expect(result.recurring).toBe(30);
  });

  it('gives the free tier the quota of its 5 devices (4,000 tokens) and never bills beyond it', () => {
    // Free has no overage: requests beyond 4,000 tokens are refused (429), so the quote stays 0 €.
    expect(quote({ ...base, devices: 2, apiRequests: 4_000 }).tokens).toEqual({ used: 4_000, free: 4_000, billable: 0, blocks: 0, overage: false });
    expect(quote({ ...base, devices: 5, apiRequests: 20_000 })).toMatchObject({ tier: 'free', recurring: 0 });
    expect(quote({ ...base, devices: 5, apiRequests: 20_000, retrievalWeeks: 500 }).tokens).toMatchObject({ used: 20_500, billable: 0, blocks: 0 });
  });
});

describe('yearly discount', () => {
  it('takes 10 % off the device price', () => {
    expect(devicePrice('basic', 'yearly')).toBe(0.9);
    expect(devicePrice('pro', 'yearly')).toBe(1.62);
    expect(devicePrice('premium', 'yearly')).toBe(2.61);
    expect(devicePrice('free', 'yearly')).toBe(0);
  });

  it('bills twelve months and discounts devices only, not tokens', () => {
    // 100 Basic devices × 12 = 1,200 device months × 1.00 € = 1,200 €; discount 1,200 × 0.10 € = −120 €;
    // tokens: 200,000 − 80,000 = 120,000 beyond → 2 blocks a month × 12 = 24 blocks = 240 €; total 1,320 €.
    const result = quote({ ...base, devices: 100, apiRequests: 200_000, billing: 'yearly' });
    expect(result.months).toBe(12);
    expect(amounts(result)).toEqual({ devices: 1200, yearlyDiscount: -120, tokens: 240 });
    expect(result.recurring).toBe(1320);
  });

  it('has no discount line when nothing is billed for devices', () => {
    expect(quote({ ...base, devices: 3, billing: 'yearly' }).lines.map((line) => line.key)).toEqual(['devices', 'tokens']);
  });
});

describe('gateway options', () => {
  it('sells gateways once: 249 € with LTE, 149 € without, outside the recurring total', () => {
    const result = quote({ ...base, devices: 6, gatewaysWithLte: 2, gatewaysWithoutLte: 3 });
    expect(amounts(result)).toMatchObject({ purchaseLte: 498, purchaseNoLte: 447 });
    expect(result.once).toBe(945); // 2 × 249 + 3 × 149
    expect(result.recurring).toBe(6);
  });

  it('leases gateways per month instead, with no one-time price', () => {
    // 2 × 11.90 € + 1 × 6.90 € = 30.70 € a month, on top of 6 × 1.00 € devices.
    const result = quote({ ...base, devices: 6, gatewaysWithLte: 2, gatewaysWithoutLte: 1, gatewayAcquisition: 'lease' });
    expect(amounts(result)).toMatchObject({ leaseLte: 23.8, leaseNoLte: 6.9 });
    expect(result).toMatchObject({ once: 0, recurring: 36.7 });
  });

  it('bills a year of leasing when billed yearly, without the device discount', () => {
    // 1 × 11.90 € × 12 = 142.80 €.
    expect(amounts(quote({ ...base, gatewaysWithLte: 1, gatewayAcquisition: 'lease', billing: 'yearly' })).leaseLte).toBe(142.8);
  });
});
