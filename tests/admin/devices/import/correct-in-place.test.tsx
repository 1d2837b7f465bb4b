import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { ImportPage } from '../../../../admin/devices/import/ImportPage';
import { parseCsv } from '../../../../admin/devices/import/csv';
import type { BulkDevice } from '../../../../admin/providers/dataProvider';
import type { Language } from '../../../../admin/providers/i18nProvider';
import type { DeviceImportResult } from '../../../../admin/types/api';
import { renderInAdmin } from '../../helpers';
import { listAnswers } from '../../listStates';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../../viewport';

// Issue #18: a failed row is corrected in its cells and retried, alone or with the other corrected rows.

const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';
const FILE = ['DevEUI;AppKey;Name', `A84041000181C611;${KEY};Door`, `A84041000181C612;NOT-A-KEY;Window`, `A84041000181C613;00;Gate`].join('\n');
const WORDS = {
  en: {
    next: 'Next',
    configuration: 'Device configuration',
    table: 'Devices to import',
    correct: (line: number) => `Correct line ${line}`,
    retry: (line: number) => `Retry line ${line}`,
    appKey: (line: number) => `AppKey, line ${line}`,
    refusal: 'AppKey must be 32 hexadecimal digits.',
    corrected: (n: number) => `Retry ${n} corrected row${n === 1 ? '' : 's'}`,
  },
  de: {
    next: 'Weiter',
    configuration: 'Gerätekonfiguration',
    table: 'Zu importierende Geräte',
    correct: (line: number) => `Zeile ${line} korrigieren`,
    retry: (line: number) => `Zeile ${line} erneut versuchen`,
    appKey: (line: number) => `AppKey, Zeile ${line}`,
    refusal: 'Der AppKey muss aus 32 Hexadezimalziffern bestehen.',
    corrected: (n: number) => `${n} korrigierte Zeile${n === 1 ? '' : 'n'} erneut versuchen`,
  },
} as const;

/** The API: a row is refused while its AppKey is not 32 hex digits, as the server checks it. */
const checkKeys = vi.fn(async (rows: BulkDevice[]): Promise<DeviceImportResult[]> =>
  rows.map((row, index) =>
    /^[0-9A-F]{32}$/i.test(row.app_key)
      ? { index, status: 'success', id: `d-${row.dev_eui}` }
      : { index, status: 'failed', code: 'app_key_invalid', error: 'AppKey must be 32 hexadecimal digits.' },
  ),
);

async function imported(locale: Language, importDevices: (rows: BulkDevice[]) => Promise<DeviceImportResult[]>, file = FILE) {
  const words = WORDS[locale as 'en' | 'de'];
  renderInAdmin(<ImportPage parse={async () => parseCsv(file)} />, {
    locale,
    dataProvider: { getList: listAnswers.rows([{ id: 'p1', name: 'Dragino LHT65N' }]), importDevices },
  });
  fireEvent.click(await screen.findByRole('radio', { name: /Generic CSV|Allgemeine CSV/ }));
  fireEvent.click(screen.getByRole('button', { name: words.next }));
  await act(async () => fireEvent.change(screen.getByTestId('csv-file'), { target: { files: [new File([file], 'devices.csv', { type: 'text/csv' })] } }));
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: words.configuration }));
  fireEvent.click(await screen.findByRole('option', { name: 'Dragino LHT65N' }));
  fireEvent.click(screen.getByRole('button', { name: words.next }));
  const table = await screen.findByRole('table', { name: words.table });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Import \d+ devices?$|^\d+ Geräte? importieren$/ })));
  return { table, words };
}

const count = (status: string) => screen.getByTestId(`count-${status}`).textContent;

