import type { StatusEvent } from '../schemas/ingest.js';

/**
 * Power status of a device, following the LoRaWAN DevStatusAns convention (DESIGN §6): a device
 * either runs on external power, on a battery whose level it reports, or has not said.
 */
export const POWER_STATUSES = ['external', 'battery', 'battery_low', 'unknown'] as const;
export type PowerStatus = (typeof POWER_STATUSES)[number];

/** What a device last reported about its supply, as stored. */
export type PowerSource = 'external' | 'battery' | 'unknown';

/** Below this battery level a battery-powered device reads 'battery low'. */
export const BATTERY_LOW_PERCENT = 20;

export function isBatteryLow(batteryLevel: number | null): boolean {
  return batteryLevel !== null && batteryLevel < BATTERY_LOW_PERCENT;
}

export function powerStatus(device: { power_source: string; battery_level: number | null }): PowerStatus {
  if (device.power_source === 'external') return 'external';
  if (device.power_source === 'battery') return isBatteryLow(device.battery_level) ? 'battery_low' : 'battery';
  return 'unknown';
}

/** LoRaWAN DevStatusAns as ChirpStack reports it: external power, a battery level, or neither. */
export function powerOf(event: StatusEvent): { source: PowerSource; batteryLevel: number | null } {
  if (event.externalPowerSource) return { source: 'external', batteryLevel: null };
  if (event.batteryLevelUnavailable || event.batteryLevel === undefined) return { source: 'unknown', batteryLevel: null };
  return { source: 'battery', batteryLevel: Math.round(event.batteryLevel) };
}
