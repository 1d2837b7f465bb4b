/**
 * What a device's uplinks say about it: its usual interval, estimated as they arrive, and
 * whether it has gone silent (no uplink for several of its usual intervals).
 */

/** How much one new gap moves the estimate: a moving average that follows a changed rhythm. */
const INTERVAL_WEIGHT = 0.25;

/** No device reports more often than this (seconds); it bounds the candidates the silent check reads. */
export const SHORTEST_INTERVAL_S = 10;

/** The device's usual uplink interval after one more uplink at `at` (seconds, or null). */
export function nextInterval(device: { last_seen: string | null; uplink_interval_s: number | null }, at: string): number | null {
  if (!device.last_seen) return device.uplink_interval_s;
  const gap = (new Date(at).getTime() - new Date(device.last_seen).getTime()) / 1000;
  if (gap <= 0) return device.uplink_interval_s;
  const previous = device.uplink_interval_s;
  return Math.round(previous === null ? gap : previous + INTERVAL_WEIGHT * (gap - previous));
}

/** Silent: not heard for more than `silentFactor` of its usual intervals. */
export function isSilent(device: { last_seen: string | null; uplink_interval_s: number | null }, silentFactor: number, now: Date): boolean {
  if (device.uplink_interval_s === null || device.last_seen === null) return false;
  return now.getTime() - new Date(device.last_seen).getTime() > silentFactor * device.uplink_interval_s * 1000;
}

/** The last moment a device with the shortest interval could have been heard and still not be silent. */
export const silentCandidatesBefore = (silentFactor: number, now: Date): Date => new Date(now.getTime() - silentFactor * SHORTEST_INTERVAL_S * 1000);
