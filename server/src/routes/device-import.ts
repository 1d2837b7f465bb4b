import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../context.js';
import type { Insertable } from 'kysely';
import type { DevicesTable } from '../db/schema.js';
import { invalid } from '../http/errors.js';
import { errorResponses, Uuid } from '../http/schemas.js';
import { normaliseHex } from '../lib/hex.js';
import { APP_KEY_MESSAGE, DEV_EUI_MESSAGE } from './devices.schemas.js';
import { assertCompanyMember } from './scope.js';

export const MAX_IMPORT_ROWS = 1000;

// Rows are checked one by one in code, not by the body schema: one bad row must fail alone.
const ImportRow = Type.Record(Type.String(), Type.Unknown());
const ImportBody = Type.Object(
  {
    company_id: Uuid,
    config: Type.Optional(Type.Union([Uuid, Type.Null()])),
    unit: Type.Optional(Type.Union([Uuid, Type.Null()])),
    devices: Type.Array(ImportRow, { minItems: 1, maxItems: MAX_IMPORT_ROWS }),
  },
  { additionalProperties: false },
);
type ImportBody = Static<typeof ImportBody>;

const ImportResult = Type.Object({
  index: Type.Integer(),
  status: Type.Union([Type.Literal('success'), Type.Literal('failed'), Type.Literal('duplicate')]),
  id: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});
type ImportResult = Static<typeof ImportResult>;

const ROW_FIELDS = new Set(['dev_eui', 'app_key', 'name', 'config']);

interface Candidate {
  index: number;
  row: Insertable<DevicesTable> & { id: string };
}

/** Checks one row; returns the device to insert or the reason it cannot be. */
function checkRow(raw: Record<string, unknown>, defaults: { companyId: string; config: string | null; unit: string | null; profiles: Set<string>; at: string }): (Insertable<DevicesTable> & { id: string }) | string {
  const unknown = Object.keys(raw).filter((key) => !ROW_FIELDS.has(key));
  if (unknown.length > 0) return `Unknown field: ${unknown.join(', ')}.`;
  const devEui = typeof raw.dev_eui === 'string' ? normaliseHex(raw.dev_eui, 16) : undefined;
  if (!devEui) return DEV_EUI_MESSAGE;
  const appKey = typeof raw.app_key === 'string' ? normaliseHex(raw.app_key, 32) : undefined;
  if (!appKey) return APP_KEY_MESSAGE;
  if (raw.name !== undefined && (typeof raw.name !== 'string' || raw.name.length > 200)) return 'Name must be text of at most 200 characters.';
  const config = raw.config === undefined ? defaults.config : raw.config;
  if (config !== null && (typeof config !== 'string' || !defaults.profiles.has(config))) return 'No such device profile.';
  return {
    id: randomUUID(),
    company_id: defaults.companyId,
    dev_eui: devEui,
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

/**
 * POST /api/device/bulk/: up to 1000 devices, each answered on its own (spec §4 import row:
 * success, failed with its reason, or duplicate). A DevEUI that exists already or repeats within
 * the batch is a duplicate, so sending the same file twice never creates a device twice.
 */
export async function deviceImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/device/bulk/',
    {
      schema: { tags: ['devices'], body: ImportBody, response: { 200: Type.Object({ results: Type.Array(ImportResult) }), ...errorResponses } },
      bodyLimit: 1024 * 1024,
    },
    async (request) => {
      const body: ImportBody = request.body;
      const userId = request.identity.userId;
      await assertCompanyMember(ctx, userId, body.company_id);
      const imports = ctx.repos.deviceImport;
      const profiles = await imports.profileIds(body.company_id);
      if (body.config && !profiles.has(body.config)) throw invalid({ config: 'No such device profile.' });
      if (body.unit && !(await imports.unitExists(body.company_id, body.unit))) throw invalid({ unit: 'No such unit.' });

      const defaults = { companyId: body.company_id, config: body.config ?? null, unit: body.unit ?? null, profiles, at: ctx.now().toISOString() };
      const results: ImportResult[] = [];
      const candidates: Candidate[] = [];
      const seen = new Set<string>();
      body.devices.forEach((raw, index) => {
        const checked = checkRow(raw, defaults);
        if (typeof checked === 'string') results[index] = { index, status: 'failed', error: checked };
        else if (seen.has(checked.dev_eui)) results[index] = { index, status: 'duplicate', error: 'This DevEUI appears earlier in the same import.' };
        else {
          seen.add(checked.dev_eui);
          candidates.push({ index, row: checked });
        }
      });

      const existing = await imports.existing(candidates.map((c) => c.row.dev_eui));
      const fresh = candidates.filter((c) => !existing.has(c.row.dev_eui));
      const inserted = await imports.insert(fresh.map((c) => c.row));
      for (const { index, row } of candidates) {
        const before = existing.get(row.dev_eui);
        if (inserted.has(row.id)) results[index] = { index, status: 'success', id: row.id };
        else {
          // The id of an existing device is only told to members of its company.
          const visibleId = before && before.company_id === body.company_id ? { id: before.id } : {};
          results[index] = { index, status: 'duplicate', ...visibleId, error: 'A device with this DevEUI is already registered.' };
        }
      }
      return { results };
    },
  );
}
