import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, Notification } from 'react-admin';
import { SeriesExport } from '../../../../admin/devices/show/SeriesExport';
import type { Language } from '../../../../admin/providers/i18nProvider';
import type { Download } from '../../../../admin/providers/http';
import { renderInAdmin } from '../../helpers';
import { captureDownloads } from '../../exportDownload';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../../viewport';

// Issue #18: a device's samples of a chosen period, downloaded as CSV from the device page.
const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const WORDS = {
  en: { from: 'From', to: 'To', export: 'Export CSV', reversed: 'The start must not lie after the end.', failed: 'An error occurred. Please try again.' },
  de: {
    from: 'Von',
    to: 'Bis',
    export: 'CSV exportieren',
    reversed: 'Der Beginn darf nicht nach dem Ende liegen.',
    failed: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
  },
} as const;

function show(locale: Language, exportDeviceSeries: (id: unknown, period: { from: string; to: string }) => Promise<Download>) {
  renderInAdmin(
    <>
      <SeriesExport deviceId="dev1" now={() => NOW} />
      <Notification />
    </>,
    { locale, dataProvider: { exportDeviceSeries } },
  );
  return WORDS[locale as 'en' | 'de'];
}

describe('device time series export', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', DESKTOP_WIDTH],
    ['de', PHONE_WIDTH],
  ] as const)('success in %s at %i px: the last week by default, saved under the name the server gives', async (locale, width) => {
    stubViewportWidth(width);
    const downloads = captureDownloads();
    const exportDeviceSeries = vi.fn(async () => ({ blob: new Blob(['topic,timestamp,value\r\n']), filename: 'boiler-data-acme-2026-11-28.csv' }));
    const words = show(locale, exportDeviceSeries);
    const button = await screen.findByRole('button', { name: words.export });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(downloads.saved).toEqual(['boiler-data-acme-2026-11-28.csv']));
    const [, period] = exportDeviceSeries.mock.calls[0] as unknown as [string, { from: string; to: string }];
    // To the minute the fields hold: a week to now.
    expect(Date.parse(period.to) - Date.parse(period.from)).toBe(7 * 86_400_000);
    expect(Math.abs(Date.parse(period.to) - NOW)).toBeLessThan(60_000);
    downloads.restore();
  });

  it.each(['en', 'de'] as const)('empty period in %s: a start after the end is told on the field and nothing is sent', async (locale) => {
    const exportDeviceSeries = vi.fn();
    const words = show(locale, exportDeviceSeries);
    fireEvent.change(await screen.findByLabelText(words.from), { target: { value: '2026-11-29T10:00' } });
    expect(screen.getByLabelText(words.from)).toHaveAccessibleDescription(words.reversed);
    expect(screen.getByRole('button', { name: words.export })).toBeDisabled();
    fireEvent.change(screen.getByLabelText(words.to), { target: { value: '' } });
    expect(screen.getByRole('button', { name: words.export })).toBeDisabled();
    expect(exportDeviceSeries).not.toHaveBeenCalled();
  });

  it('loading: the button waits for the file', async () => {
    let answer: (download: Download) => void = () => undefined;
    const words = show('en', () => new Promise<Download>((resolve) => (answer = resolve)));
    const downloads = captureDownloads();
    const button = await screen.findByRole('button', { name: words.export });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(screen.getByRole('button', { name: words.export })).toBeDisabled());
    await act(async () => answer({ blob: new Blob(['x']), filename: 'x.csv' }));
    await waitFor(() => expect(screen.getByRole('button', { name: words.export })).toBeEnabled());
    downloads.restore();
  });

  it.each(['en', 'de'] as const)('error in %s: a refused export is said in words', async (locale) => {
    const words = show(locale, () => Promise.reject(new HttpError('app.errors.general', 500)));
    const button = await screen.findByRole('button', { name: words.export });
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText(words.failed)).toBeInTheDocument();
  });
});
