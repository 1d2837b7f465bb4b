const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The latest moment at `hour` o'clock UTC that is not after `at`: a daily digest sent at `at`
 * covers the alerts raised up to then, and alerts raised later wait for the next day's.
 */
export function lastDigestMoment(at: Date, hour: number): Date {
  const today = Math.floor(at.getTime() / DAY_MS) * DAY_MS + hour * HOUR_MS;
  return new Date(today <= at.getTime() ? today : today - DAY_MS);
}
