import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { forbidden, notFound } from '../http/errors.js';
import { errorResponses, networkServerResponses, NoContent } from '../schemas/common.js';
import {
  NetworkStatusResponse,
  ReconcileFixBody,
  ReconcileFixResponse,
  ReconcileQuery,
  ReconcileResponse,
  SyncRetryParams,
  UnregisteredQuery,
  UnregisteredResponse,
} from '../schemas/network.js';
import { findDrift, fixDrift, withoutRemote } from '../dataplane/network-server/reconcile.js';
import { assertCompanyMember } from './company-access.js';
import { askNetworkServer } from './network-errors.js';

/** The network-server link as users see it: its mode, backlog and this node's MQTT link, and the retry of a failed sync (issues #13, #14). */
export async function networkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['network server'];
  const { networkOutbox, networkEntities, companies } = ctx.repos;

  /** Reconciliation is for a company's owners (it adopts devices into the company). */
  async function assertOwner(userId: string, companyId: string): Promise<void> {
    const company = await companies.find(userId, companyId);
    if (!company) throw notFound();
    if (company.role !== 'owner') throw forbidden('Only an owner of the company can reconcile it with the network server.');
  }

  api.get(
    '/network/status',
    {
      schema: {
        operationId: 'getNetworkStatus',
        summary: 'The network server link and sync counts',
        tags,
        response: { 200: NetworkStatusResponse, ...errorResponses },
      },
    },
    async (request) => ({
      mode: ctx.networkServer.mode,
      ...(await networkOutbox.counts(request.identity.userId)),
      ...(ctx.mqttIngest ? { mqtt: ctx.mqttIngest.status() } : {}),
    }),
  );

  api.post(
    '/network/sync/:kind/:id/retry',
    {
      schema: {
        operationId: 'retryNetworkSync',
        summary: 'Retry provisioning a device, profile or gateway into the network server',
        tags,
        params: SyncRetryParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
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

  /** DevEUIs the network server sent events for that no device here has, newest first (issue #14). */
  api.get(
    '/network/unregistered',
    {
      schema: {
        operationId: 'listUnregisteredDevices',
        summary: 'List devices heard by the network server but not registered here',
        tags,
        querystring: UnregisteredQuery,
        response: { 200: UnregisteredResponse, ...errorResponses },
      },
    },
    async (request) => {
      await assertCompanyMember(ctx, request.identity.userId, request.query.company_id);
      return { results: await ctx.repos.unregisteredDevices.list(request.query.company_id) };
    },
  );

  api.get(
    '/network/reconcile',
    {
      schema: {
        operationId: 'getReconcileReport',
        summary: 'Compare this platform with the network server',
        tags,
        querystring: ReconcileQuery,
        response: { 200: ReconcileResponse, ...errorResponses, ...networkServerResponses },
      },
    },
    async (request) => {
      await assertOwner(request.identity.userId, request.query.company_id);
      const found = await askNetworkServer(() => findDrift(ctx.networkServer, ctx.repos, { companyId: request.query.company_id }));
      return { drift: found.map(withoutRemote) };
    },
  );

  api.post(
    '/network/reconcile',
    {
      schema: {
        operationId: 'fixReconcileDrift',
        summary: 'Fix what differs between this platform and the network server',
        tags,
        body: ReconcileFixBody,
        response: { 200: ReconcileFixResponse, ...errorResponses, ...networkServerResponses },
      },
    },
    async (request) => {
      const { company_id: companyId, items } = request.body;
      await assertOwner(request.identity.userId, companyId);
      const chosen = new Set(items.map((item) => `${item.kind}:${item.key}`));
      const found = await askNetworkServer(() => findDrift(ctx.networkServer, ctx.repos, { companyId }));
      return fixDrift(
        { entities: networkEntities, transaction: ctx.transaction, now: ctx.now },
        found.filter((drift) => chosen.has(`${drift.kind}:${drift.key}`)),
        companyId,
      );
    },
  );
}
