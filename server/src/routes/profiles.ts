import { perUserAndCompany } from '../auth/rate-limit.js';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { idFilter, paging, searchText } from '../http/paging.js';
import { codecBusyResponses, errorResponses, NoContent } from '../schemas/common.js';
import { parsePayload } from '../dataplane/codec/index.js';
import { codecBusy, invalid, notFound } from '../http/errors.js';
import {
  CodecTestBody,
  CodecTestResponse,
  CompanyParams,
  ProfileCreateBody,
  ProfileListQuery,
  ProfilePage,
  ProfileParams,
  ProfileResponse,
  ProfileUpdateBody,
} from '../schemas/profiles.js';
import { assertCompanyMember } from './company-access.js';
import { networkChanges } from './network-changes.js';

/** Device profiles under /config/{company_id} (spec §7 "Config profiles"). */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['profiles'];
  const { profiles } = ctx.repos;
  const network = networkChanges(ctx);

  const list = (fromTemplates: boolean) => async (request: { identity: { userId: string }; params: { company_id: string }; query: ProfileListQuery }) => {
    await assertCompanyMember(ctx, request.identity.userId, request.params.company_id);
    const q = request.query;
    const page = await profiles.list(request.params.company_id, {
      search: searchText(q),
      fromTemplates,
      ids: idFilter(q),
      ordering: q.ordering ?? 'name',
      ...paging(q),
    });
    return { ...page, results: await network.withStatus('profile', page.results) };
  };

  const listSchema = { tags, params: CompanyParams, querystring: ProfileListQuery, response: { 200: ProfilePage, ...errorResponses } };
  api.get('/config/:company_id', { schema: { operationId: 'listDeviceProfiles', summary: "List a company's device profiles", ...listSchema } }, list(false));
  api.get(
    '/config/:company_id/templates',
    {
      schema: {
        operationId: 'listDeviceProfileTemplates',
        summary: 'List the device profiles a company made from store templates',
        ...listSchema,
        description: 'The profiles this company made from store templates.',
      },
    },
    list(true),
  );

  api.post(
    '/config/:company_id',
    {
      schema: {
        operationId: 'createDeviceProfile',
        summary: 'Create a device profile',
        tags,
        params: CompanyParams,
        body: ProfileCreateBody,
        response: { 201: ProfileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      await assertCompanyMember(ctx, request.identity.userId, request.params.company_id);
      const profile = await ctx.transaction(async (tx) => {
        const created = await tx.profiles.create(request.params.company_id, request.body, null, ctx.now().toISOString());
        await network.put(tx, 'profile', created.id, created.company_id);
        return created;
      });
      return reply.code(201).send(await network.withStatusOne('profile', profile));
    },
  );

  // Test run for the codec editor: the script as typed (saved or not), run by the server's
  // sandbox exactly as ingest runs it, never by the browser's own eval.
  api.post(
    '/config/:company_id/codec-test',
    // Each run takes a sandbox worker: a user cannot hold them all by sending runs in a loop.
    {
      config: perUserAndCompany('codec-test', ctx.config.rateLimits.codecTestPerUser),
      schema: {
        operationId: 'testCodec',
        summary: 'Run a payload codec on a sample payload',
        tags,
        params: CompanyParams,
        body: CodecTestBody,
        response: { 200: CodecTestResponse, ...errorResponses, ...codecBusyResponses },
      },
    },
    async (request) => {
      await assertCompanyMember(ctx, request.identity.userId, request.params.company_id);
      const { codec, payload, encoding, fPort, recvTime } = request.body;
      const bytes = parsePayload(payload, encoding);
      if (!bytes) throw invalid({ payload: { code: 'payload_invalid' } });
      const input = { bytes, fPort, recvTime: recvTime ? new Date(recvTime) : ctx.now(), variables: {} };
      const result = await ctx.codecs.run(codec, input, { company: request.params.company_id, interactive: true });
      if (!result.ok && result.error.kind === 'queue-full') throw codecBusy(result.error.queue);
      const output = { bytes, console: result.console.lines, console_truncated: result.console.truncated };
      return result.ok
        ? { ok: true, data: result.data, warnings: result.warnings, errors: result.errors, ...output }
        : { ok: false, warnings: [], errors: [], error: result.error, ...output };
    },
  );

  api.patch(
    '/config/:company_id/:profile_id',
    {
      schema: {
        operationId: 'updateDeviceProfile',
        summary: 'Change a device profile',
        tags,
        params: ProfileParams,
        body: ProfileUpdateBody,
        response: { 200: ProfileResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { company_id, profile_id } = request.params;
      await assertCompanyMember(ctx, request.identity.userId, company_id);
      if (!(await profiles.find(company_id, profile_id))) throw notFound();
      await ctx.transaction(async (tx) => {
        await tx.profiles.update(company_id, profile_id, request.body);
        await network.put(tx, 'profile', profile_id, company_id);
      });
      const updated = await profiles.find(company_id, profile_id);
      if (!updated) throw notFound();
      return network.withStatusOne('profile', updated);
    },
  );

  api.delete(
    '/config/:company_id/:profile_id',
    {
      schema: {
        operationId: 'deleteDeviceProfile',
        summary: 'Delete a device profile',
        tags,
        params: ProfileParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { company_id, profile_id } = request.params;
      await assertCompanyMember(ctx, request.identity.userId, company_id);
      if (!(await profiles.find(company_id, profile_id))) throw notFound();
      await ctx.transaction(async (tx) => {
        // Its devices lose their profile here; the network server then drops them until they get another.
        for (const deviceId of await tx.networkEntities.deviceIdsUsingProfile(profile_id)) await network.put(tx, 'device', deviceId, company_id);
        await tx.profiles.remove(company_id, profile_id);
        await network.remove(tx, 'profile', profile_id, company_id);
      });
      return reply.code(204).send(null);
    },
  );
}
