import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { backendVersion } from '../version.js';
import { DOCS_POLICY } from './content-security.js';

/** OpenAPI document at /api/openapi.json, browsable at /api/docs (DESIGN §4). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'LoRa IoT network console API',
        version: backendVersion,
        description:
          'REST API of the console. Sign in through /api/auth (SuperTokens frontend-driver interface) or send ' +
          '`Authorization: Bearer <API key>`. Errors answer `{code, message, fields, field_codes}`.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key created in the console' },
          session: { type: 'apiKey', in: 'cookie', name: 'sAccessToken' },
        },
      },
      security: [{ apiKey: [] }, { session: [] }],
    },
  });
  // The docs page loads its own scripts and styles and the document: the API's policy would block them.
  // BaseLayout: the standalone layout's top bar draws Swagger's logo as an SVG with an inline <style>,
  // which the policy refuses; the bar only offers to browse other documents.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_POLICY, uiConfig: { layout: 'BaseLayout' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
