import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import type { Insertable } from 'kysely';
import type { DevicesTable } from '../db/schema.js';
import { invalid } from '../http/errors.js';
import { errorResponses } from '../schemas/common.js';
import { normaliseEui, normaliseKey } from '../domain/eui.js';
import { DEFAULT_JOIN_EUI } from '../domain/network.js';
import { fieldErrorText, type FieldError } from '../schemas/messages.js';
import { assertCompanyMember } from './company-access.js';
import { networkChanges } from './network-changes.js';
import { deviceRoom } from './plan-limits.js';
import { DeviceImportBody, DeviceImportResponse, type DeviceImportResult } from '../schemas/device-import.js';

const ROW_FIELDS = new Set(['dev_eui', 'join_eui', 'app_key', 'name', 'config']);

interface Candidate {
  index: number;
  row: Insertable<DevicesTable> & { id: string };
}

/** Checks one row; returns the device to insert or the reason it cannot be. */
function checkRow(
  raw: Record<string, unknown>,
  defaults: { companyId: string; config: string | null; unit: string | null; profiles: Set<string>; at: string },
): (Insertable<DevicesTable> & { id: string }) | FieldError {
  const unknown = Object.keys(raw).filter((key) => !ROW_FIELDS.has(key));
  if (unknown.length > 0) return { code: 'unknown_fields', params: { fields: unknown.join(', ') } };
  const devEui = typeof raw.dev_eui === 'string' ? normaliseEui(raw.dev_eui) : undefined;
  if (!devEui) return { code: 'dev_eui_invalid' };
  // Optional: shop exports without a JoinEUI column leave it out, and a device without one joins with zeros.
  const joinEui = raw.join_eui === undefined ? DEFAULT_JOIN_EUI : typeof raw.join_eui === 'string' ? normaliseEui(raw.join_eui) : undefined;
  if (!joinEui) return { code: 'join_eui_invalid' };
  const appKey = typeof raw.app_key === 'string' ? normaliseKey(raw.app_key) : undefined;
  if (!appKey) return { code: 'app_key_invalid' };
  if (raw.name !== undefined && (typeof raw.name !== 'string' || raw.name.length > 200)) return { code: 'name_invalid' };
  const config = raw.config === undefined ? defaults.config : raw.config;
  if (config !== null && (typeof config !== 'string' || !defaults.profiles.has(config))) return { code: 'no_such_profile' };
  return {
    id: randomUUID(),
    company_id: defaults.companyId,
    dev_eui: devEui,
    join_eui: joinEui,
    name: typeof raw.name === 'string' ? raw.name.trim() : '',
    app_key: appKey,
    profile_id: config,
    unit_id: defaults.unit,
    last_seen: null,
    power_source: 'unknown',
    battery_level: null,
    created_at: defaults.at,
  };
}

/** Why a row was not imported: the code and its parameters, and the English text for API users. */
const rowReason = (reason: FieldError) => ({ error: fieldErrorText(reason), code: reason.code, ...(reason.params ? { params: reason.params } : {}) });

/**
 * POST /api/device/bulk/: up to 1000 devices, each answered on its own (spec §4 import row:
 * success, failed with its reason, or duplicate). A DevEUI that exists already or repeats within
 * the batch is a duplicate, so sending the same file twice never creates a device twice.
 */
export async function deviceImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const network = networkChanges(ctx);

  api.post(
    '/device/bulk/',
    {
      schema: {
        operationId: 'importDevices',
        summary: 'Import devices in bulk (CSV rows), with a result per row',
        tags: ['devices'],
        body: DeviceImportBody,
        response: { 200: DeviceImportResponse, ...errorResponses },
      },
      bodyLimit: 1024 * 1024,
    },
    async (request) => {
      const body: DeviceImportBody = request.body;
      const userId = request.identity.userId;
      await assertCompanyMember(ctx, userId, body.company_id);
      const imports = ctx.repos.deviceImport;
      const profiles = await imports.profileIds(body.company_id);
      if (body.config && !profiles.has(body.config)) throw invalid({ config: { code: 'no_such_profile' } });
      if (body.unit && !(await imports.unitExists(body.company_id, body.unit))) throw invalid({ unit: { code: 'no_such_unit' } });

      const defaults = { companyId: body.company_id, config: body.config ?? null, unit: body.unit ?? null, profiles, at: ctx.now().toISOString() };
      const results: DeviceImportResult[] = [];
      const candidates: Candidate[] = [];
      const seen = new Set<string>();
      body.devices.forEach((raw, index) => {
        const checked = checkRow(raw, defaults);
        if (!('dev_eui' in checked)) results[index] = { index, status: 'failed', ...rowReason(checked) };
        else if (seen.has(checked.dev_eui)) results[index] = { index, status: 'duplicate', ...rowReason({ code: 'dev_eui_repeated' }) };
        else {
          seen.add(checked.dev_eui);
          candidates.push({ index, row: checked });
        }
      });

      const existing = await imports.existing(candidates.map((c) => c.row.dev_eui));
      const fresh = candidates.filter((c) => !existing.has(c.row.dev_eui));
      // Rows beyond the plan's device limit fail with its reason; the rows before them are imported.
      const { inserted, refused, reason } = await ctx.transaction(async (tx) => {
        const { room, reason } = await deviceRoom(tx, body.company_id);
        const admitted = fresh.slice(0, room);
        const ids = await tx.deviceImport.insert(
          admitted.map((c) => c.row),
          { companyId: body.company_id, rows: body.devices.length },
        );
        await network.putNew(tx, 'device', [...ids], body.company_id);
        return { inserted: ids, refused: new Set(fresh.slice(room).map((c) => c.row.id)), reason };
      });
      for (const { index, row } of candidates) {
        const before = existing.get(row.dev_eui);
        if (inserted.has(row.id)) results[index] = { index, status: 'success', id: row.id };
        else if (refused.has(row.id) && reason) results[index] = { index, status: 'failed', ...rowReason(reason) };
        else {
          // The id of an existing device is only told to members of its company.
          const visibleId = before && before.company_id === body.company_id ? { id: before.id } : {};
          results[index] = { index, status: 'duplicate', ...visibleId, ...rowReason({ code: 'device_registered' }) };
        }
      }
      return { results };
    },
  );
}
