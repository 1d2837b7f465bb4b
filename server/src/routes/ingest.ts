import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { DOCUMENTED_BODY, errorResponses } from '../schemas/common.js';
import { HttpProblem } from '../http/errors.js';
import { IngestBody, IngestDocumentedBody, IngestQuery, IngestResponse } from '../schemas/ingest.js';
import { integrationKeyAuthenticator } from '../auth/integration-keys.js';
import type { IngestScope } from '../repositories/telemetry.js';

/** How a user is recognised elsewhere (auth/identity.ts `identify`): sessions and API keys. */
type IdentifyUser = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

const suspendedEvents = () => new HttpProblem(403, 'suspended', 'This company is suspended: its events are refused.');

/** The Protobuf encoding (ChirpStack's HTTP integration sends `application/octet-stream`; others name it). */
const PROTOBUF_TYPES = ['application/octet-stream', 'application/x-protobuf', 'application/protobuf'];

/**
 * ChirpStack v4 HTTP integration (DESIGN §6): POST /api/ingest/chirpstack?event=<one of its eight
 * event types>, JSON or Protobuf, authenticated by the integration key the platform issued for a
 * company's application (its devices only), or by a user's API key or session (the devices of the
 * user's companies). The answer comes only after the data is committed; a redelivered event and
 * an unregistered DevEUI are answered with success too, so the network server logs no failure.
 */
export async function ingestRoutes(app: FastifyInstance, ctx: AppContext, identifyUser: IdentifyUser): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const integrationKey = integrationKeyAuthenticator(ctx.repos.networkEntities.findIntegrationKey);
  const scopes = new WeakMap<FastifyRequest, IngestScope>();

  // The raw bytes go to the ingest service, which decodes them with the event's message type.
  app.addContentTypeParser(PROTOBUF_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    const companyId = await integrationKey(request);
    if (companyId) {
      // A suspended company's network server integration is refused like its API keys (issue #17); its data stays.
      if (await ctx.suspended(companyId)) throw suspendedEvents();
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
      schema: {
        operationId: 'ingestChirpstackEvent',
        summary: "Receive an event of ChirpStack's HTTP integration",
        security: [{ apiKey: [] }],
        tags: ['ingest'],
        querystring: IngestQuery,
        body: IngestBody,
        [DOCUMENTED_BODY]: IngestDocumentedBody,
        response: { 200: IngestResponse, ...errorResponses },
      },
      bodyLimit: 64 * 1024,
    },
    async (request): Promise<IngestResponse> => {
      const outcome = await ctx.ingest.handle(scopes.get(request) as IngestScope, request.query.event, request.body);
      switch (outcome.status) {
        case 'stored':
          return { status: 'stored', device_id: outcome.deviceId, topics: outcome.topics };
        case 'duplicate':
          return { status: 'duplicate', device_id: outcome.deviceId };
        case 'unregistered':
          return { status: 'unregistered' };
        case 'suspended':
          // A user's session or key delivering for a device of a suspended company.
          throw suspendedEvents();
      }
    },
  );
}
