import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { newApiKeySecret } from '../auth/api-keys.js';
import { forbidden, invalid, notFound } from '../http/errors.js';
import { paging } from '../http/paging.js';
import { errorResponses, NoContent, Page } from '../schemas/common.js';
import { toApiKey } from '../repositories/api-keys.js';
import { ApiKeyCreateBody, ApiKeyListQuery, ApiKeyParams, ApiKeyResponse, ApiKeyWithSecret } from '../schemas/api-keys.js';

/** API keys of the signed-in user (spec §7). A key cannot manage keys, so a leaked one cannot mint more. */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['api-keys'];
  const { apiKeys } = ctx.repos;

  // This plugin's own scope: the hook guards the key routes only.
  api.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.identity.via === 'api-key') {
      throw forbidden('API keys are managed in the console, not with an API key.');
    }
  });

  api.get(
    '/api-keys/',
    {
      schema: {
        operationId: 'listApiKeys',
        summary: 'List your API keys',
        tags,
        querystring: ApiKeyListQuery,
        response: { 200: Page(ApiKeyResponse), ...errorResponses },
      },
    },
    async (request) => {
      return apiKeys.list(request.identity.userId, paging(request.query), ctx.now());
    },
  );

  api.post(
    '/api-keys/',
    {
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key (its secret is shown once)',
        tags,
        body: ApiKeyCreateBody,
        response: { 201: ApiKeyWithSecret, ...errorResponses },
      },
    },
    async (request, reply) => {
      const expiresAt = request.body.expiresAt ? new Date(request.body.expiresAt) : null;
      if (expiresAt && expiresAt <= ctx.now()) throw invalid({ expiresAt: { code: 'expiry_in_past' } });
      const companyId = request.body.company_id ?? null;
      // A key reaches a company only as far as its owner does: one the owner is not in is "no such".
      if (companyId && !(await ctx.repos.memberships.find(request.identity.userId, companyId))) throw notFound();
      const secret = newApiKeySecret();
      const scope = { companyId, readOnly: request.body.read_only ?? false };
      const row = await apiKeys.create(request.identity.userId, request.body.name, expiresAt?.toISOString() ?? null, scope, secret, ctx.now().toISOString());
      return reply.code(201).send({ ...toApiKey(row, ctx.now()), key: secret.key });
    },
  );

  api.put(
    '/api-keys/:api_key_id/regenerate',
    {
      schema: {
        operationId: 'regenerateApiKey',
        summary: "Replace an API key's secret",
        tags,
        params: ApiKeyParams,
        response: { 200: ApiKeyWithSecret, ...errorResponses },
      },
    },
    async (request) => {
      const row = await apiKeys.find(request.identity.userId, request.params.api_key_id);
      if (!row) throw notFound();
      const secret = newApiKeySecret();
      await apiKeys.replaceSecret(row.id, secret);
      return { ...toApiKey({ ...row, lookup: secret.lookup, key_hash: secret.hash }, ctx.now()), key: secret.key };
    },
  );

  api.delete(
    '/api-keys/:api_key_id',
    { schema: { operationId: 'deleteApiKey', summary: 'Delete an API key', tags, params: ApiKeyParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const row = await apiKeys.find(request.identity.userId, request.params.api_key_id);
      if (!row) throw notFound();
      await apiKeys.remove(row.id);
      return reply.code(204).send(null);
    },
  );
}
