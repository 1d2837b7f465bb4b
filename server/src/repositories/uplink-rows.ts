import type { DeviceEventsTable, DeviceTopicsTable, FrameReceptionsTable, FramesTable, TopicSamplesTable } from '../db/schema.js';
import type { Decoder } from '../domain/decoders.js';
import type { FrameMetadata } from '../domain/radio.js';
import type { TopicReading } from '../domain/topics.js';
import type { RuleStage, RuleUplink } from './rule-states.js';
import { nextInterval } from '../domain/uplinks.js';

export interface UplinkWrite {
  device: { id: string; company_id: string; last_seen: string | null; uplink_interval_s: number | null };
  at: string;
  readings: readonly TopicReading[];
  /** Which decoder produced the readings (kept with each topic's last value); null or absent when none did. */
  decodedBy?: Decoder | null | undefined;
  /** `error` when our codec failed on the payload; `key` makes it idempotent (device_events.dedupe_key). */
  event: { type: 'up' | 'error'; summary: string; payload: unknown; key: string | null };
  frame?: FrameMetadata | undefined;
  /** Queued for each enabled webhook of the device's company with the uplink, due at `queuedAt` (the clock's now). */
  webhook?: { payload: unknown; queuedAt: string } | undefined;
  /** The uplink's rule evaluation, done in its batch's transaction once its event is new (so each is evaluated once). */
  rules?: { stage: RuleStage; uplink: RuleUplink } | undefined;
}

/** The uplink with the id of its event row, which tells whether the row was new. */
export type QueuedUplink = UplinkWrite & { eventId: string };

export const eventRow = (job: QueuedUplink): DeviceEventsTable => ({
  id: job.eventId,
  company_id: job.device.company_id,
  device_id: job.device.id,
  type: job.event.type,
  summary: job.event.summary.slice(0, 500),
  payload: JSON.stringify(job.event.payload),
  created_at: job.at,
  dedupe_key: job.event.key,
  level: null,
  code: null,
});

/** Event rows in their unique key's order, so concurrent batches on PostgreSQL take their locks alike and never deadlock on each other. */
export function inLockOrder(rows: DeviceEventsTable[]): DeviceEventsTable[] {
  const keyed = rows.map((row) => ({ row, order: `${row.device_id}\u0000${row.created_at}\u0000${row.dedupe_key ?? ''}` }));
  keyed.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  return keyed.map(({ row }) => row);
}

export interface SeenState {
  last_seen: string | null;
  uplink_interval_s: number | null;
  moved: boolean;
}

/**
 * The rows of new uplinks: last seen per device, latest topic values, time series, frames, and the
 * receptions of the gateways in `gateways` (those registered here).
 */
export function uplinkRows(jobs: readonly QueuedUplink[], gateways: ReadonlySet<string>) {
  const topics = new Map<string, DeviceTopicsTable>();
  const samples: TopicSamplesTable[] = [];
  const frames: FramesTable[] = [];
  const receptions: FrameReceptionsTable[] = [];
  const seen = new Map<string, SeenState>();
  for (const job of jobs) {
    const state = seen.get(job.device.id) ?? { last_seen: job.device.last_seen, uplink_interval_s: job.device.uplink_interval_s, moved: false };
    if (!state.last_seen || state.last_seen < job.at) {
      state.uplink_interval_s = nextInterval(state, job.at);
      state.last_seen = job.at;
      state.moved = true;
    }
    seen.set(job.device.id, state);
    for (const reading of job.readings) {
      const value = JSON.stringify(reading.value);
      const key = `${job.device.id}\u0000${reading.topic}`;
      // One row per device topic per statement (PostgreSQL refuses to upsert a row twice): the newest wins.
      const previous = topics.get(key);
      if (!previous || previous.last_timestamp <= job.at)
        topics.set(key, { device_id: job.device.id, topic: reading.topic, last_value: value, last_timestamp: job.at, decoded_by: job.decodedBy ?? null });
      samples.push({ device_id: job.device.id, topic: reading.topic, ts: job.at, value });
    }
    if (job.frame) {
      const frame = frameRow(job, job.frame);
      frames.push(frame);
      for (const rx of job.frame.receptions) {
        if (!gateways.has(rx.gatewayId)) continue;
        receptions.push({
          gateway_id: rx.gatewayId,
          received_at: job.at,
          frame_id: frame.id,
          device_id: job.device.id,
          rssi: rx.rssi,
          snr: rx.snr,
          channel: rx.channel,
        });
      }
    }
  }
  return { topics: [...topics.values()], samples, frames, receptions, seen };
}

/** The gateways an uplink batch names, for looking up which are registered here. */
export const gatewaysOf = (jobs: readonly QueuedUplink[]): string[] => [
  ...new Set(jobs.flatMap((job) => job.frame?.receptions.map((rx) => rx.gatewayId) ?? [])),
];

const flag = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

function frameRow(job: QueuedUplink, frame: FrameMetadata): FramesTable {
  const best = frame.receptions[0];
  return {
    device_id: job.device.id,
    received_at: job.at,
    id: job.eventId,
    f_cnt: frame.fCnt,
    f_port: frame.fPort,
    dr: frame.dr,
    modulation: frame.modulation,
    spreading_factor: frame.spreadingFactor,
    bandwidth: frame.bandwidth,
    frequency: frame.frequency,
    adr: flag(frame.adr),
    confirmed: flag(frame.confirmed),
    dev_addr: frame.devAddr,
    rssi: best?.rssi ?? null,
    snr: best?.snr ?? null,
    receptions: JSON.stringify(frame.receptions.map((rx) => ({ gateway_id: rx.gatewayId, rssi: rx.rssi, snr: rx.snr, channel: rx.channel }))),
  };
}
