import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downlink, failures, listed, never, renderPanel } from './render';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../../viewport';

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const TIME = /^\d{1,2}[./]\d{1,2}[./]\d{2,4},? \d{1,2}:\d{2}:\d{2}/;

describe("downlinks panel: the device's downlinks", () => {
  beforeEach(() => stubViewportWidth(DESKTOP_WIDTH));
  afterEach(() => vi.unstubAllGlobals());

  it('loading: a progress bar until the downlinks arrive', async () => {
    renderPanel({ downlinks: never });
    await screen.findByRole('button', { name: 'Send' });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('No downlinks sent yet.')).toBeNull();
  });

  it('empty: says so, and there is nothing to flush', async () => {
    renderPanel();
    expect(await screen.findByText('No downlinks sent yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Flush queue' })).toBeDisabled();
  });

  it('success: each with time, port, confirmed, bytes, frame counter, state and the reason of a failure', async () => {
    renderPanel({ downlinks: async () => listed });
    const table = await screen.findByRole('table', { name: 'Recent downlinks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'FPort', 'Confirmed', 'Payload (hex)', 'FCnt', 'State']);
    const acknowledged = cells(await rowOf('01A4FF'));
    expect(acknowledged[0]).toMatch(TIME);
    expect(acknowledged.slice(1)).toEqual(['10', 'Yes', '01A4FF', '7', 'Acknowledged']);
    expect(cells(await rowOf('02')).slice(1)).toEqual(['2', 'No', '02', '—', 'FailedThe network server does not know this device.']);
    expect(cells(await rowOf('03')).slice(1)).toEqual([
      '3',
      'No',
      '03',
      '—',
      'Waiting to be sentThe network server cannot be reached. The downlink is kept and sent again automatically.',
    ]);
    // The network server's own words ride along as the reason's tooltip.
    expect(screen.getByText('The network server does not know this device.')).toHaveAttribute('title', 'Object does not exist (id: 70b3d57ed0001234)');
    expect(screen.getByRole('button', { name: 'Flush queue' })).toBeEnabled();
  });

  it('success in German: headers, values, states and reasons translated', async () => {
    renderPanel({ downlinks: async () => listed }, 'de');
    const table = await screen.findByRole('table', { name: 'Letzte Downlinks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Zeit', 'FPort', 'Bestätigt', 'Nutzdaten (hex)', 'FCnt', 'Status']);
    expect(cells(await rowOf('01A4FF')).slice(1)).toEqual(['10', 'Ja', '01A4FF', '7', 'Bestätigt']);
    expect(cells(await rowOf('02')).slice(1)).toEqual(['2', 'Nein', '02', '—', 'FehlgeschlagenDer Netzwerkserver kennt dieses Gerät nicht.']);
  });

  it('success at phone width: a list with the same facts instead of the table', async () => {
    stubViewportWidth(PHONE_WIDTH);
    renderPanel({ downlinks: async () => listed });
    const list = await screen.findByRole('list', { name: 'Recent downlinks' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/Acknowledged.*FPort 10 · FCnt 7.*01A4FF/);
    expect(items[1]).toHaveTextContent(/Failed.*The network server does not know this device\..*FPort 2.*02/);
  });

  it('reads the list again by itself while a downlink is on its way, until it settles', async () => {
    let answer = [downlink({ id: 'l9', data_hex: '09', state: 'queued' })];
    const provider = renderPanel({ downlinks: async () => answer });
    expect(cells(await rowOf('09')).at(-1)).toBe('In the queue');
    answer = [downlink({ id: 'l9', data_hex: '09', state: 'sent', f_cnt_down: 4 })];
    await waitFor(() => expect(cells(screen.getByRole('cell', { name: '09' }).closest('tr') as HTMLElement).at(-1)).toBe('Sent'), { timeout: 10_000 });
    expect(provider.downlinks.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('refresh reads the downlinks again', async () => {
    let answer = [listed[2]] as typeof listed;
    const provider = renderPanel({ downlinks: async () => answer });
    await rowOf('03');
    answer = listed;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh downlinks' })));
    expect(await rowOf('01A4FF')).toBeInTheDocument();
    expect(provider.downlinks.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('flush asks first; cancelled, nothing happens; confirmed, the queue is flushed and the list read again', async () => {
    let answer = [downlink({ id: 'l1', data_hex: '03', state: 'pending' })];
    const provider = renderPanel({
      downlinks: async () => answer,
      flushDownlinkQueue: async () => {
        answer = [downlink({ id: 'l1', data_hex: '03', state: 'cancelled' })];
      },
    });
    await rowOf('03');
    fireEvent.click(screen.getByRole('button', { name: 'Flush queue' }));
    let dialog = await screen.findByRole('dialog', { name: 'Flush the downlink queue?' });
    expect(dialog).toHaveTextContent('Every downlink that has not left yet is cancelled');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(provider.flushDownlinkQueue).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Flush queue' }));
    dialog = await screen.findByRole('dialog', { name: 'Flush the downlink queue?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await waitFor(async () => expect(cells(await rowOf('03')).at(-1)).toBe('Cancelled'));
    expect(provider.flushDownlinkQueue).toHaveBeenCalledWith('d1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Flush queue' })).toBeDisabled());
  });

  it('flush failing: said in German, the list as it was', async () => {
    renderPanel({ downlinks: async () => listed, flushDownlinkQueue: () => Promise.reject(failures.offline()) }, 'de');
    await rowOf('01A4FF');
    fireEvent.click(screen.getByRole('button', { name: 'Warteschlange leeren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downlink-Warteschlange leeren?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Bestätigen' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Netzwerkfehler. Bitte prüfen Sie Ihre Verbindung.');
    expect(await rowOf('01A4FF')).toBeInTheDocument();
  });

  it.each([
    ['en', 'The downlinks could not be loaded.'],
    ['de', 'Die Downlinks konnten nicht geladen werden.'],
  ] as const)('error (%s): said in place of the table; the form stays', async (locale, text) => {
    renderPanel({ downlinks: () => Promise.reject(failures.offline()) }, locale);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: locale === 'en' ? 'Send' : 'Senden' })).toBeEnabled();
  });
});
