import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import type { QueuedDownlink } from '../dataplane/network-server/port.js';
import { notFound } from '../http/errors.js';
import { errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { DownlinkBody, DownlinkQueuedResponse, DownlinkQueueResponse, networkServerResponses, type QueuedDownlinkItem } from '../schemas/downlinks.js';
import { downlinkPayload } from './downlink-payload.js';
import { askNetworkServer } from './network-errors.js';

const hex = (bytes: Uint8Array | number[]): string => Buffer.from(bytes).toString('hex').toUpperCase();

const toItem = (item: QueuedDownlink): QueuedDownlinkItem => ({
  id: item.id,
  f_port: item.fPort,
  confirmed: item.confirmed,
  data_hex: hex(item.data),
  f_cnt_down: item.fCntDown,
  is_pending: item.isPending,
});

/**
 * A device's downlinks (issue #13): queue one in the network server, read its queue, flush it.
 * They go straight to the network server while the user waits, so its failures answer at once
 * (routes/network-errors.ts); in standalone mode there is none to ask (409).
 */
export async function downlinkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['devices'];
  const { devices, profiles } = ctx.repos;
  const responses = { ...errorResponses, ...networkServerResponses };

  /** The device, if it belongs to one of the user's companies (another company's is "no such"). */
  async function mine(userId: string, id: string) {
    const device = await devices.find(userId, id);
    if (!device) throw notFound();
    return device;
  }

  api.post(
    '/device/:id/downlink',
    { schema: { tags, params: IdParams, body: DownlinkBody, response: { 201: DownlinkQueuedResponse, ...responses } } },
    async (request, reply) => {
      const device = await mine(request.identity.userId, request.params.id);
      const profile = device.config ? await profiles.find(device.company_id, device.config) : undefined;
      const { bytes, fPort, warnings } = await downlinkPayload(ctx.codecs, profile?.codec ?? null, request.body);
      const confirmed = request.body.confirmed ?? false;
      const id = await askNetworkServer(() => ctx.networkServer.enqueueDownlink({ devEui: device.dev_eui, fPort, confirmed, data: Uint8Array.from(bytes) }));
      return reply.code(201).send({ id, f_port: fPort, confirmed, data_hex: hex(bytes), warnings });
    },
  );

  api.get('/device/:id/downlink', { schema: { tags, params: IdParams, response: { 200: DownlinkQueueResponse, ...responses } } }, async (request) => {
    const device = await mine(request.identity.userId, request.params.id);
    const items = await askNetworkServer(() => ctx.networkServer.downlinkQueue(device.dev_eui));
    return { items: items.map(toItem) };
  });

  api.delete('/device/:id/downlink', { schema: { tags, params: IdParams, response: { 204: NoContent, ...responses } } }, async (request, reply) => {
    const device = await mine(request.identity.userId, request.params.id);
    await askNetworkServer(() => ctx.networkServer.flushDownlinkQueue(device.dev_eui));
    return reply.code(204).send(null);
  });
}
