import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { chargeRetrieval } from '../auth/metering.js';
import { paging } from '../http/paging.js';
import { errorResponses, IdParams } from '../schemas/common.js';
import { invalid } from '../http/errors.js';
import {
  BatteryHistoryQuery,
  BatteryHistoryResponse,
  DeviceEventPage,
  DeviceEventsQuery,
  DEFAULT_EVENT_PERIOD_DAYS,
  MAX_EVENT_PERIOD_DAYS,
  TopicSeriesQuery,
  TopicSeriesResponse,
} from '../schemas/device-history.js';
import { visibleDevice } from './company-access.js';

const DAY_MS = 86_400_000;

/**
 * The period of an events read (issue #24): every read is a range of the device's index, at most
 * MAX_EVENT_PERIOD_DAYS long, so a search costs the events of that period, not the device's history.
 * ISO strings in the stored format (toISOString), which compare as the times do.
 */
function eventPeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date): { from: string; to: string } {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_EVENT_PERIOD_DAYS * DAY_MS);
  if (from > to) throw invalid({ from: { code: 'range_reversed' } });
  if (to.getTime() - from.getTime() > MAX_EVENT_PERIOD_DAYS * DAY_MS)
    throw invalid({ from: { code: 'period_too_long', params: { limit: MAX_EVENT_PERIOD_DAYS } } });
  return { from: from.toISOString(), to: to.toISOString() };
}

/** What the device page reads of a device's history (issue #14): its events, a topic's recent values, its battery. */
export async function deviceHistoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['devices'];
  const { deviceHistory } = ctx.repos;

  /** The device's event log of one period, newest first: uplinks, joins, status, the network server's logs, … */
  api.get(
    '/device/:id/events',
    {
      schema: {
        operationId: 'listDeviceEvents',
        summary: "List a device's events",
        tags,
        params: IdParams,
        querystring: DeviceEventsQuery,
        response: { 200: DeviceEventPage, ...errorResponses },
      },
    },
    async (request) => {
      const { id: deviceId } = await visibleDevice(ctx, request.identity.userId, request.params.id);
      const { type, level, q } = request.query;
      const period = eventPeriod(request.query, ctx.now());
      return deviceHistory.events(deviceId, { type, level, text: q?.trim() || undefined, ...period }, paging(request.query));
    },
  );

  /** A topic's newest numeric samples, oldest first: the small chart beside the topic. */
  api.get(
    '/device/:id/topics/series',
    {
      schema: {
        operationId: 'getDeviceTopicSeries',
        summary: "Get a device's time series for one topic",
        tags,
        params: IdParams,
        querystring: TopicSeriesQuery,
        response: { 200: TopicSeriesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { id: deviceId } = await visibleDevice(ctx, request.identity.userId, request.params.id);
      const { topic, limit } = request.query;
      const points = await deviceHistory.topicSeries(deviceId, topic, limit);
      chargeRetrieval(
        request,
        points.map((point) => point.ts),
      );
      return { topic, points };
    },
  );

  /** What the device's status reports said about its supply, oldest first. */
  api.get(
    '/device/:id/battery',
    {
      schema: {
        operationId: 'getDeviceBatteryHistory',
        summary: "Get a device's battery history",
        tags,
        params: IdParams,
        querystring: BatteryHistoryQuery,
        response: { 200: BatteryHistoryResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { id: deviceId } = await visibleDevice(ctx, request.identity.userId, request.params.id);
      const results = await deviceHistory.battery(deviceId, request.query.limit);
      chargeRetrieval(
        request,
        results.map((reading) => reading.at),
      );
      return { results };
    },
  );
}
