import type { DeviceImportResult } from '../../types/api';
import { fieldErrorMessage } from '../../providers/serverMessages';
import type { ImportRow } from './csv';

/** Spec §4 import row: Ready, Importing, then Success, Failed or Duplicate. */
export type RowStatus = 'ready' | 'importing' | 'success' | 'failed' | 'duplicate';
export const ROW_STATUSES: readonly RowStatus[] = ['ready', 'importing', 'success', 'failed', 'duplicate'];

/** The cells of a row the user can correct after it failed. */
export type EditableField = 'dev_eui' | 'join_eui' | 'app_key' | 'name' | 'config';
export const EDITABLE_FIELDS: readonly EditableField[] = ['dev_eui', 'join_eui', 'app_key', 'name', 'config'];

export interface RowState extends ImportRow {
  status: RowStatus;
  /** Why a row failed or is a duplicate: a message to translate (serverMessages.ts translateMessage). */
  reason: string | null;
  /** The cell the reason is about, shown on that cell while the row is corrected; null when none is. */
  field: EditableField | null;
  /** The user changed a cell since the row failed: Retry corrected sends it. */
  corrected: boolean;
}

/** Which cell a row's refusal code is about (server/src/routes/device-import.ts checkRow). */
const FIELD_OF_CODE: Record<string, EditableField> = {
  dev_eui_invalid: 'dev_eui',
  join_eui_invalid: 'join_eui',
  app_key_invalid: 'app_key',
  name_invalid: 'name',
  no_such_profile: 'config',
};

/** One answer of POST /device/bulk/, by position in the batch sent. */
export type BulkResult = DeviceImportResult;

/** Rows per request: the API takes up to 1,000; 500 keeps each answer quick and the progress bar moving. */
export const BATCH_SIZE = 500;

/** A row's reason as a message in the user's language: the API's code with its parameters. */
export const reasonMessage = (result: BulkResult): string =>
  result.code ? fieldErrorMessage({ code: result.code, ...(result.params ? { params: result.params } : {}) }, result.error) : 'app.errors.general';

export const initialRows = (rows: readonly ImportRow[]): RowState[] =>
  rows.map((row) => ({ ...row, status: 'ready', reason: null, field: null, corrected: false }));

/**
 * Which rows a run sends: all Ready rows; for Retry Failed the Failed ones; for Retry corrected the
 * Failed ones the user changed; or the one row (by its position) retried on its own.
 */
export type RowSelection = 'ready' | 'failed' | 'corrected' | { index: number };

export const rowsToSend = (rows: readonly RowState[], which: RowSelection): number[] =>
  rows.flatMap((row, index) => {
    if (typeof which === 'object') return index === which.index && row.status === 'failed' ? [index] : [];
    if (which === 'corrected') return row.status === 'failed' && row.corrected ? [index] : [];
    return row.status === which ? [index] : [];
  });

/**
 * A failed row with some of its cells changed by the user. The refusal stays until the row is
 * retried, but no longer points at a cell the user has just changed.
 */
export function correctRow(rows: readonly RowState[], index: number, change: Partial<Pick<RowState, EditableField>>): RowState[] {
  return update(rows, [index], (row) => {
    const changed = EDITABLE_FIELDS.filter((field) => field in change && change[field] !== row[field]);
    if (row.status !== 'failed' || changed.length === 0) return row;
    return { ...row, ...change, corrected: true, field: row.field && changed.includes(row.field) ? null : row.field };
  });
}

export function counts(rows: readonly RowState[]): Record<RowStatus, number> {
  const result: Record<RowStatus, number> = { ready: 0, importing: 0, success: 0, failed: 0, duplicate: 0 };
  for (const row of rows) result[row.status] += 1;
  return result;
}

function update(rows: readonly RowState[], indexes: readonly number[], change: (row: RowState, position: number) => RowState): RowState[] {
  const next = rows.slice();
  indexes.forEach((rowIndex, position) => {
    const row = next[rowIndex];
    if (row) next[rowIndex] = change(row, position);
  });
  return next;
}

export const markImporting = (rows: readonly RowState[], indexes: readonly number[]): RowState[] =>
  update(rows, indexes, (row) => ({ ...row, status: 'importing', reason: null, field: null, corrected: false }));

/** Applies a batch's answers; a row the answer does not mention failed (it cannot stay Importing). */
export function applyResults(rows: readonly RowState[], indexes: readonly number[], results: readonly BulkResult[]): RowState[] {
  const byPosition = new Map(results.map((result) => [result.index, result]));
  return update(rows, indexes, (row, position) => {
    const result = byPosition.get(position);
    if (!result) return { ...row, status: 'failed', reason: 'app.errors.general' };
    const field = result.status === 'failed' && result.code ? (FIELD_OF_CODE[result.code] ?? null) : null;
    return { ...row, status: result.status, reason: result.status === 'success' ? null : reasonMessage(result), field };
  });
}

/** A batch whose request failed as a whole: each of its rows is Failed with that reason. */
export const failBatch = (rows: readonly RowState[], indexes: readonly number[], reason: string): RowState[] =>
  update(rows, indexes, (row) => ({ ...row, status: 'failed', reason }));

/**
 * Sends the chosen rows in batches, reporting every state change. Every row ends in exactly one
 * of Success, Failed or Duplicate.
 */
export async function runImport(
  start: readonly RowState[],
  which: RowSelection,
  send: (rows: readonly RowState[]) => Promise<BulkResult[]>,
  onChange: (rows: RowState[]) => void,
): Promise<RowState[]> {
  let rows = start.slice();
  const pending = rowsToSend(rows, which);
  for (let offset = 0; offset < pending.length; offset += BATCH_SIZE) {
    const batch = pending.slice(offset, offset + BATCH_SIZE);
    rows = markImporting(rows, batch);
    onChange(rows);
    try {
      const results = await send(batch.map((index) => rows[index] as RowState));
      rows = applyResults(rows, batch, results);
    } catch (error) {
      rows = failBatch(rows, batch, error instanceof Error && error.message ? error.message : 'app.errors.general');
    }
    onChange(rows);
  }
  return rows;
}
