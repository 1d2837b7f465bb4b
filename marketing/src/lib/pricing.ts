/**
 * The marketing site's view of the offer: the rules, prices and the quote come from the one
 * pricing module the server and the console use too (server/src/domain/pricing.ts); this file
 * only formats them for the reader's language.
 */
import { PRICING } from '../../../server/src/domain/pricing';
import type { Locale } from './i18n';

export { bill, devicePrice, PLAN_RULES, PRICING, quote, tierFor, tokenBlocks, tokenQuota } from '../../../server/src/domain/pricing';
export type { Billing, CalculatorInput, GatewayAcquisition, LineKey, Quote, QuoteLine, StoragePlan, Tier } from '../../../server/src/domain/pricing';

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
