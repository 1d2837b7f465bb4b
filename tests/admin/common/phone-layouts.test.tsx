import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { ImportPage } from '../../../admin/devices/import/ImportPage';
import { parseCsv } from '../../../admin/devices/import/csv';
import { SetupWizard } from '../../../admin/gateways/SetupWizard';
import type { BulkDevice } from '../../../admin/providers/dataProvider';
import type { Language } from '../../../admin/providers/i18nProvider';
import type { DeviceImportResult } from '../../../admin/types/api';
import { renderInAdmin } from '../helpers';
import { listAnswers } from '../listStates';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

// Issue #22: the import review and the gateway wizard at phone width (the e2e checks the pixels).

const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';
const FILE = ['DevEUI;AppKey;Name', `A84041000181C611;${KEY};Door`, `A84041000181C612;NOT-A-KEY;Window`].join('\n');

const WORDS = {
  en: {
    next: 'Next',
    configuration: 'Device configuration',
    import: 'Import 2 devices',
    table: 'Devices to import',
    failed: 'Failed',
    line: 'Line',
    step: 'Step 4 of 4: Review',
  },
  de: {
    next: 'Weiter',
    configuration: 'Gerätekonfiguration',
    import: '2 Geräte importieren',
    table: 'Zu importierende Geräte',
    failed: 'Fehlgeschlagen',
    line: 'Zeile',
    step: 'Schritt 4 von 4: Prüfen',
  },
} as const;

/** Goes through the import to its review with the two rows of FILE, the second refused by the API. */
async function toReview(locale: Language, importDevices: (rows: BulkDevice[]) => Promise<DeviceImportResult[]>) {
  const words = WORDS[locale as 'en' | 'de'];
  renderInAdmin(<ImportPage parse={async () => parseCsv(FILE)} />, {
    locale,
    dataProvider: { getList: listAnswers.rows([{ id: 'p1', name: 'Dragino LHT65N' }]), importDevices },
  });
  fireEvent.click(await screen.findByRole('radio', { name: /Generic CSV|Allgemeine CSV/ }));
  fireEvent.click(screen.getByRole('button', { name: words.next }));
  await act(async () => fireEvent.change(screen.getByTestId('csv-file'), { target: { files: [new File([FILE], 'devices.csv', { type: 'text/csv' })] } }));
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: words.configuration }));
  fireEvent.click(await screen.findByRole('option', { name: 'Dragino LHT65N' }));
  fireEvent.click(screen.getByRole('button', { name: words.next }));
  const table = await screen.findByRole('table', { name: words.table });
  return { table, words, row: (name: string) => within(table).getByText(name).closest('[role="row"]') as HTMLElement };
}

const refuseSecond = vi.fn(async (rows: BulkDevice[]): Promise<DeviceImportResult[]> =>
  rows.map((row, index) =>
    row.name === 'Window'
      ? { index, status: 'failed', code: 'app_key_invalid', error: 'AppKey must be 32 hexadecimal digits.' }
      : { index, status: 'success', id: `d${index}` },
  ),
);

describe('import review on a phone', () => {
  beforeEach(() => stubViewportWidth(PHONE_WIDTH));
  afterEach(() => vi.unstubAllGlobals());

  it.each(['en', 'de'] as const)('success in %s: a card per row with name, DevEUI, status and the reason in words; the keys are left out', async (locale) => {
    const { table, row, words } = await toReview(locale, refuseSecond);
    // The stepper's labels do not fit a phone: the current step is named below it.
    expect(screen.getByText(words.step)).toBeInTheDocument();
    // The column names stay for screen readers; the JoinEUI and AppKey are left out on a phone.
    expect(within(table).getByRole('columnheader', { name: words.line })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'JoinEUI' })).toBeNull();
    expect(within(row('Door')).getByText(KEY)).not.toBeVisible();
    expect(within(row('Door')).getByText('A84041000181C611')).toBeVisible();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: words.import })));
    expect(await screen.findByTestId('count-failed')).toHaveTextContent('1');
    expect(row('Window')).toHaveTextContent(words.failed);
    const reason = within(row('Window')).getAllByRole('cell').at(-1) as HTMLElement;
    expect(reason).toBeVisible();
    expect(reason.textContent).toMatch(/AppKey/);
    expect(within(row('Door')).getByRole('combobox')).toBeVisible();
  });

  it('error: a failed request marks every row Failed with the reason, still as cards', async () => {
    const { row, words } = await toReview('en', async () => {
      throw new HttpError('app.errors.networkError', 0);
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: words.import })));
    expect(await screen.findByTestId('count-failed')).toHaveTextContent('2');
    expect(row('Door')).toHaveTextContent('Failed');
    expect(row('Window')).toHaveTextContent('Failed');
  });

  it('at desktop width every column shows, the keys included', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    const { table, row } = await toReview('en', refuseSecond);
    expect(screen.queryByText(/Step 4 of 4/)).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'AppKey' })).toBeVisible();
    expect(within(row('Door')).getByText(KEY)).toBeVisible();
  });
});

describe('gateway wizard on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Step 1 of 4: Requirements', 'Step 2 of 4: Register', 'Next'],
    ['de', 'Schritt 1 von 4: Voraussetzungen', 'Schritt 2 von 4: Registrieren', 'Weiter'],
  ] as const)('in %s: full screen, the stepper without labels, the current step named in words', async (locale, first, second, next) => {
    stubViewportWidth(PHONE_WIDTH);
    renderInAdmin(<SetupWizard open onClose={() => undefined} />, { resource: 'gateways', locale });
    expect(await screen.findByText(first)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveClass('MuiDialog-paperFullScreen');
    expect(screen.queryByText(locale === 'de' ? 'Voraussetzungen' : 'Requirements', { exact: true })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: next }));
    expect(await screen.findByText(second)).toBeInTheDocument();
  });

  it('at desktop width: a dialog with the four step labels and no step counter', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    renderInAdmin(<SetupWizard open onClose={() => undefined} />, { resource: 'gateways' });
    for (const label of ['Requirements', 'Register', 'Configure', 'Verify']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByText(/Step 1 of 4/)).toBeNull();
    expect(screen.getByRole('dialog')).not.toHaveClass('MuiDialog-paperFullScreen');
  });
});
