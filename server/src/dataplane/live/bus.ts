import type { LiveEvent } from '../../schemas/live.js';

/** What a company's streams receive; the unread count is per user and read when it is sent. */
export type CompanyEvent = Exclude<LiveEvent, { type: 'notifications' }>;

/** A message between nodes: an event for one company's streams, or "this user's notifications changed". */
export type LiveMessage = { kind: 'company'; event: CompanyEvent } | { kind: 'inbox'; user_id: string };

/**
 * How messages reach every node, this one included: in process on SQLite (one node), PostgreSQL's
 * LISTEN/NOTIFY otherwise (db/live-channel.ts). A batch is what one node gathered in one window.
 */
export interface LiveTransport {
  start(deliver: (batch: LiveMessage[]) => void): Promise<void>;
  send(batch: LiveMessage[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Messages are gathered this long and sent as one batch, the newest per record winning: a device
 * sending ten uplinks a second is one event a window, and a node under load sends a couple of
 * NOTIFY a second whatever its ingest rate.
 */
export const LIVE_COALESCE_MS = 500;

function keyOf(message: LiveMessage): string {
  if (message.kind === 'inbox') return `inbox:${message.user_id}`;
  const event = message.event;
  switch (event.type) {
    case 'device_status':
      return `device:${event.device_id}`;
    case 'gateway_status':
      return `gateway:${event.gateway_id}`;
    case 'network_sync':
      return `sync:${event.kind}:${event.id}`;
    case 'downlink_state':
      return `downlink:${event.downlink_id}`;
  }
}

/** The single-node transport: a batch is delivered where it was sent. */
export function inProcessTransport(): LiveTransport {
  let deliver: ((batch: LiveMessage[]) => void) | undefined;
  return {
    start: async (receiver) => {
      deliver = receiver;
    },
    send: async (batch) => deliver?.(batch),
    close: async () => {
      deliver = undefined;
    },
  };
}

/**
 * This node's end of the live events: the ingest, the broker and the workers publish (cheap: a map
 * write), the open streams subscribe. Publishing never fails the work that published.
 */
export class LiveBus {
  private readonly pending = new Map<string, LiveMessage>();
  private readonly listeners = new Set<(message: LiveMessage) => void>();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly transport: LiveTransport,
    private readonly onError: (error: unknown) => void,
    private readonly coalesceMs = LIVE_COALESCE_MS,
  ) {}

  start(): Promise<void> {
    return this.transport.start((batch) => {
      for (const message of batch) for (const listener of this.listeners) listener(message);
    });
  }

  publish(message: LiveMessage): void {
    this.pending.set(keyOf(message), message);
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.coalesceMs);
    this.timer.unref();
  }

  /** The users' notifications changed: their streams read the unread count again. */
  inbox(userIds: Iterable<string>): void {
    for (const userId of userIds) this.publish({ kind: 'inbox', user_id: userId });
  }

  subscribe(listener: (message: LiveMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends what was gathered; batches leave in order. Resolves when it was handed to the transport. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values()];
    this.pending.clear();
    if (batch.length === 0) return this.sending;
    this.sending = this.sending.then(() => this.transport.send(batch)).catch(this.onError);
    return this.sending;
  }

  async close(): Promise<void> {
    await this.flush();
    this.listeners.clear();
    await this.transport.close();
  }
}
