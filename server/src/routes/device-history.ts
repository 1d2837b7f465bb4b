import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { paging } from '../http/paging.js';
import { errorResponses, IdParams } from '../schemas/common.js';
import {
  BatteryHistoryQuery,
  BatteryHistoryResponse,
  DeviceEventPage,
  DeviceEventsQuery,
  TopicSeriesQuery,
  TopicSeriesResponse,
} from '../schemas/device-history.js';
import { visibleDevice } from './company-access.js';

/** What the device page reads of a device's history (issue #14): its events, a topic's recent values, its battery. */
export async function deviceHistoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['devices'];
  const { deviceHistory } = ctx.repos;

  /** The device's event log, newest first: uplinks, joins, status, the network server's logs, … */
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
      const { type, level } = request.query;
      return deviceHistory.events(deviceId, { type, level }, paging(request.query));
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
      return { topic, points: await deviceHistory.topicSeries(deviceId, topic, limit) };
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
      return { results: await deviceHistory.battery(deviceId, request.query.limit) };
    },
  );
}
