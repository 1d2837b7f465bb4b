import type { DeviceImportResult } from '../../types/api';
import { fieldErrorMessage } from '../../providers/serverMessages';
import type { ImportRow } from './csv';

/** Spec §4 import row: Ready, Importing, then Success, Failed or Duplicate. */
export type RowStatus = 'ready' | 'importing' | 'success' | 'failed' | 'duplicate';
export const ROW_STATUSES: readonly RowStatus[] = ['ready', 'importing', 'success', 'failed', 'duplicate'];

export interface RowState extends ImportRow {
  status: RowStatus;
  /** Why a row failed or is a duplicate: a message to translate (serverMessages.ts translateMessage). */
  reason: string | null;
}

/** One answer of POST /device/bulk/, by position in the batch sent. */
export type BulkResult = DeviceImportResult;

/** Rows per request: the API takes up to 1,000; 500 keeps each answer quick and the progress bar moving. */
export const BATCH_SIZE = 500;

/** A row's reason as a message in the user's language: the API's code with its parameters. */
export const reasonMessage = (result: BulkResult): string =>
  result.code ? fieldErrorMessage({ code: result.code, ...(result.params ? { params: result.params } : {}) }, result.error) : 'app.errors.general';

export const initialRows = (rows: readonly ImportRow[]): RowState[] => rows.map((row) => ({ ...row, status: 'ready', reason: null }));

/** The rows an import run sends: all Ready rows, or for Retry Failed only the Failed ones. */
export const rowsToSend = (rows: readonly RowState[], which: 'ready' | 'failed'): number[] =>
  rows.flatMap((row, index) => (row.status === which ? [index] : []));

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
  update(rows, indexes, (row) => ({ ...row, status: 'importing', reason: null }));

/** Applies a batch's answers; a row the answer does not mention failed (it cannot stay Importing). */
export function applyResults(rows: readonly RowState[], indexes: readonly number[], results: readonly BulkResult[]): RowState[] {
  const byPosition = new Map(results.map((result) => [result.index, result]));
  return update(rows, indexes, (row, position) => {
    const result = byPosition.get(position);
    if (!result) return { ...row, status: 'failed', reason: 'app.errors.general' };
    return { ...row, status: result.status, reason: result.status === 'success' ? null : reasonMessage(result) };
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
  which: 'ready' | 'failed',
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
