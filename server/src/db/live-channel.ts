import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from './database.js';
import type { LiveMessage, LiveTransport } from '../dataplane/live/bus.js';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; batches are split below it. */
const MAX_PAYLOAD = 7500;
/** How long to wait before listening again after the listening connection broke. */
const RELISTEN_MS = 2000;

/** One channel per schema, so test apps on their own schemas of one database do not hear each other. */
export const liveChannelName = (schema: string | undefined): string => (schema ? `live_${schema}` : 'live');

/** Splits a batch into JSON arrays that each fit into one NOTIFY. */
export function payloads(batch: LiveMessage[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const message of batch) {
    const json = JSON.stringify(message);
    if (current.length > 0 && size + json.length + 1 > MAX_PAYLOAD) {
      out.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(json);
    size += json.length + 1;
  }
  if (current.length > 0) out.push(`[${current.join(',')}]`);
  return out;
}

/**
 * Live events across API nodes sharing one PostgreSQL: each node keeps ONE connection listening
 * (not one per browser) and sends its batches with pg_notify on the pool. A node hears its own
 * batches too, which is how its own streams get them. A broken listening connection is opened
 * again; what was sent meanwhile is lost, which costs a stale badge until the next event.
 */
export function postgresLiveTransport(db: Db, connection: { url: string; schema: string | undefined }, onError: (error: unknown) => void): LiveTransport {
  const channel = liveChannelName(connection.schema);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const listen = async (deliver: (batch: LiveMessage[]) => void): Promise<void> => {
    const next = new pg.Client({ connectionString: connection.url, application_name: `${connection.schema ?? 'lora-console'}-live` });
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        deliver(JSON.parse(message.payload) as LiveMessage[]);
      } catch (error) {
        onError(error);
      }
    });
    const again = (error?: Error) => {
      if (error) onError(error);
      if (closed || client !== next) return;
      client = undefined;
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void listen(deliver).catch(again), RELISTEN_MS);
      retry.unref();
    };
    next.on('error', again);
    next.on('end', () => again());
    client = next;
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
  };

  return {
    start: (deliver) => listen(deliver),
    async send(batch) {
      for (const payload of payloads(batch)) await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
