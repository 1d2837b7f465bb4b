import { createHash } from 'node:crypto';
import type { IngestEventType } from '../../schemas/ingest.js';

/** The fields of an event that tell it from another of the same device and type. */
type Keyed = { time?: string | undefined; deduplicationId?: string | undefined } & Record<string, unknown>;

/** What identifies an event without a deduplicationId (txack and log never have one), besides its time. */
const IDENTITY: Record<IngestEventType, readonly string[]> = {
  up: ['fCnt', 'fPort', 'data'],
  join: ['devAddr'],
  ack: ['queueItemId', 'acknowledged', 'fCntDown'],
  txack: ['downlinkId', 'queueItemId', 'fCntDown', 'gatewayId'],
  log: ['level', 'code', 'description', 'context'],
  status: ['margin', 'externalPowerSource', 'batteryLevelUnavailable', 'batteryLevel'],
  location: ['location'],
  integration: ['integrationName', 'eventType', 'object'],
};

/** JSON with object keys sorted, so the same content hashes alike whatever order it arrived in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The key that makes an event idempotent, unique per device and event time (device_events has a
 * unique index on both and this key). ChirpStack gives up, join and status events of one uplink
 * the same deduplicationId, so the type is part of the key. An event without one is identified by
 * its content: a redelivery carries the same bytes. An event without a time is stored at the time
 * it arrives, which a redelivery does not share: it gets no key and is always stored (ChirpStack
 * always sends the time).
 */
export function eventKey(type: IngestEventType, event: Keyed): string | null {
  if (!event.time) return null;
  if (event.deduplicationId) return `${type}:${event.deduplicationId}`;
  const identity = IDENTITY[type].map((field) => event[field]);
  const digest = createHash('sha256')
    .update(canonical([new Date(event.time).toISOString(), ...identity]))
    .digest('base64url');
  return `${type}:#${digest}`;
}
