import type { LiveEvent } from '../../schemas/live.js';

/** How long the browser waits before reconnecting a stream that ended (the SSE `retry:` field). */
export const LIVE_RETRY_MS = 3000;

/** One event in the text/event-stream format: its type as `event:`, its JSON as one `data:` line. */
export function sseEvent(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** A comment line: proxies see traffic on an idle stream and keep it; clients ignore it. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';

/** An open stream as the registry knows it: who holds it and how to end it. */
export interface OpenStream {
  userId: string;
  end(): void;
}

/**
 * The streams open on this node: at most `perUser` per user (each tab holds one; a runaway script
 * cannot hold the node's sockets), all ended when the node shuts down so it is not kept waiting.
 */
export class LiveStreams {
  private readonly open = new Set<OpenStream>();

  constructor(private readonly perUser: number) {}

  /** Registers the stream, or answers false when its user holds as many as allowed. */
  admit(stream: OpenStream): boolean {
    let held = 0;
    for (const other of this.open) if (other.userId === stream.userId) held++;
    if (held >= this.perUser) return false;
    this.open.add(stream);
    return true;
  }

  release(stream: OpenStream): void {
    this.open.delete(stream);
  }

  get size(): number {
    return this.open.size;
  }

  endAll(): void {
    for (const stream of [...this.open]) stream.end();
  }
}
