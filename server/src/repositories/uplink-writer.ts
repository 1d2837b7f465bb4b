import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DeviceEventsTable, DeviceTopicsTable, TopicSamplesTable } from '../db/schema.js';
import type { TopicReading } from '../domain/topics.js';
import { nextInterval } from '../domain/uplinks.js';

export interface UplinkWrite {
  device: { id: string; company_id: string; last_seen: string | null; uplink_interval_s: number | null };
  at: string;
  readings: readonly TopicReading[];
  event: { summary: string; payload: unknown };
}

interface Job extends UplinkWrite {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Messages committed together at most; a busy moment fills a batch, a quiet one flushes at once. */
const MAX_BATCH = 200;
const CHUNK = 400;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Group commit for uplinks: the messages that arrive while one transaction runs are written
 * together in the next one (one statement per table, not per message). Every caller is answered
 * only after the transaction holding its message committed; if a batch fails, each message is
 * retried alone so one bad message cannot take the others down.
 */
export class UplinkWriter {
  private queue: Job[] = [];
  private flushing = false;

  constructor(private readonly db: Db) {}

  write(uplink: UplinkWrite): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...uplink, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    // Let the requests already in flight join this batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.commit(batch);
        for (const job of batch) job.resolve();
      } catch {
        for (const job of batch) await this.commit([job]).then(job.resolve, job.reject);
      }
    }
    this.flushing = false;
  }

  private async commit(jobs: readonly Job[]): Promise<void> {
    const topics = new Map<string, Insertable<DeviceTopicsTable>>();
    const samples: Insertable<TopicSamplesTable>[] = [];
    const events: Insertable<DeviceEventsTable>[] = [];
    const seen = new Map<string, { last_seen: string | null; uplink_interval_s: number | null; moved: boolean }>();
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
        if (!previous || String(previous.last_timestamp) <= job.at)
          topics.set(key, { device_id: job.device.id, topic: reading.topic, last_value: value, last_timestamp: job.at });
        samples.push({ device_id: job.device.id, topic: reading.topic, ts: job.at, value });
      }
      events.push({
        id: randomUUID(),
        company_id: job.device.company_id,
        device_id: job.device.id,
        type: 'up',
        summary: job.event.summary.slice(0, 500),
        payload: JSON.stringify(job.event.payload),
        created_at: job.at,
      });
    }

    await this.db.transaction().execute(async (trx) => {
      for (const [deviceId, state] of seen) {
        if (!state.moved || !state.last_seen) continue;
        const at = state.last_seen;
        await trx
          .updateTable('devices')
          .set({ last_seen: at, uplink_interval_s: state.uplink_interval_s })
          .where('id', '=', deviceId)
          // A late, older message never sets last seen back.
          .where((eb) => eb.or([eb('last_seen', 'is', null), eb('last_seen', '<', at)]))
          .execute();
      }
      for (const part of chunks([...topics.values()])) {
        await trx
          .insertInto('device_topics')
          .values(part)
          .onConflict((oc) =>
            oc
              .columns(['device_id', 'topic'])
              .doUpdateSet((eb) => ({ last_value: eb.ref('excluded.last_value'), last_timestamp: eb.ref('excluded.last_timestamp') }))
              .where('device_topics.last_timestamp', '<=', (eb) => eb.ref('excluded.last_timestamp')),
          )
          .execute();
      }
      for (const part of chunks(samples)) await trx.insertInto('topic_samples').values(part).execute();
      for (const part of chunks(events)) await trx.insertInto('device_events').values(part).execute();
    });
  }
}
