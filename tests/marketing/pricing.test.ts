import { describe, expect, it } from 'vitest';
import { devicePrice, PRICING, quote, tierFor, tokenBlocks, type CalculatorInput } from '../../marketing/src/lib/pricing';

const base: CalculatorInput = { devices: 0, storage: 'month', apiRequests: 0, retrievalWeeks: 0, gatewaysWithLte: 0, gatewaysWithoutLte: 0, billing: 'monthly' };

describe('pricing constants (spec §9)', () => {
  it('keeps the published figures', () => {
    expect(PRICING.freeDeviceLimit).toBe(5);
    expect(PRICING.freeTokensPerDevicePerMonth).toBe(800);
    expect([PRICING.tokenBlock, PRICING.tokenBlockPrice]).toEqual([100_000, 10]);
    expect(PRICING.yearlyDeviceDiscount).toBe(0.1);
    expect(PRICING.yearlyUpgradeCreditMonths).toBe(3);
    expect(PRICING.gateway).toEqual({ withLte: 249, withoutLte: 149, loraChannels: 8, trialDays: 30, leasing: true });
  });
});

describe('calculator rules, against hand-computed cases', () => {
  it('is free up to 5 devices with one month of storage, Basic from the 6th device', () => {
    expect(tierFor(5, 'month')).toBe('free');
    expect(quote({ ...base, devices: 5 })).toMatchObject({ tier: 'free', devicesMonthly: 0, recurring: 0 });
    // 6 devices × 1.00 € = 6.00 € — all devices are billed once the fleet leaves the free tier.
    expect(quote({ ...base, devices: 6 })).toMatchObject({ tier: 'basic', devicesMonthly: 6 });
  });

  it('prices longer storage as Pro and unlimited storage as Premium, for any fleet size', () => {
    expect(quote({ ...base, devices: 3, storage: 'year' })).toMatchObject({ tier: 'pro', devicesMonthly: 5.4 }); // 3 × 1.80
    expect(quote({ ...base, devices: 10, storage: 'unlimited' })).toMatchObject({ tier: 'premium', devicesMonthly: 29 }); // 10 × 2.90
  });

  it('gives 800 free tokens per device and bills every started 100,000 beyond at 10 €', () => {
    expect(tokenBlocks(8_000, 8_000)).toBe(0);
    expect(tokenBlocks(8_001, 8_000)).toBe(1);
    expect(tokenBlocks(208_000, 8_000)).toBe(2);
    expect(tokenBlocks(208_001, 8_000)).toBe(3);
    // 10 devices → 8,000 free; 150,000 requests + 8,000 weeks = 158,000 tokens → 150,000 over → 2 blocks = 20 €.
    expect(quote({ ...base, devices: 10, apiRequests: 150_000, retrievalWeeks: 8_000 })).toMatchObject({ tokensUsed: 158_000, tokensFree: 8_000, tokenBlocks: 2, tokensMonthly: 20 });
  });

  it('takes 10 % off device fees, not tokens, when billed yearly, and bills twelve months', () => {
    expect(devicePrice('basic', 'yearly')).toBe(0.9);
    expect(devicePrice('pro', 'yearly')).toBe(1.62);
    // 100 Basic devices: 100 × 0.90 = 90 €/month; tokens: 200,000 − 80,000 = 120,000 over → 2 blocks = 20 €/month; (90 + 20) × 12 = 1,320 €.
    expect(quote({ ...base, devices: 100, apiRequests: 200_000, billing: 'yearly' })).toMatchObject({ devicesMonthly: 90, tokensMonthly: 20, recurring: 1320 });
  });

  it('adds gateways as a one-time price: 249 € with LTE, 149 € without', () => {
    expect(quote({ ...base, gatewaysWithLte: 2, gatewaysWithoutLte: 3 }).gatewaysOnce).toBe(2 * 249 + 3 * 149);
    expect(quote({ ...base, devices: 6, gatewaysWithLte: 1 }).recurring).toBe(6);
  });
});
