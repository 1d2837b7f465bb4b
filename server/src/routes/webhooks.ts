import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { isBlockedUrlHost } from '../dataplane/webhooks/address.js';
import { newWebhookSecret } from '../dataplane/webhooks/signature.js';
import { MAX_WEBHOOKS_PER_COMPANY, testEventPayload } from '../domain/webhooks.js';
import { HttpProblem, invalid, notFound } from '../http/errors.js';
import { idFilter, paging } from '../http/paging.js';
import { conflictResponses, errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { assertCompanyMember } from './company-access.js';
import {
  WebhookCreateBody,
  WebhookDeliveriesResponse,
  WebhookDeliveryResponse,
  WebhookListQuery,
  WebhookPage,
  WebhookResponse,
  WebhookUpdateBody,
  WebhookWithSecretResponse,
} from '../schemas/webhooks.js';

/** Company webhooks receiving decoded uplinks, with their recent deliveries (failures visible). */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['webhooks'];
  const { webhooks } = ctx.repos;

  // A clear answer on the face of the URL; what counts is the check of the resolved address at
  // every delivery (dataplane/webhooks/post.ts), as a name may resolve elsewhere later.
  function assertReachable(url: string | undefined) {
    if (url && isBlockedUrlHost(new URL(url).hostname, { allowPrivate: ctx.config.webhooksAllowPrivate })) {
      throw invalid({ url: { code: 'private_address' } });
    }
  }

  async function mine(userId: string, id: string) {
    const hook = await webhooks.find(userId, id);
    if (!hook) throw notFound();
    return hook;
  }

  api.get(
    '/webhook/',
    {
      schema: { operationId: 'listWebhooks', summary: 'List webhooks', tags, querystring: WebhookListQuery, response: { 200: WebhookPage, ...errorResponses } },
    },
    async (request) => {
      return webhooks.list(request.identity.userId, request.query.company_id, paging(request.query), idFilter(request.query));
    },
  );

  api.post(
    '/webhook/',
    {
      schema: {
        operationId: 'createWebhook',
        summary: 'Create a webhook (its signing secret is shown once)',
        tags,
        body: WebhookCreateBody,
        response: { 201: WebhookWithSecretResponse, ...errorResponses, ...conflictResponses },
      },
    },
    async (request, reply) => {
      await assertCompanyMember(ctx, request.identity.userId, request.body.company_id);
      assertReachable(request.body.url);
      const secret = newWebhookSecret();
      // Stored sealed; the answer is the only place the secret is shown.
      const id = await webhooks.createWithinCap(
        request.body.company_id,
        request.body,
        (webhookId) => ctx.webhookSecrets.seal(webhookId, secret),
        ctx.now().toISOString(),
        MAX_WEBHOOKS_PER_COMPANY,
      );
      if (id === undefined) throw new HttpProblem(409, 'webhookLimit', `A company can have at most ${MAX_WEBHOOKS_PER_COMPANY} webhooks.`);
      return reply.code(201).send({ ...(await mine(request.identity.userId, id)), secret });
    },
  );

  api.post(
    '/webhook/:id/rotate-secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: "Replace a webhook's signing secret",
        tags,
        params: IdParams,
        response: { 200: WebhookWithSecretResponse, ...errorResponses },
      },
    },
    async (request) => {
      const hook = await mine(request.identity.userId, request.params.id);
      const secret = newWebhookSecret();
      await webhooks.rotateSecret(hook.id, ctx.webhookSecrets.seal(hook.id, secret));
      return { ...hook, secret };
    },
  );

  // A test event goes through the same queue, signing and checks as every delivery, paused webhook or not.
  api.post(
    '/webhook/:id/test',
    {
      schema: {
        operationId: 'sendWebhookTestEvent',
        summary: 'Queue a test delivery to a webhook',
        tags,
        params: IdParams,
        response: { 201: WebhookDeliveryResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const hook = await mine(request.identity.userId, request.params.id);
      const at = ctx.now().toISOString();
      const { payload: _payload, webhook_id: _webhook, ...delivery } = await webhooks.queueDelivery(hook.id, testEventPayload(hook, at), at);
      return reply.code(201).send(delivery);
    },
  );

  api.patch(
    '/webhook/:id/',
    {
      schema: {
        operationId: 'updateWebhook',
        summary: 'Change a webhook',
        tags,
        params: IdParams,
        body: WebhookUpdateBody,
        response: { 200: WebhookResponse, ...errorResponses },
      },
    },
    async (request) => {
      await mine(request.identity.userId, request.params.id);
      assertReachable(request.body.url);
      await webhooks.update(request.params.id, request.body);
      return mine(request.identity.userId, request.params.id);
    },
  );

  api.delete(
    '/webhook/:id/',
    { schema: { operationId: 'deleteWebhook', summary: 'Delete a webhook', tags, params: IdParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      await mine(request.identity.userId, request.params.id);
      await webhooks.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/webhook/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: "List a webhook's deliveries",
        tags,
        params: IdParams,
        response: { 200: WebhookDeliveriesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const hook = await mine(request.identity.userId, request.params.id);
      return (await webhooks.deliveries(hook.id, 100)).map(({ payload: _payload, webhook_id: _webhook, ...delivery }) => delivery);
    },
  );
}
