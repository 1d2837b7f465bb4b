/**
 * API token metering (spec §9: 1 request = 1 token; 1 week of data retrieval = 1 token), as pure
 * rules: what a read of time series costs, and the calendar month usage is counted in (UTC).
 */
import { PRICING } from './pricing.js';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Tokens for returning time series whose points span these timestamps: 1 per started week; nothing returned costs nothing. */
export function retrievalTokens(timestamps: readonly string[]): number {
  if (timestamps.length === 0) return 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const ts of timestamps) {
    const ms = Date.parse(ts);
    if (ms < first) first = ms;
    if (ms > last) last = ms;
  }
  return Math.max(1, Math.ceil((last - first) / WEEK_MS)) * PRICING.tokensPerRetrievalWeek;
}

/** The UTC day a token is counted on (YYYY-MM-DD). */
export const usageDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The UTC month (YYYY-MM) and its bounds: first day, and the first day of the next month. */
export function usageMonth(at: Date): { month: string; firstDay: string; nextFirstDay: string; endsAt: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { month: usageDay(start).slice(0, 7), firstDay: usageDay(start), nextFirstDay: usageDay(next), endsAt: next };
}

/** Whole seconds until the month's quota starts afresh (Retry-After at the month's end). */
export const secondsToMonthEnd = (at: Date): number => Math.max(1, Math.ceil((usageMonth(at).endsAt.getTime() - at.getTime()) / 1000));
