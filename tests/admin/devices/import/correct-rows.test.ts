import { describe, expect, it } from 'vitest';
import { applyResults, correctRow, initialRows, rowsToSend, runImport, type BulkResult } from '../../../../admin/devices/import/rows';

const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';
const row = (line: number, app_key = KEY) => ({ line, dev_eui: `A84041000181C6${line}0`, join_eui: '', app_key, name: `Row ${line}`, config: 'p1' });

/** Three rows after an import: line 2 imported, line 3 refused for its AppKey, line 4 refused for its profile. */
function afterImport() {
  const results: BulkResult[] = [
    { index: 0, status: 'success', id: 'd0' },
    { index: 1, status: 'failed', code: 'app_key_invalid', error: 'AppKey must be 32 hexadecimal digits.' },
    { index: 2, status: 'failed', code: 'no_such_profile', error: 'No such device profile.' },
  ];
  return applyResults(initialRows([row(2), row(3, 'NOT-A-KEY'), row(4)]), [0, 1, 2], results);
}

describe('correcting failed import rows', () => {
  it('a refusal names the cell it is about', () => {
    const rows = afterImport();
    expect(rows.map((r) => r.field)).toEqual([null, 'app_key', 'config']);
    expect(rows.map((r) => r.corrected)).toEqual([false, false, false]);
  });

  it('a changed cell marks the row corrected and takes the refusal off that cell only', () => {
    let rows = correctRow(afterImport(), 1, { name: 'Pump' });
    expect(rows[1]).toMatchObject({ name: 'Pump', corrected: true, field: 'app_key', status: 'failed' });
    rows = correctRow(rows, 1, { app_key: KEY });
    expect(rows[1]).toMatchObject({ app_key: KEY, corrected: true, field: null });
  });

  it('leaves a row alone when nothing changes or it did not fail', () => {
    const rows = afterImport();
    expect(correctRow(rows, 1, { app_key: 'NOT-A-KEY' })[1]).toBe(rows[1]);
    expect(correctRow(rows, 0, { name: 'Other' })[0]).toBe(rows[0]);
  });

  it('selects every failed row, the corrected ones, or one row on its own', () => {
    const rows = correctRow(afterImport(), 2, { config: 'p2' });
    expect(rowsToSend(rows, 'failed')).toEqual([1, 2]);
    expect(rowsToSend(rows, 'corrected')).toEqual([2]);
    expect(rowsToSend(rows, { index: 1 })).toEqual([1]);
    // A row that did not fail is never re-sent, even when asked for by position.
    expect(rowsToSend(rows, { index: 0 })).toEqual([]);
  });

  it('a corrected row retried alone ends in Success; the other failed row is not sent', async () => {
    const rows = correctRow(afterImport(), 1, { app_key: KEY });
    const sent: string[] = [];
    const after = await runImport(
      rows,
      { index: 1 },
      async (batch) => {
        sent.push(...batch.map((r) => r.app_key));
        return batch.map((_r, index): BulkResult => ({ index, status: 'success', id: 'd1' }));
      },
      () => undefined,
    );
    expect(sent).toEqual([KEY]);
    expect(after.map((r) => r.status)).toEqual(['success', 'success', 'failed']);
    expect(after[1]).toMatchObject({ reason: null, field: null, corrected: false });
  });

  it('a row refused again keeps its new refusal on its cell and is no longer counted as corrected', async () => {
    const rows = correctRow(afterImport(), 1, { app_key: '00' });
    const after = await runImport(
      rows,
      'corrected',
      async (batch) => batch.map((_r, index): BulkResult => ({ index, status: 'failed', code: 'app_key_invalid', error: 'x' })),
      () => undefined,
    );
    expect(after[1]).toMatchObject({ status: 'failed', field: 'app_key', corrected: false, app_key: '00' });
    expect(rowsToSend(after, 'corrected')).toEqual([]);
  });
});
