import { describe, expect, it } from 'vitest';
import { detectColumns, isCsvFile, mappingErrors, NO_MAPPING, parseCsv, toImportRows } from '../../../../admin/devices/import/csv';
import {
  applyResults,
  counts,
  failBatch,
  initialRows,
  markImporting,
  reasonMessage,
  rowsToSend,
  runImport,
  type BulkResult,
  type RowState,
} from '../../../../admin/devices/import/rows';
import { createI18nProvider } from '../../../../admin/providers/i18nProvider';
import { translateMessage } from '../../../../admin/providers/serverMessages';

const EUI = 'A84041000181C61E';
const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';

describe('CSV parsing: what real exports contain', () => {
  it('strips a byte-order mark and detects the comma', () => {
    const parsed = parseCsv(`\uFEFFDevEUI,AppKey,Name\n${EUI},${KEY},Cellar\n`);
    expect(parsed.headers).toEqual(['DevEUI', 'AppKey', 'Name']);
    expect(parsed.records).toEqual([{ line: 2, cells: [EUI, KEY, 'Cellar'] }]);
  });

  it('detects the semicolon and keeps quoted fields with separators inside', () => {
    const parsed = parseCsv(`dev_eui;app_key;name\n${EUI};${KEY};"Hall; north"\n`);
    expect(parsed.records[0]?.cells).toEqual([EUI, KEY, 'Hall; north']);
  });

  it('skips blank lines, also \\r\\n ones and whitespace-only ones', () => {
    const parsed = parseCsv(`DevEUI,AppKey\r\n\r\n${EUI},${KEY}\r\n   \r\n\r\n`);
    expect(parsed.records).toHaveLength(1);
  });

  it('keeps hex as typed (case, 0x, spaces): the API normalises it; cells are trimmed', () => {
    const parsed = parseCsv(`DevEUI,AppKey\n 0xa84041000181c61e , 2b 7e 15 16 28 ae d2 a6 ab f7 15 88 09 cf 4f 3c \n`);
    const [row] = toImportRows(parsed, { ...NO_MAPPING, devEui: 0, appKey: 1 }, 'p1');
    expect(row).toEqual({
      line: 2,
      dev_eui: '0xa84041000181c61e',
      join_eui: '',
      app_key: '2b 7e 15 16 28 ae d2 a6 ab f7 15 88 09 cf 4f 3c',
      name: '',
      config: 'p1',
    });
  });

  it('finds the DevEUI, AppKey and name columns of a shop export under any spelling', () => {
    expect(detectColumns(['Device Name', 'Dev EUI', 'App-Key'])).toEqual({ devEui: 1, appKey: 2, name: 0, joinEui: null });
    expect(detectColumns(['serial', 'foo'])).toEqual(NO_MAPPING);
  });

  it.each([
    [['DevEUI', 'AppKey', 'Name'], { devEui: 0, appKey: 1, name: 2, joinEui: null }],
    [['dev_eui', 'app_key', 'join_eui', 'name'], { devEui: 0, appKey: 1, joinEui: 2, name: 3 }],
    [['Device EUI', 'AppEUI', 'App Key'], { devEui: 0, joinEui: 1, appKey: 2, name: null }],
  ])('chooses the columns of a generic CSV whose headers name the fields: %j', (headers, mapping) => {
    expect(detectColumns(headers, 'generic')).toEqual(mapping);
  });

  it("leaves a generic CSV's other headers to the user (shop names such as EUI or Label are not guessed)", () => {
    expect(detectColumns(['EUI', 'Application Key', 'Label'], 'generic')).toEqual(NO_MAPPING);
    expect(detectColumns(['EUI', 'Application Key', 'Label'], 'vendor')).toEqual({ devEui: 0, appKey: 1, name: 2, joinEui: null });
  });

  it.each([['join_eui'], ['JoinEUI'], ['AppEUI'], ['app_eui'], ['App EUI'], ['Application EUI'], ['APPEUI (hex)']])(
    'finds the JoinEUI column of a shop export named %j, and takes its cells as typed',
    (header) => {
      const parsed = parseCsv(`DevEUI,${header},AppKey\n${EUI}, 70b3d57ed0012345 ,${KEY}\n${EUI},,${KEY}\n`);
      const mapping = detectColumns(parsed.headers);
      expect(mapping).toEqual({ devEui: 0, joinEui: 1, appKey: 2, name: null });
      expect(toImportRows(parsed, mapping, 'p1').map((row) => row.join_eui)).toEqual(['70b3d57ed0012345', '']);
    },
  );
});