describe('correcting a failed import row in place', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    checkKeys.mockClear();
  });

  it.each([
    ['en', DESKTOP_WIDTH],
    ['de', PHONE_WIDTH],
  ] as const)('success in %s at %i px: the refusal shows on the AppKey cell, the corrected row retried alone ends in Success', async (locale, width) => {
    stubViewportWidth(width);
    const { words } = await imported(locale, checkKeys);
    expect(await screen.findByTestId('count-failed')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('button', { name: words.correct(3) }));
    const key = screen.getByRole('textbox', { name: words.appKey(3) });
    // On a phone the card being corrected shows the keys too, which it otherwise leaves out.
    expect(key).toBeVisible();
    expect(key).toHaveValue('NOT-A-KEY');
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription(words.refusal);
    fireEvent.change(key, { target: { value: KEY.toLowerCase() } });
    expect(screen.getByRole('textbox', { name: words.appKey(3) })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('button', { name: words.corrected(1) })).toBeEnabled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: words.retry(3) })));
    expect(checkKeys).toHaveBeenLastCalledWith([{ dev_eui: 'A84041000181C612', app_key: KEY.toLowerCase(), name: 'Window', config: 'p1' }], 'p1');
    expect(count('success')).toBe('2');
    expect(count('failed')).toBe('1');
    expect(screen.queryByRole('textbox', { name: words.appKey(3) })).toBeNull();
    expect(screen.queryByRole('button', { name: words.corrected(1) })).toBeNull();
  });

  it('success: two corrected rows are retried together in one request; an uncorrected failed row is not', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    const file = [...FILE.split('\n'), `A84041000181C614;11;Fence`].join('\n');
    const { words } = await imported('en', checkKeys, file);
    expect(await screen.findByTestId('count-failed')).toHaveTextContent('3');
    for (const line of [3, 4]) {
      fireEvent.click(screen.getByRole('button', { name: words.correct(line) }));
      fireEvent.change(screen.getByRole('textbox', { name: words.appKey(line) }), { target: { value: KEY } });
    }
    await act(async () => fireEvent.click(screen.getByRole('button', { name: words.corrected(2) })));
    expect(checkKeys).toHaveBeenCalledTimes(2);
    expect(checkKeys.mock.calls[1]?.[0].map((row) => row.name)).toEqual(['Window', 'Gate']);
    expect(count('success')).toBe('3');
    expect(count('failed')).toBe('1');
  });

  it('loading: while the row is sent it is Importing and nothing can be retried twice', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    let answer: (results: DeviceImportResult[]) => void = () => undefined;
    const slow = vi.fn(async (rows: BulkDevice[]) =>
      slow.mock.calls.length === 1 ? checkKeys(rows) : new Promise<DeviceImportResult[]>((resolve) => (answer = resolve)),
    );
    const { words } = await imported('en', slow);
    fireEvent.click(await screen.findByRole('button', { name: words.correct(3) }));
    fireEvent.change(screen.getByRole('textbox', { name: words.appKey(3) }), { target: { value: KEY } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: words.retry(3) })));
    expect(count('importing')).toBe('1');
    expect(screen.getByRole('button', { name: 'Retry Failed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: words.correct(4) })).toBeDisabled();
    await act(async () => answer([{ index: 0, status: 'success', id: 'd' }]));
    expect(count('importing')).toBe('0');
    expect(count('success')).toBe('2');
  });

  it('error: a retry whose request fails leaves the row Failed, open, with the reason in German', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    const failing = vi.fn(async (rows: BulkDevice[]) => {
      if (failing.mock.calls.length === 1) return checkKeys(rows);
      throw new HttpError('app.errors.networkError', 0);
    });
    const { words, table } = await imported('de', failing);
    fireEvent.click(await screen.findByRole('button', { name: words.correct(3) }));
    fireEvent.change(screen.getByRole('textbox', { name: words.appKey(3) }), { target: { value: KEY } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: words.retry(3) })));
    expect(count('failed')).toBe('2');
    const row = screen.getByRole('textbox', { name: words.appKey(3) }).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(row.textContent).not.toMatch(/network|Network/);
    expect(within(table).getByRole('button', { name: words.retry(3) })).toBeEnabled();
  });

  it('empty: an import without failed rows offers nothing to correct or retry', async () => {
    stubViewportWidth(PHONE_WIDTH);
    await imported('en', checkKeys, FILE.split('\n').slice(0, 2).join('\n'));
    expect(await screen.findByTestId('count-success')).toHaveTextContent('1');
    expect(screen.queryByRole('button', { name: /^Correct line/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /corrected|Retry Failed/ })).toBeNull();
  });
});
