import type { FastifyInstance } from 'fastify';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { backendVersion } from '../version.js';
import { DOCS_POLICY } from './content-security.js';
import { DOCUMENTED_BODY, ErrorResponse } from '../schemas/common.js';

/**
 * What every route's document gets beyond its own schema: the path without its trailing slash
 * (the server answers both forms; the spec's paths end in one, OpenAPI tools refuse them), 413 for
 * a body over the route's limit, 429 for a rate-limited route, and the body as described for the
 * routes that check a looser one themselves (DOCUMENTED_BODY).
 */
const documentRoute: SwaggerTransform = ({ schema, url, route }) => {
  const path = url.length > 1 ? url.replace(/\/+$/, '') : url;
  if (!schema) return { schema, url: path };
  const documented: Record<string, unknown> = { ...schema };
  const responses = { ...(schema.response as Record<string, unknown> | undefined) };
  const body = (schema as Record<string, unknown>)[DOCUMENTED_BODY] ?? schema.body;
  delete documented[DOCUMENTED_BODY];
  if (body !== undefined) {
    documented.body = body;
    responses[413] ??= ErrorResponse;
  }
  if (route.config && 'rateLimit' in route.config) responses[429] ??= ErrorResponse;
  if (Object.keys(responses).length > 0) documented.response = responses;
  return { schema: documented, url: path };
};
/** OpenAPI document at /api/openapi.json, browsable at /api/docs (DESIGN §4). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      // Relative: the document describes the installation that serves it.
      servers: [{ url: '/', description: 'This installation' }],
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
    transform: documentRoute,
  });
  // The docs page loads its own scripts and styles and the document: the API's policy would block them.
  // BaseLayout: the standalone layout's top bar draws Swagger's logo as an SVG with an inline <style>,
  // which the policy refuses; the bar only offers to browse other documents.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_POLICY, uiConfig: { layout: 'BaseLayout' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
