import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { duplicate, invalid, notFound } from '../http/errors.js';
import { idFilter, paging, searchText } from '../http/paging.js';
import { conflictResponses, errorResponses, IdParams, networkServerResponses, NoContent } from '../schemas/common.js';
import { normaliseEui } from '../domain/eui.js';
import { normaliseSerial } from '../domain/certificate-serial.js';
import { gatewaySeenRecently } from '../domain/network.js';
import {
  GatewayCertBundle,
  GatewayCertResponse,
  GatewayCreateBody,
  GatewayListQuery,
  GatewayNetworkResponse,
  GatewayPage,
  GatewayResponse,
  GatewayUpdateBody,
} from '../schemas/gateways.js';
import { GatewayFramesQuery, GatewayFramesResponse } from '../schemas/frames.js';
import { GatewayDevicesQuery, GatewayDevicesResponse } from '../schemas/device-history.js';
import { assertCompanyMember } from './company-access.js';
import { networkChanges } from './network-changes.js';
import { askNetworkServer } from './network-errors.js';

export async function gatewayRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['gateways'];
  const { gateways } = ctx.repos;
  const network = networkChanges(ctx);

  async function mine(userId: string, id: string) {
    const gateway = await gateways.find(userId, id);
    if (!gateway) throw notFound();
    return network.withStatusOne('gateway', gateway);
  }

  api.get(
    '/gateway/',
    {
      schema: { operationId: 'listGateways', summary: 'List gateways', tags, querystring: GatewayListQuery, response: { 200: GatewayPage, ...errorResponses } },
    },
    async (request) => {
      const q = request.query;
      const page = await gateways.list(request.identity.userId, {
        companyId: q.company_id,
        search: searchText(q),
        ids: idFilter(q),
        connected: q.connected,
        ordering: q.ordering ?? 'name',
        ...paging(q),
      });
      return { ...page, results: await network.withStatus('gateway', page.results) };
    },
  );

  api.post(
    '/gateway/',
    {
      schema: {
        operationId: 'createGateway',
        summary: 'Register a gateway',
        tags,
        body: GatewayCreateBody,
        response: { 201: GatewayResponse, ...errorResponses, ...conflictResponses },
      },
    },
    async (request, reply) => {
      const { company_id, name } = request.body;
      await assertCompanyMember(ctx, request.identity.userId, company_id);
      const gatewayId = normaliseEui(request.body.gateway_id);
      if (!gatewayId) throw invalid({ gateway_id: { code: 'gateway_id_invalid' } });
      // Gateway IDs are unique across the installation: the broker knows a gateway by its ID alone.
      if (await gateways.findByGatewayId(gatewayId)) throw duplicate('This gateway is already registered.', { gateway_id: { code: 'gateway_id_taken' } });
      const gateway = await ctx.transaction(async (tx) => {
        const created = await tx.gateways.create(company_id, gatewayId, name ?? '', ctx.now().toISOString());
        await network.put(tx, 'gateway', created.id, company_id);
        return created;
      });
      return reply.code(201).send(await mine(request.identity.userId, gateway.id));
    },
  );

  api.get(
    '/gateway/:id/',
    { schema: { operationId: 'getGateway', summary: 'Get a gateway', tags, params: IdParams, response: { 200: GatewayResponse, ...errorResponses } } },
    async (request) => mine(request.identity.userId, request.params.id),
  );

  api.patch(
    '/gateway/:id/',
    {
      schema: {
        operationId: 'updateGateway',
        summary: 'Change a gateway',
        tags,
        params: IdParams,
        body: GatewayUpdateBody,
        response: { 200: GatewayResponse, ...errorResponses },
      },
    },
    async (request) => {
      const gateway = await mine(request.identity.userId, request.params.id);
      await ctx.transaction(async (tx) => {
        await tx.gateways.update(gateway.id, request.body);
        await network.put(tx, 'gateway', gateway.id, gateway.company_id);
      });
      return mine(request.identity.userId, gateway.id);
    },
  );

  api.delete(
    '/gateway/:id/',
    {
      schema: {
        operationId: 'deleteGateway',
        summary: 'Delete a gateway (its certificates are revoked)',
        tags,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const gateway = await mine(request.identity.userId, request.params.id);
      await ctx.transaction(async (tx) => {
        await tx.gateways.remove(gateway.id);
        // The broker refuses its certificates from now on, also once the gateway ID is registered again.
        await tx.gatewayCertificates.revokeAll(gateway.id, ctx.now().toISOString());
        await network.remove(tx, 'gateway', gateway.id, gateway.company_id, gateway.gateway_id);
      });
      // Committed: this node's broker drops the connection now, other nodes' at their next check.
      ctx.certificateRevocations.announce();
      return reply.code(204).send(null);
    },
  );

  /** The newest uplinks the gateway received, of devices the caller may see (issue #14). */
  api.get(
    '/gateway/:id/frames',
    {
      schema: {
        operationId: 'listGatewayFrames',
        summary: 'List the frames a gateway received recently',
        tags,
        params: IdParams,
        querystring: GatewayFramesQuery,
        response: { 200: GatewayFramesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const gateway = await gateways.find(request.identity.userId, request.params.id);
      if (!gateway) throw notFound();
      return { results: await ctx.repos.frames.ofGateway(request.identity.userId, gateway.gateway_id, request.query.limit) };
    },
  );

  /** The devices of the caller's companies the gateway heard within the last `hours`, with their RSSI and SNR (issue #14). */
  api.get(
    '/gateway/:id/devices',
    {
      schema: {
        operationId: 'listGatewayDevices',
        summary: 'List the devices a gateway heard recently',
        tags,
        params: IdParams,
        querystring: GatewayDevicesQuery,
        response: { 200: GatewayDevicesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const gateway = await gateways.find(request.identity.userId, request.params.id);
      if (!gateway) throw notFound();
      const since = new Date(ctx.now().getTime() - request.query.hours * 3_600_000).toISOString();
      return { results: await ctx.repos.frames.heardBy(request.identity.userId, gateway.gateway_id, since, request.query.limit) };
    },
  );

  // Issues a client certificate; the private key exists only in this answer. The gateway's earlier
  // certificates are revoked in the same transaction: the broker refuses them from now on.
  api.post(
    '/gateway/:id/cert',
    {
      schema: {
        operationId: 'issueGatewayCertificate',
        summary: 'Issue a new client certificate for a gateway (revokes the previous one)',
        tags,
        params: IdParams,
        response: { 201: GatewayCertResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const gateway = await mine(request.identity.userId, request.params.id);
      const issued = await ctx.gatewayCertificates.issue(gateway.gateway_id);
      const expiresAt = issued.expiresAt.toISOString();
      await ctx.transaction(async (tx) => {
        await tx.gatewayCertificates.issue(gateway.id, gateway.gateway_id, {
          serial: issued.serialNumber,
          certPem: issued.certPem,
          issuedAt: ctx.now().toISOString(),
          expiresAt,
        });
        await tx.gateways.recordCertificate(gateway.id, normaliseSerial(issued.serialNumber), expiresAt);
      });
      ctx.certificateRevocations.announce();
      // The key makes this answer no-store (SecretString in its schema, http/security-headers.ts).
      return reply
        .code(201)
        .send({ server: ctx.config.mqtt.publicUrl, ca_cert: issued.caCertPem, tls_cert: issued.certPem, tls_key: issued.keyPem, expires_at: expiresAt });
    },
  );

  // Downloads the certificate in force again and issues nothing: without its key, which is never kept.
  api.get(
    '/gateway/:id/cert',
    {
      schema: {
        operationId: 'getGatewayCertificate',
        summary: "Download a gateway's certificate in force (without its key)",
        tags,
        params: IdParams,
        response: { 200: GatewayCertBundle, ...errorResponses },
      },
    },
    async (request) => {
      const gateway = await mine(request.identity.userId, request.params.id);
      const current = await ctx.repos.gatewayCertificates.current(gateway.id);
      if (!current) throw notFound();
      const ca = await ctx.gatewayCertificates.ca();
      return { server: ctx.config.mqtt.publicUrl, ca_cert: ca.certPem, tls_cert: current.certPem, expires_at: current.expiresAt };
    },
  );

  // The wizard's verify step: the broker's TLS session alone does not show that the network server
  // hears the gateway (a wrong region topic, say). Standalone knows no gateway and says never seen.
  api.get(
    '/gateway/:id/network',
    {
      schema: {
        operationId: 'getGatewayNetworkStatus',
        summary: 'Whether the network server has seen a gateway',
        tags,
        params: IdParams,
        response: { 200: GatewayNetworkResponse, ...errorResponses, ...networkServerResponses },
      },
    },
    async (request) => {
      const gateway = await gateways.find(request.identity.userId, request.params.id);
      if (!gateway) throw notFound();
      const remote = await askNetworkServer(() => ctx.networkServer.getGateway(gateway.gateway_id));
      const lastSeenAt = remote?.lastSeenAt ?? null;
      return { mode: ctx.networkServer.mode, seen: gatewaySeenRecently(lastSeenAt, ctx.now()), last_seen_at: lastSeenAt?.toISOString() ?? null };
    },
  );
}
