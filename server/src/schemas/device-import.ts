import { Type, type Static } from 'typebox';
import { Uuid } from './common.js';

export const MAX_IMPORT_ROWS = 1000;

// Rows are checked one by one in code, not by the body schema: one bad row must fail alone.
/**
 * One row as the console maps it from the CSV. Each row is checked on its own (a bad value fails
 * that row with its reason, never the batch), so the fields are described here but not typed.
 */
export const DeviceImportRow = Type.Object(
  {
    dev_eui: Type.Optional(Type.Unknown({ description: 'DevEUI: 16 hex digits, any case, separators allowed. Required.' })),
    app_key: Type.Optional(Type.Unknown({ description: 'AppKey: 32 hex digits. Required.' })),
    join_eui: Type.Optional(Type.Unknown({ description: 'JoinEUI (AppEUI): 16 hex digits; zeros when left out.' })),
    name: Type.Optional(Type.Unknown({ description: 'Name, up to 200 characters.' })),
    config: Type.Optional(Type.Unknown({ description: "A device profile id of the company; the batch's `config` when left out." })),
  },
  {
    additionalProperties: true,
    description: 'Other columns fail the row with `unknown_fields`.',
    example: { dev_eui: 'A840410001810001', app_key: '2B7E151628AED2A6ABF7158809CF4F3C', name: 'Cold room 1' },
  },
);
export const DeviceImportBody = Type.Object(
  {
    company_id: Uuid,
    config: Type.Optional(Type.Union([Uuid, Type.Null()])),
    unit: Type.Optional(Type.Union([Uuid, Type.Null()])),
    devices: Type.Array(DeviceImportRow, { minItems: 1, maxItems: MAX_IMPORT_ROWS }),
  },
  { additionalProperties: false },
);
export type DeviceImportBody = Static<typeof DeviceImportBody>;

export const DeviceImportResult = Type.Object({
  index: Type.Integer(),
  status: Type.Union([Type.Literal('success'), Type.Literal('failed'), Type.Literal('duplicate')]),
  id: Type.Optional(Type.String()),
  /** Why the row failed or is a duplicate: English text, and the code the console translates. */
  error: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});
export type DeviceImportResult = Static<typeof DeviceImportResult>;
export const DeviceImportResponse = Type.Object({ results: Type.Array(DeviceImportResult) });