describe('mapping and file checks (spec §5)', () => {
  it('requires a configuration, a DevEUI column and an AppKey column, not the same one', () => {
    expect(mappingErrors(NO_MAPPING, null)).toEqual(['app.import.need_config', 'app.import.need_dev_eui', 'app.import.need_app_key']);
    expect(mappingErrors({ ...NO_MAPPING, devEui: 1, appKey: 1 }, 'p1')).toEqual(['app.import.same_column']);
    expect(mappingErrors({ ...NO_MAPPING, devEui: 0, appKey: 1 }, 'p1')).toEqual([]);
  });

  it('takes the JoinEUI column as optional, but not the DevEUI or AppKey column for it', () => {
    expect(mappingErrors({ ...NO_MAPPING, devEui: 0, appKey: 1, joinEui: 2 }, 'p1')).toEqual([]);
    expect(mappingErrors({ ...NO_MAPPING, devEui: 0, appKey: 1, joinEui: 0 }, 'p1')).toEqual(['app.import.join_eui_same_column']);
    expect(mappingErrors({ ...NO_MAPPING, devEui: 0, appKey: 1, joinEui: 1 }, 'p1')).toEqual(['app.import.join_eui_same_column']);
  });

  it('accepts only CSV files', () => {
    expect(isCsvFile({ name: 'devices.CSV', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'export', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'devices.xlsx', type: 'application/vnd.ms-excel' })).toBe(false);
  });
});

describe('import rows: states and retry', () => {
  const rows = (n: number): RowState[] =>
    initialRows(Array.from({ length: n }, (_, i) => ({ line: i + 2, dev_eui: EUI, join_eui: '', app_key: KEY, name: '', config: 'p1' })));

  it('goes Ready → Importing → Success, Failed (with reason) or Duplicate; the counts add up', async () => {
    let state = markImporting(rows(3), [0, 1, 2]);
    expect(counts(state).importing).toBe(3);
    const results: BulkResult[] = [
      { index: 0, status: 'success' },
      { index: 1, status: 'failed', error: 'AppKey must be 32 hexadecimal digits.', code: 'app_key_invalid' },
      { index: 2, status: 'duplicate', error: 'A device with this DevEUI is already registered.', code: 'device_registered' },
    ];
    state = applyResults(state, [0, 1, 2], results);
    const en = await createI18nProvider('en');
    expect(state.map((row) => [row.status, row.reason && translateMessage(en.translate, row.reason)])).toEqual([
      ['success', null],
      ['failed', 'AppKey must be 32 hexadecimal digits.'],
      ['duplicate', 'A device with this DevEUI is already registered.'],
    ]);
    expect(counts(state)).toEqual({ ready: 0, importing: 0, success: 1, failed: 1, duplicate: 1 });
  });

  it('a row the answer leaves out fails rather than staying Importing; a failed request fails its batch', () => {
    expect(applyResults(markImporting(rows(2), [0, 1]), [0, 1], [{ index: 0, status: 'success' }])[1]?.status).toBe('failed');
    expect(failBatch(rows(2), [0, 1], 'app.errors.networkError').map((row) => row.reason)).toEqual(['app.errors.networkError', 'app.errors.networkError']);
  });

  it("translates the API's reason codes with their parameters, and shows its English text for a code it does not know", async () => {
    const de = await createI18nProvider('de');
    const shown = (result: BulkResult) => translateMessage(de.translate, reasonMessage(result));
    expect(shown({ index: 0, status: 'failed', code: 'dev_eui_invalid', error: 'DevEUI must be 16 hexadecimal digits.' })).toBe(
      'Die DevEUI muss aus 16 Hexadezimalziffern bestehen.',
    );
    expect(shown({ index: 0, status: 'failed', code: 'join_eui_invalid', error: 'JoinEUI must be 16 hexadecimal digits.' })).toBe(
      'Die JoinEUI muss aus 16 Hexadezimalziffern bestehen.',
    );
    expect(shown({ index: 0, status: 'failed', code: 'unknown_fields', params: { fields: 'colour' }, error: 'Unknown field: colour.' })).toBe(
      'Unbekanntes Feld: colour.',
    );
    expect(shown({ index: 0, status: 'failed', code: 'from_a_newer_server', error: 'Something new.' })).toBe('Something new.');
    expect(reasonMessage({ index: 0, status: 'failed' })).toBe('app.errors.general');
  });

  it('sends in batches of 500, and Retry Failed re-sends only the failed rows', async () => {
    const sent: number[] = [];
    const send = async (batch: readonly RowState[]) => {
      sent.push(batch.length);
      return batch.map((row, index): BulkResult => (row.line % 3 === 0 ? { index, status: 'failed', error: 'x' } : { index, status: 'success' }));
    };
    const changes: number[] = [];
    const after = await runImport(rows(1200), 'ready', send, (state) => changes.push(counts(state).importing));
    expect(sent).toEqual([500, 500, 200]);
    expect(changes.filter((importing) => importing > 0)).toEqual([500, 500, 200]);
    const first = counts(after);
    expect(first.success + first.failed + first.duplicate).toBe(1200);
    expect(rowsToSend(after, 'failed')).toHaveLength(first.failed);

    sent.length = 0;
    const retried = await runImport(after, 'failed', send, () => undefined);
    expect(sent).toEqual([first.failed]);
    expect(counts(retried)).toEqual(first);
  });
});
