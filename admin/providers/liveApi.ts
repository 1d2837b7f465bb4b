import type { LiveEvent } from '../types/api';
import { apiStream } from './http';
import { SseParser } from './sse';

/** What the live stream tells its subscriber while it is open. */
export interface LiveHandlers {
  /** The stream answered and is open. */
  onOpen(): void;
  onEvent(event: LiveEvent): void;
  /** The server's advice on how long to wait before reconnecting (`retry:`). */
  onRetry?(ms: number): void;
}

/** The console's live stream (issue #22), added to the data provider. */
export interface LiveApi {
  /**
   * Follows the company's live events until the server ends the stream (resolves) or it fails
   * (rejects with an ApiError, or the abort when `signal` aborts). One per tab: LiveUpdates holds it.
   */
  followLiveEvents(companyId: string, handlers: LiveHandlers, signal: AbortSignal): Promise<void>;
}

/**
 * fetch() streaming rather than EventSource: the request goes through the same window.fetch as every
 * other call, which supertokens-web-js wraps to refresh an expired session and try again (an
 * EventSource would give up on the 401 the server answers when the access token has expired).
 */
export function liveApi(): LiveApi {
  return {
    async followLiveEvents(companyId, handlers, signal) {
      const body = await apiStream('/events/stream', { query: { company_id: companyId }, signal });
      handlers.onOpen();
      const reader = body.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (message.kind === 'retry') handlers.onRetry?.(message.ms);
          else handlers.onEvent(JSON.parse(message.data) as LiveEvent);
        }
      }
    },
  };
}
