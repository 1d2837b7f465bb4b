import type { StoredState } from '../../repositories/rule-states.js';

/** A device's rule states by rule, as stored at one version of the device (rule-device-versions.ts). */
export type DeviceStates = ReadonlyMap<string, StoredState>;

const weight = (states: DeviceStates): number => states.size + 1;

/**
 * The rule states this node last read or wrote, per device, with the device's version at that
 * moment: an uplink batch reads its devices' versions (one row each) and the states only of the
 * devices whose version moved since, on another node or in another path. Entries are set only
 * after their transaction committed and never changed in place. The least recently used devices
 * go first when the states held (and one for each device) pass `capacity`.
 */
export class RuleStateCache {
  private readonly devices = new Map<string, { version: number; states: DeviceStates }>();
  private held = 0;

  constructor(private readonly capacity: number) {}

  /** The device's states if they were cached at this version. */
  get(deviceId: string, version: number): DeviceStates | undefined {
    const entry = this.devices.get(deviceId);
    if (!entry || entry.version !== version) return undefined;
    // Most recently used last.
    this.devices.delete(deviceId);
    this.devices.set(deviceId, entry);
    return entry.states;
  }

  set(deviceId: string, version: number, states: DeviceStates): void {
    this.delete(deviceId);
    if (weight(states) > this.capacity) return;
    this.devices.set(deviceId, { version, states });
    this.held += weight(states);
    for (const [oldest, entry] of this.devices) {
      if (this.held <= this.capacity) break;
      this.devices.delete(oldest);
      this.held -= weight(entry.states);
    }
  }

  delete(deviceId: string): void {
    const entry = this.devices.get(deviceId);
    if (!entry) return;
    this.devices.delete(deviceId);
    this.held -= weight(entry.states);
  }
}
