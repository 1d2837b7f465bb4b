import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import { errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { assertCompanyMember } from './company-access.js';
import { WebhookCreateBody, WebhookDeliveriesResponse, WebhookListQuery, WebhookPage, WebhookResponse, WebhookUpdateBody } from '../schemas/webhooks.js';

/** Loopback, private and link-local addresses: a hosted platform must not post into its own network. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return true;
  if (isIP(host) === 4) return /^(127\.|10\.|192\.168\.|169\.254\.|0\.|172\.(1[6-9]|2\d|3[01])\.)/.test(host);
  if (isIP(host) === 6) return host === '::1' || host === '::' || /^(fc|fd|fe8|fe9|fea|feb)/.test(host) || host.startsWith('::ffff:');
  return false;
}

/** Company webhooks receiving decoded uplinks, with their recent deliveries (failures visible). */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['webhooks'];
  const { webhooks } = ctx.repos;

  function assertReachable(url: string | undefined) {
    if (url && !ctx.config.webhooksAllowPrivate && isPrivateHost(new URL(url).hostname)) {
      throw invalid({ url: { code: 'private_address' } });
    }
  }

  async function mine(userId: string, id: string) {
    const hook = await webhooks.find(userId, id);
    if (!hook) throw notFound();
    return hook;
  }

  api.get('/webhook/', { schema: { tags, querystring: WebhookListQuery, response: { 200: WebhookPage, ...errorResponses } } }, async (request) => {
    const results = await webhooks.list(request.identity.userId, request.query.company_id);
    return { count: results.length, results };
  });

  api.post('/webhook/', { schema: { tags, body: WebhookCreateBody, response: { 201: WebhookResponse, ...errorResponses } } }, async (request, reply) => {
    await assertCompanyMember(ctx, request.identity.userId, request.body.company_id);
    assertReachable(request.body.url);
    const id = await webhooks.create(request.body.company_id, request.body, ctx.now().toISOString());
    return reply.code(201).send(await mine(request.identity.userId, id));
  });

  api.patch(
    '/webhook/:id/',
    { schema: { tags, params: IdParams, body: WebhookUpdateBody, response: { 200: WebhookResponse, ...errorResponses } } },
    async (request) => {
      await mine(request.identity.userId, request.params.id);
      assertReachable(request.body.url);
      await webhooks.update(request.params.id, request.body);
      return mine(request.identity.userId, request.params.id);
    },
  );

  api.delete('/webhook/:id/', { schema: { tags, params: IdParams, response: { 204: NoContent, ...errorResponses } } }, async (request, reply) => {
    await mine(request.identity.userId, request.params.id);
    await webhooks.remove(request.params.id);
    return reply.code(204).send(null);
  });

  api.get(
    '/webhook/:id/deliveries',
    { schema: { tags, params: IdParams, response: { 200: WebhookDeliveriesResponse, ...errorResponses } } },
    async (request) => {
      const hook = await mine(request.identity.userId, request.params.id);
      return (await webhooks.deliveries(hook.id, 100)).map(({ payload: _payload, webhook_id: _webhook, ...delivery }) => delivery);
    },
  );
}
