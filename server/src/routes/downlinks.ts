import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { codecBusyResponses, conflictResponses, errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { DownlinkBody, DownlinkCreatedResponse, DownlinkListResponse } from '../schemas/downlinks.js';
import { visibleDevice } from './company-access.js';
import { downlinkPayload } from './downlink-payload.js';
import { networkServerRequired } from './network-errors.js';

/**
 * A device's downlinks (issue #13): send one, list them with where each stands, flush the queue.
 * Sending and flushing are recorded with their outbox change in one transaction and answered at
 * once; the network-server worker pushes them (dataplane/network-server/downlink-pusher.ts), so a
 * network server that is down delays them and loses nothing. Standalone mode has no network server
 * that would ever send them (409); the list is readable there too (it stays empty).
 */
export async function downlinkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['devices'];
  const { profiles, downlinks } = ctx.repos;
  // Sending and flushing need a network server: 409 networkServerRequired in standalone mode.
  const responses = { ...errorResponses, ...conflictResponses };

  const requireNetworkServer = () => {
    if (ctx.networkServer.mode === 'standalone') throw networkServerRequired();
  };

  api.post(
    '/device/:id/downlink',
    {
      schema: {
        operationId: 'sendDownlink',
        summary: 'Queue a downlink for a device',
        tags,
        params: IdParams,
        body: DownlinkBody,
        response: { 201: DownlinkCreatedResponse, ...responses, ...codecBusyResponses },
      },
    },
    async (request, reply) => {
      const device = await visibleDevice(ctx, request.identity.userId, request.params.id);
      requireNetworkServer();
      const profile = device.config ? await profiles.find(device.company_id, device.config) : undefined;
      // Encoded (and refused) before anything is recorded.
      const { bytes, fPort, warnings } = await downlinkPayload(ctx.codecs, device.company_id, profile?.codec ?? null, request.body);
      const at = ctx.now().toISOString();
      const downlink = await ctx.transaction(async (tx) => {
        const created = await tx.downlinks.create(
          {
            companyId: device.company_id,
            deviceId: device.id,
            fPort,
            confirmed: request.body.confirmed ?? false,
            dataHex: Buffer.from(bytes).toString('hex').toUpperCase(),
          },
          at,
        );
        await tx.networkOutbox.recordDownlink(device.id, device.company_id, { action: 'put', downlinkId: created.id }, at);
        return created;
      });
      return reply.code(201).send({ ...downlink, warnings });
    },
  );

  api.get(
    '/device/:id/downlink',
    {
      schema: {
        operationId: 'listDownlinks',
        summary: "List a device's downlinks and the network server's queue",
        tags,
        params: IdParams,
        response: { 200: DownlinkListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const device = await visibleDevice(ctx, request.identity.userId, request.params.id);
      return { items: await downlinks.list(device.id) };
    },
  );

  // Through the outbox too: the flush must follow the downlinks sent before it (the worker pushes a
  // device's queue changes in order), which a call made here and now could overtake.
  api.delete(
    '/device/:id/downlink',
    {
      schema: {
        operationId: 'flushDownlinkQueue',
        summary: "Flush a device's downlink queue",
        tags,
        params: IdParams,
        response: { 204: NoContent, ...responses },
      },
    },
    async (request, reply) => {
      const device = await visibleDevice(ctx, request.identity.userId, request.params.id);
      requireNetworkServer();
      const at = ctx.now().toISOString();
      await ctx.transaction(async (tx) => {
        await tx.downlinks.flush(device, await tx.networkOutbox.takeWaitingDownlinks(device.id, at), at);
        await tx.networkOutbox.recordDownlink(device.id, device.company_id, { action: 'delete' }, at);
      });
      return reply.code(204).send(null);
    },
  );
}
