import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { failures, never, queued, renderPanel } from './render';

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('downlinks panel: the queue', () => {
  it('loading: a progress bar until the queue arrives', async () => {
    renderPanel({ downlinkQueue: never });
    await screen.findByRole('button', { name: 'Send' });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('No downlinks waiting.')).toBeNull();
  });

  it('success: each item with port, confirmed, bytes, frame counter and state', async () => {
    renderPanel({ downlinkQueue: async () => queued });
    const table = await screen.findByRole('table', { name: 'Queue' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['FPort', 'Confirmed', 'Payload (hex)', 'FCnt', 'State']);
    expect(cells(await rowOf('01A4FF'))).toEqual(['10', 'Yes', '01A4FF', '7', 'Sent, awaiting acknowledgement']);
    expect(cells(await rowOf('02'))).toEqual(['2', 'No', '02', '—', 'Waiting']);
    expect(screen.getByRole('button', { name: 'Flush queue' })).toBeEnabled();
  });

  it('success in German: headers, values and states translated', async () => {
    renderPanel({ downlinkQueue: async () => queued }, 'de');
    const table = await screen.findByRole('table', { name: 'Warteschlange' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['FPort', 'Bestätigt', 'Nutzdaten (hex)', 'FCnt', 'Status']);
    expect(cells(await rowOf('01A4FF'))).toEqual(['10', 'Ja', '01A4FF', '7', 'Gesendet, wartet auf Bestätigung']);
    expect(cells(await rowOf('02'))).toEqual(['2', 'Nein', '02', '—', 'Wartet']);
  });

  it('refresh reads the queue again', async () => {
    let answer = [queued[1]];
    const provider = renderPanel({ downlinkQueue: async () => answer });
    await rowOf('02');
    answer = queued;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh queue' })));
    expect(await rowOf('01A4FF')).toBeInTheDocument();
    expect(provider.downlinkQueue).toHaveBeenCalledTimes(2);
  });

  it('flush asks first; cancelled, nothing happens; confirmed, the queue is flushed and read again', async () => {
    let answer = queued;
    const provider = renderPanel({
      downlinkQueue: async () => answer,
      flushDownlinkQueue: async () => {
        answer = [];
      },
    });
    await rowOf('01A4FF');
    fireEvent.click(screen.getByRole('button', { name: 'Flush queue' }));
    let dialog = await screen.findByRole('dialog', { name: 'Flush the downlink queue?' });
    expect(dialog).toHaveTextContent('Every downlink still waiting for this device is removed from the network server.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(provider.flushDownlinkQueue).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Flush queue' }));
    dialog = await screen.findByRole('dialog', { name: 'Flush the downlink queue?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    expect(await screen.findByText('No downlinks waiting.')).toBeInTheDocument();
    expect(provider.flushDownlinkQueue).toHaveBeenCalledWith('d1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Flush queue' })).toBeDisabled();
  });

  it('flush failing: the network server unavailable, the queue as it was', async () => {
    renderPanel({ downlinkQueue: async () => queued, flushDownlinkQueue: () => Promise.reject(failures.unavailable()) }, 'de');
    await rowOf('01A4FF');
    fireEvent.click(screen.getByRole('button', { name: 'Warteschlange leeren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downlink-Warteschlange leeren?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Bestätigen' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Netzwerkserver ist nicht erreichbar. Bitte versuchen Sie es später erneut.');
    expect(await rowOf('01A4FF')).toBeInTheDocument();
  });

  it.each([
    ['the network server unavailable', failures.unavailable(), 'The network server cannot be reached. Please try again later.'],
    ['any other failure', new HttpError('app.errors.networkError', 0), 'The downlink queue could not be loaded.'],
  ])('error (%s): said in place of the table; the form stays', async (_, error, text) => {
    renderPanel({ downlinkQueue: () => Promise.reject(error) });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
