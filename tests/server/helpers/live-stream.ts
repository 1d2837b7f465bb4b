import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '../../../server/src/schemas/live.js';

/** A server-sent-events stream read by a real HTTP client: its events in order, and whether it ended. */
export interface LiveStreamReader {
  status: number;
  /** Lines other than events the stream sent (`retry: …`, `: heartbeat`). */
  lines: string[];
  /** Every event so far, in order. */
  events: LiveEvent[];
  /** Resolves with the first event after the one `next` found before that `match` accepts. */
  next<T extends LiveEvent>(match: (event: LiveEvent) => event is T): Promise<T>;
  next(match: (event: LiveEvent) => boolean): Promise<LiveEvent>;
  /** Resolves once the stream sent the line (a comment, `retry: …`). */
  line(text: string): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The address a listening test app answers on. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/**
 * Opens `/api/events/stream` with fetch (as the console does) and parses the events as they come.
 * Waiting is on the events themselves: a test that waits for one that never comes times out.
 */
export async function openLiveStream(base: string, headers: Record<string, string>, companyId: string): Promise<LiveStreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events/stream?company_id=${companyId}`, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as LiveEvent);
          else lines.push(block);
          wake();
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  let cursor = 0;
  const next = (match: (event: LiveEvent) => boolean): Promise<LiveEvent> =>
    new Promise((resolve) => {
      const check = () => {
        const at = events.findIndex((event, index) => index >= cursor && match(event));
        const found = events[at];
        if (!found) return;
        cursor = at + 1;
        waiters.delete(check);
        resolve(found);
      };
      waiters.add(check);
      check();
    });
  const line = (text: string): Promise<void> =>
    new Promise((resolve) => {
      const check = () => {
        if (!lines.includes(text)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { line, status: response.status, lines, events, next: next as LiveStreamReader['next'], ended, close: () => controller.abort() };
}
