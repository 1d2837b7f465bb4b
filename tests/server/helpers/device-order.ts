import type { DeviceOrdering } from '../../../server/src/schemas/devices.js';

/** What the device list orders by: a device's name, DevEUI and last uplink (null: never seen). */
export interface OrderedDevice {
  id: string;
  name: string;
  dev_eui: string;
  last_seen: string | null;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The names in the list's order as the API promises it: the column, never-seen devices first ascending and last descending; ties by id. */
export function inOrder(rows: OrderedDevice[], ordering: DeviceOrdering): string[] {
  const field = ordering.replace('-', '') as 'name' | 'dev_eui' | 'last_seen';
  const descending = ordering.startsWith('-');
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [a[field], b[field]];
      if (x === y) return compare(a.id, b.id);
      if (x === null) return descending ? 1 : -1;
      if (y === null) return descending ? -1 : 1;
      return descending ? compare(y, x) : compare(x, y);
    })
    .map((row) => row.name);
}
