import { Type, type Static } from 'typebox';
import { Uuid } from './common.js';

export const MAX_IMPORT_ROWS = 1000;

// Rows are checked one by one in code, not by the body schema: one bad row must fail alone.
export const DeviceImportRow = Type.Record(Type.String(), Type.Unknown());
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
