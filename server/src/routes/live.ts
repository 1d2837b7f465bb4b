import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { assertCompanyMember } from './company-access.js';
import { HttpProblem } from '../http/errors.js';
import { ErrorResponse, errorResponses } from '../schemas/common.js';
import { LiveStreamQuery, LiveStreamResponse } from '../schemas/live.js';
import type { LiveMessage } from '../dataplane/live/bus.js';
import { LIVE_RETRY_MS, LiveStreams, SSE_HEARTBEAT, sseEvent, type OpenStream } from '../dataplane/live/streams.js';

/** setTimeout keeps at most this long (about 24.8 days); a later end is checked at the heartbeats. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The console's live stream (issue #22): server-sent events about one company the caller belongs
 * to (the access check refuses another company's id as nonexistent), plus the caller's unread
 * count. It ends when the session's access token expires (the console refreshes the session and
 * reconnects), when the session is revoked or the membership removed (checked at each heartbeat),
 * and when the node shuts down.
 */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const streams = new LiveStreams(ctx.config.live.streamsPerUser);
  app.addHook('preClose', async () => streams.endAll());

  api.get(
    '/events/stream',
    {
      schema: {
        operationId: 'streamLiveEvents',
        summary: 'Follow live changes of a company (server-sent events)',
        description:
          'Device status, gateway connections, network-server sync and downlink states of the company, and the caller’s unread ' +
          'notification count, as server-sent events. Open one stream per browser tab; a heartbeat comment is sent periodically.',
        tags: ['live'],
        querystring: LiveStreamQuery,
        response: { 200: LiveStreamResponse, ...errorResponses, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { identity } = request;
      const companyId = request.query.company_id;
      const raw = reply.raw;
      let timers: NodeJS.Timeout[] = [];
      let unsubscribe = (): void => undefined;
      let ended = false;
      const stream: OpenStream = {
        userId: identity.userId,
        end: () => {
          if (ended) return;
          ended = true;
          for (const timer of timers) clearTimeout(timer);
          timers = [];
          unsubscribe();
          streams.release(stream);
          raw.end();
        },
      };
      // The access check lets a query's unknown company through (lists answer empty); a stream answers 404.
      await assertCompanyMember(ctx, identity.userId, companyId);
      if (!streams.admit(stream)) throw new HttpProblem(429, 'rateLimited', 'Too many live streams are open for this user.');

      const write = (text: string): void => {
        if (!ended) raw.write(text);
      };
      // The count is read when it changed, not sent in the message: each user's stream reads its own.
      const sendUnread = async (): Promise<void> => {
        const unread = await ctx.repos.notifications.unreadCount(identity.userId);
        write(sseEvent({ type: 'notifications', unread }));
      };
      const onMessage = (message: LiveMessage): void => {
        if (message.kind === 'company') {
          if (message.event.company_id === companyId) write(sseEvent(message.event));
        } else if (message.user_id === identity.userId) {
          sendUnread().catch((error: unknown) => request.log.warn({ err: error }, 'live stream: unread count'));
        }
      };
      // Still the caller's: the session not revoked or expired, the company still theirs.
      const stillAllowed = async (): Promise<boolean> => {
        if (identity.sessionHandle) {
          const session = await ctx.repos.sessions.find(identity.sessionHandle);
          if (!session || session.revoked_at || new Date(session.expires_at) <= ctx.now()) return false;
        }
        return ctx.repos.companies.isMember(identity.userId, companyId);
      };
      const heartbeat = (): void => {
        const timer = setTimeout(() => {
          stillAllowed()
            .then((allowed) => {
              if (!allowed) return stream.end();
              write(SSE_HEARTBEAT);
              heartbeat();
            })
            .catch(() => stream.end());
        }, ctx.config.live.heartbeatMs);
        timers.push(timer);
      };

      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      raw.on('close', () => stream.end());
      write(`retry: ${LIVE_RETRY_MS}\n\n`);
      unsubscribe = ctx.live.subscribe(onMessage);
      if (identity.accessExpiresAt !== undefined) {
        timers.push(setTimeout(() => stream.end(), Math.min(MAX_TIMER_MS, Math.max(0, identity.accessExpiresAt - ctx.now().getTime()))));
      }
      heartbeat();
      await sendUnread().catch(() => stream.end());
    },
  );
}
