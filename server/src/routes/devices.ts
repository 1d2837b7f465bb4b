import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { duplicate, invalid } from '../http/errors.js';
import { idFilter, paging, searchText } from '../http/paging.js';
import { conflictResponses, errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { normaliseEui, normaliseKey } from '../domain/eui.js';
import { DEFAULT_JOIN_EUI } from '../domain/network.js';
import type { FieldError } from '../schemas/messages.js';
import type { DeviceFields } from '../repositories/devices.js';
import { DeviceCreateBody, DeviceDetailResponse, DeviceListQuery, DevicePage, DeviceUpdateBody, TopicValuesResponse } from '../schemas/devices.js';
import { DeviceFramesQuery, FramePage } from '../schemas/frames.js';
import { assertCompanyMember, visibleDevice } from './company-access.js';
import { networkChanges } from './network-changes.js';
import { assertDeviceRoom } from './plan-limits.js';

export async function deviceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['devices'];
  const { devices } = ctx.repos;
  const network = networkChanges(ctx);

  async function mine(userId: string, id: string) {
    return network.withStatusOne('device', await visibleDevice(ctx, userId, id));
  }

  /** Profile and unit must be the device's company's own: another company's id is "no such". */
  async function assertReferences(companyId: string, profileId: string | null | undefined, unitId: string | null | undefined) {
    const { profileOk, unitOk } = await devices.referencesBelongTo(companyId, { profileId, unitId });
    const fields: Record<string, FieldError> = {};
    if (!profileOk) fields.config = { code: 'no_such_profile' };
    if (!unitOk) fields.unit = { code: 'no_such_unit' };
    if (Object.keys(fields).length > 0) throw invalid(fields);
  }

  async function assertNewDevEui(devEui: string) {
    if (await devices.findByDevEui(devEui)) throw duplicate('A device with this DevEUI is already registered.', { dev_eui: { code: 'dev_eui_taken' } });
  }

  api.get(
    '/device/',
    { schema: { operationId: 'listDevices', summary: 'List devices', tags, querystring: DeviceListQuery, response: { 200: DevicePage, ...errorResponses } } },
    async (request) => {
      const q = request.query;
      const page = await devices.list(
        request.identity.userId,
        { companyId: q.company_id, ids: idFilter(q), search: searchText(q), profileId: q.profile, unitId: q.unit, powerStatus: q.power_status },
        { ordering: q.ordering ?? 'name', ...paging(q), exactCount: q.bounded_count !== true },
      );
      return { ...page, results: await network.withStatus('device', page.results) };
    },
  );

  api.post(
    '/device/',
    {
      schema: {
        operationId: 'createDevice',
        summary: 'Register a device',
        tags,
        body: DeviceCreateBody,
        response: { 201: DeviceDetailResponse, ...errorResponses, ...conflictResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertCompanyMember(ctx, request.identity.userId, body.company_id);
      await assertReferences(body.company_id, body.config, body.unit);
      const fields: DeviceFields = {
        dev_eui: normaliseEui(body.dev_eui) as string,
        join_eui: body.join_eui === undefined ? DEFAULT_JOIN_EUI : (normaliseEui(body.join_eui) as string),
        app_key: normaliseKey(body.app_key) as string,
        name: body.name?.trim() ?? '',
        profile_id: body.config ?? null,
        unit_id: body.unit ?? null,
      };
      await assertNewDevEui(fields.dev_eui);
      const id = await ctx.transaction(async (tx) => {
        await assertDeviceRoom(tx, body.company_id);
        const created = await tx.devices.create(body.company_id, fields, ctx.now().toISOString());
        await network.put(tx, 'device', created, body.company_id);
        return created;
      });
      return reply.code(201).send(await mine(request.identity.userId, id));
    },
  );

  api.get(
    '/device/:id/',
    { schema: { operationId: 'getDevice', summary: 'Get a device', tags, params: IdParams, response: { 200: DeviceDetailResponse, ...errorResponses } } },
    async (request) => mine(request.identity.userId, request.params.id),
  );

  api.put(
    '/device/:id/',
    {
      schema: {
        operationId: 'updateDevice',
        summary: 'Change a device',
        tags,
        params: IdParams,
        body: DeviceUpdateBody,
        response: { 200: DeviceDetailResponse, ...errorResponses, ...conflictResponses },
      },
    },
    async (request) => {
      const device = await mine(request.identity.userId, request.params.id);
      const body = request.body;
      await assertReferences(device.company_id, body.config, body.unit);
      const changes: Partial<DeviceFields> = {};
      if (body.dev_eui !== undefined) changes.dev_eui = normaliseEui(body.dev_eui) as string;
      if (body.join_eui !== undefined) changes.join_eui = normaliseEui(body.join_eui) as string;
      if (body.app_key !== undefined) changes.app_key = normaliseKey(body.app_key) as string;
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.config !== undefined) changes.profile_id = body.config;
      if (body.unit !== undefined) changes.unit_id = body.unit;
      if (changes.dev_eui && changes.dev_eui !== device.dev_eui) await assertNewDevEui(changes.dev_eui);
      await ctx.transaction(async (tx) => {
        await tx.devices.update(device.id, changes);
        await network.put(tx, 'device', device.id, device.company_id);
      });
      return mine(request.identity.userId, device.id);
    },
  );

  api.delete(
    '/device/:id/',
    { schema: { operationId: 'deleteDevice', summary: 'Delete a device', tags, params: IdParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const device = await mine(request.identity.userId, request.params.id);
      await ctx.transaction(async (tx) => {
        await tx.devices.remove(device.id);
        await network.remove(tx, 'device', device.id, device.company_id, device.dev_eui);
      });
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/device/:id/topics/values',
    {
      schema: {
        operationId: 'getDeviceTopicValues',
        summary: "Get the last value of each of a device's topics",
        tags,
        params: IdParams,
        response: { 200: TopicValuesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const device = await mine(request.identity.userId, request.params.id);
      return devices.topics(device.id);
    },
  );

  /** The radio metadata of the device's uplinks, newest first (issue #14). */
  api.get(
    '/device/:id/frames',
    {
      schema: {
        operationId: 'listDeviceFrames',
        summary: "List a device's received frames with radio metadata",
        tags,
        params: IdParams,
        querystring: DeviceFramesQuery,
        response: { 200: FramePage, ...errorResponses },
      },
    },
    async (request) => {
      const device = await visibleDevice(ctx, request.identity.userId, request.params.id);
      return ctx.repos.frames.ofDevice(device.id, paging(request.query));
    },
  );
}
