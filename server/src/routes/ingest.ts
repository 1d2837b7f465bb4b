import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { errorResponses } from '../schemas/common.js';
import { IngestBody, IngestQuery, IngestResponse } from '../schemas/ingest.js';
import { integrationKeyAuthenticator } from '../auth/integration-keys.js';
import type { IngestScope } from '../repositories/telemetry.js';

/** How a user is recognised elsewhere (auth/identity.ts `identify`): sessions and API keys. */
type IdentifyUser = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/**
 * ChirpStack v4 HTTP integration (DESIGN §6): POST /api/ingest/chirpstack?event=up|status|join,
 * authenticated by the integration key the platform issued for a company's application (its
 * devices only), or by a user's API key or session (the devices of the user's companies). The
 * answer comes only after the data is committed.
 */
export async function ingestRoutes(app: FastifyInstance, ctx: AppContext, identifyUser: IdentifyUser): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const integrationKey = integrationKeyAuthenticator(ctx.repos.networkEntities.findIntegrationKey);
  const scopes = new WeakMap<FastifyRequest, IngestScope>();

  app.addHook('onRequest', async (request, reply) => {
    const companyId = await integrationKey(request);
    if (companyId) {
      scopes.set(request, { companyId });
      return;
    }
    const refused = await identifyUser(request, reply);
    if (refused) return refused;
    scopes.set(request, { userId: request.identity.userId });
  });

  api.post(
    '/ingest/chirpstack',
    {
      schema: { tags: ['ingest'], querystring: IngestQuery, body: IngestBody, response: { 200: IngestResponse, ...errorResponses } },
      bodyLimit: 64 * 1024,
    },
    async (request) => {
      const outcome = await ctx.ingest.handle(scopes.get(request) as IngestScope, request.query.event, request.body);
      if (outcome.status === 'unknown-device') throw notFound('Unknown device: register its DevEUI first.');
      return { status: 'stored' as const, device_id: outcome.deviceId, topics: outcome.topics };
    },
  );
}
