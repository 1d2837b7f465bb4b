import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { errorResponses, NoContent } from '../schemas/common.js';
import { NetworkStatusResponse, SyncRetryParams } from '../schemas/network.js';
import { assertCompanyMember } from './company-access.js';

/** The network-server link as users see it: its mode and backlog, and the retry of a failed sync (issue #13). */
export async function networkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['network server'];
  const { networkOutbox } = ctx.repos;

  api.get('/network/status', { schema: { tags, response: { 200: NetworkStatusResponse, ...errorResponses } } }, async (request) => ({
    mode: ctx.networkServer.mode,
    ...(await networkOutbox.counts(request.identity.userId)),
  }));

  api.post(
    '/network/sync/:kind/:id/retry',
    { schema: { tags, params: SyncRetryParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { kind, id } = request.params;
      const companyId = await networkOutbox.companyOf(kind, id);
      // Another company's entity answers like one that does not exist.
      if (!companyId) throw notFound();
      await assertCompanyMember(ctx, request.identity.userId, companyId);
      const at = ctx.now().toISOString();
      if (!(await networkOutbox.retryNow(kind, id, at))) {
        // Failed and then forgotten (e.g. a restore): record the entity afresh.
        await ctx.transaction((tx) => tx.networkOutbox.record({ kind, entityId: id, companyId, action: 'put' }, at));
      }
      return reply.code(204).send(null);
    },
  );
}
