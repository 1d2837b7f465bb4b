import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, Notification } from 'react-admin';
import { WidgetCard } from '../../../admin/dashboards/WidgetCard';
import type { Widget } from '../../../admin/dashboards/layout';
import type { Language } from '../../../admin/providers/i18nProvider';
import type { Download } from '../../../admin/providers/http';
import type { WidgetData } from '../../../admin/types/api';
import { renderInAdmin } from '../helpers';
import { captureDownloads } from '../exportDownload';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

// Issue #18: a table widget's rows downloaded as CSV from the widget's header.
const table: Widget = {
  id: 'w1',
  dashboard: 'd1',
  type: 'TABLE',
  title: 'Latest values',
  data_source_mode: 'query',
  query: null,
  device: null,
  unit: null,
  topic: null,
  width: 6,
  height: 3,
  positionX: 0,
  positionY: 0,
};
const rows: WidgetData = {
  type: 'TABLE',
  rows: [{ device_id: 'dev1', device_name: 'Boiler', topic: 'humidity', value: 40, timestamp: '2026-11-22T10:00:00.000Z' }],
};
const WORDS = {
  en: { export: 'Export CSV', failed: 'An error occurred. Please try again.' },
  de: { export: 'CSV exportieren', failed: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es erneut.' },
} as const;

async function show(
  locale: Language,
  exportWidgetTable: (id: unknown) => Promise<Download>,
  widget: Widget = table,
  data: () => Promise<WidgetData> = async () => rows,
) {
  renderInAdmin(
    <>
      <WidgetCard widget={widget} onEdit={() => undefined} onDelete={() => undefined} locked="Viewers cannot change widgets" />
      <Notification />
    </>,
    { locale, dataProvider: { exportWidgetTable, widgetData: data } },
  );
  return { words: WORDS[locale as 'en' | 'de'], region: await screen.findByRole('region', { name: widget.title }) };
}

describe('table widget export', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', DESKTOP_WIDTH],
    ['de', PHONE_WIDTH],
  ] as const)('success in %s at %i px: even a viewer saves the rows under the name the server gives', async (locale, width) => {
    stubViewportWidth(width);
    const downloads = captureDownloads();
    const exportWidgetTable = vi.fn(async () => ({ blob: new Blob(['device\r\n']), filename: 'latest-values-acme-2026-11-28.csv' }));
    const { words, region } = await show(locale, exportWidgetTable);
    expect(await within(region).findByText('Boiler')).toBeInTheDocument();
    const button = await within(region).findByRole('button', { name: words.export });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(downloads.saved).toEqual(['latest-values-acme-2026-11-28.csv']));
    expect(exportWidgetTable).toHaveBeenCalledWith('w1');
    downloads.restore();
  });

  it('empty: a table without rows can still be exported (its header line)', async () => {
    const { words, region } = await show('en', vi.fn(), table, async () => ({ type: 'TABLE', rows: [] }));
    expect(await within(region).findByRole('button', { name: words.export })).toBeEnabled();
  });

  it('a series widget has no export', async () => {
    const { words, region } = await show('en', vi.fn(), { ...table, type: 'SERIES', title: 'Chart' }, async () => ({ type: 'SERIES', points: [] }));
    expect(within(region).queryByRole('button', { name: words.export })).toBeNull();
  });

  it('loading: the button waits for the file', async () => {
    let answer: (download: Download) => void = () => undefined;
    const downloads = captureDownloads();
    const { words, region } = await show('en', () => new Promise<Download>((resolve) => (answer = resolve)));
    const button = await within(region).findByRole('button', { name: words.export });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(within(region).getByRole('button', { name: words.export })).toBeDisabled());
    await act(async () => answer({ blob: new Blob(['x']), filename: 'x.csv' }));
    await waitFor(() => expect(within(region).getByRole('button', { name: words.export })).toBeEnabled());
    downloads.restore();
  });

  it.each(['en', 'de'] as const)('error in %s: a refused export is said in words', async (locale) => {
    const { words, region } = await show(locale, () => Promise.reject(new HttpError('app.errors.general', 500)));
    const button = await within(region).findByRole('button', { name: words.export });
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText(words.failed)).toBeInTheDocument();
  });
});
