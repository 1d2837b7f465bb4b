import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { errorResponses } from '../schemas/common.js';
import { IngestBody, IngestQuery, IngestResponse } from '../schemas/ingest.js';

/**
 * ChirpStack v4 HTTP integration (DESIGN §6): POST /api/ingest/chirpstack?event=up|status|join,
 * authenticated by an API key whose owner belongs to the device's company. The answer comes
 * only after the data is committed.
 */
export async function ingestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/ingest/chirpstack',
    {
      schema: { tags: ['ingest'], querystring: IngestQuery, body: IngestBody, response: { 200: IngestResponse, ...errorResponses } },
      bodyLimit: 64 * 1024,
    },
    async (request) => {
      const outcome = await ctx.ingest.handle({ userId: request.identity.userId }, request.query.event, request.body);
      if (outcome.status === 'unknown-device') throw notFound('Unknown device: register its DevEUI first.');
      return { status: 'stored' as const, device_id: outcome.deviceId, topics: outcome.topics };
    },
  );
}
