/**
 * The usage page's arithmetic: a month's tokens extended to its end, and the last 12 months of
 * daily counts summed per month.
 */
import { usageMonth } from './metering.js';

/** Tokens so far, extended to the whole month at the daily rate of the days begun. */
export function projectedTokens(used: number, at: Date): number {
  const { endsAt } = usageMonth(at);
  const daysInMonth = new Date(endsAt.getTime() - 1).getUTCDate();
  const daysBegun = at.getUTCDate();
  return Math.round((used * daysInMonth) / daysBegun);
}

/** The 12 months ending with the current one, oldest first (YYYY-MM), and the first day of the oldest. */
export function lastTwelveMonths(at: Date): { months: string[]; firstDay: string } {
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) months.push(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  return { months, firstDay: `${months[0]}-01` };
}

/** Daily counts summed per month, every one of `months` present (0 when unused). */
export function monthlyTotals(months: readonly string[], daily: readonly { day: string; tokens: number }[]): { month: string; tokens: number }[] {
  const totals = new Map(months.map((month) => [month, 0]));
  for (const { day, tokens } of daily) {
    const month = day.slice(0, 7);
    if (totals.has(month)) totals.set(month, (totals.get(month) ?? 0) + tokens);
  }
  return months.map((month) => ({ month, tokens: totals.get(month) ?? 0 }));
}
