import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, Notification, RecordContextProvider, type DataProvider } from 'react-admin';
import { SyncStatusChip } from '../../../admin/network/SyncStatusChip';
import { SyncStatusPanel } from '../../../admin/network/SyncStatusPanel';
import { DeviceEdit } from '../../../admin/devices/DeviceEdit';
import { ProfileEdit } from '../../../admin/profiles/ProfileEdit';
import type { Language } from '../../../admin/providers/i18nProvider';
import type { SyncStatus } from '../../../admin/types/api';
import { renderInAdmin } from '../helpers';
import { listAnswers } from '../listStates';
import { syncAtIn, syncStates } from './samples';

const record = (network_sync?: SyncStatus) => ({ id: 'd1', name: 'Cellar', ...(network_sync ? { network_sync } : {}) });

function renderWithRecord(
  ui: React.ReactElement,
  network_sync: SyncStatus | undefined,
  options: { locale?: Language; dataProvider?: Record<string, unknown> } = {},
) {
  return renderInAdmin(
    <RecordContextProvider value={record(network_sync)}>
      {ui}
      <Notification />
    </RecordContextProvider>,
    options,
  );
}

describe('sync status chip', () => {
  it('synced: "In sync", named for the network server, without a reason', async () => {
    renderWithRecord(<SyncStatusChip />, syncStates.synced);
    const chip = await screen.findByRole('img', { name: 'Network server: In sync' });
    expect(chip).toHaveTextContent('In sync');
    expect(chip).not.toHaveAccessibleDescription();
  });

  it('pending: "Pending"', async () => {
    renderWithRecord(<SyncStatusChip />, syncStates.pending);
    expect(await screen.findByRole('img', { name: 'Network server: Pending' })).toHaveTextContent('Pending');
  });

  it('failed: the reason in English as its description and, on hover, as a tooltip', async () => {
    renderWithRecord(<SyncStatusChip />, syncStates.failed);
    const chip = await screen.findByRole('img', { name: 'Network server: Failed' });
    expect(chip).toHaveAccessibleDescription('The network server refused the values.');
    fireEvent.mouseOver(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The network server refused the values.');
  });

  it('failed in German: state and reason translated', async () => {
    renderWithRecord(<SyncStatusChip />, syncStates.failed, { locale: 'de' });
    const chip = await screen.findByRole('img', { name: 'Netzwerkserver: Fehlgeschlagen' });
    expect(chip).toHaveAccessibleDescription('Der Netzwerkserver hat die Werte abgelehnt.');
  });

  it('pending after a failed attempt keeps the reason, so the wait is explained', async () => {
    renderWithRecord(<SyncStatusChip />, { ...syncStates.pending, error_code: 'unavailable', error_message: 'connection refused' });
    expect(await screen.findByRole('img', { name: 'Network server: Pending' })).toHaveAccessibleDescription(
      'The network server cannot be reached. The change is kept and sent again automatically.',
    );
  });

  it('absent (standalone): nothing at all', async () => {
    renderWithRecord(<SyncStatusChip />, undefined);
    await screen.findByTestId('location');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText(/In sync|Pending|Failed/)).toBeNull();
  });
});

describe('sync status panel', () => {
  const retryButton = () => screen.queryByRole('button', { name: 'Retry now' });

  it('synced: the state, since when, what it means, no retry', async () => {
    renderWithRecord(<SyncStatusPanel kind="device" />, syncStates.synced);
    const panel = await screen.findByRole('region', { name: 'Network server: In sync' });
    expect(panel).toHaveTextContent(`Since ${syncAtIn('en')}`);
    expect(panel).toHaveTextContent('The network server has the current version.');
    expect(retryButton()).toBeNull();
  });

  it('pending: waits, and can be pushed now', async () => {
    renderWithRecord(<SyncStatusPanel kind="device" />, syncStates.pending);
    const panel = await screen.findByRole('region', { name: 'Network server: Pending' });
    expect(panel).toHaveTextContent('The change waits to be sent to the network server.');
    expect(retryButton()).toBeInTheDocument();
  });

  it("failed: the translated reason, the network server's own words, and Retry now", async () => {
    renderWithRecord(<SyncStatusPanel kind="device" />, syncStates.failed);
    const panel = await screen.findByRole('region', { name: 'Network server: Failed' });
    expect(panel).toHaveTextContent('The network server refused the values.');
    expect(within(panel).getByText('Network server says: dev_eui: invalid length')).toBeInTheDocument();
    expect(retryButton()).toBeInTheDocument();
  });

  it('failed in German: state, date, reason and button in German; the server’s words as written', async () => {
    renderWithRecord(<SyncStatusPanel kind="device" />, syncStates.failed, { locale: 'de' });
    const panel = await screen.findByRole('region', { name: 'Netzwerkserver: Fehlgeschlagen' });
    expect(panel).toHaveTextContent(`Seit ${syncAtIn('de')}`);
    expect(panel).toHaveTextContent('Der Netzwerkserver hat die Werte abgelehnt.');
    expect(within(panel).getByText('Meldung des Netzwerkservers: dev_eui: invalid length')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Jetzt erneut versuchen' })).toBeInTheDocument();
  });

  it('absent (standalone): nothing at all', async () => {
    renderWithRecord(<SyncStatusPanel kind="device" />, undefined);
    await screen.findByTestId('location');
    expect(screen.queryByRole('region')).toBeNull();
    expect(retryButton()).toBeNull();
  });

  it.each([
    ['en', 'Retry now', 'Network error. Please check your connection.'],
    ['de', 'Jetzt erneut versuchen', 'Netzwerkfehler. Bitte prüfen Sie Ihre Verbindung.'],
  ] as const)('retry failing (%s): an error notification in the user’s language; the state stays', async (locale, button, message) => {
    const retryNetworkSync = vi.fn(async () => {
      throw new HttpError('app.errors.networkError', 0);
    });
    renderWithRecord(<SyncStatusPanel kind="gateway" />, syncStates.failed, { locale, dataProvider: { retryNetworkSync } });
    const retry = await screen.findByRole('button', { name: button });
    await act(async () => fireEvent.click(retry));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(retryNetworkSync).toHaveBeenCalledWith('gateway', 'd1');
    expect(retry).toBeEnabled();
    expect(screen.getByRole('region', { name: locale === 'en' ? 'Network server: Failed' : 'Netzwerkserver: Fehlgeschlagen' })).toBeInTheDocument();
  });
});

describe('edit pages', () => {
  it('device: Retry now asks the API, then reads the device again and shows it pending', async () => {
    const getOne = vi
      .fn()
      .mockResolvedValueOnce({ data: { ...record(syncStates.failed), dev_eui: 'A84041000181C61E', app_key: '2B7E151628AED2A6ABF7158809CF4F3C' } })
      .mockResolvedValue({ data: { ...record(syncStates.pending), dev_eui: 'A84041000181C61E', app_key: '2B7E151628AED2A6ABF7158809CF4F3C' } });
    const retryNetworkSync = vi.fn(async () => undefined);
    renderInAdmin(<DeviceEdit />, {
      resource: 'devices',
      path: '/devices/d1',
      routePath: '/devices/:id',
      dataProvider: { getOne, retryNetworkSync, deviceTopics: async () => [], getList: listAnswers.empty, getMany: async () => ({ data: [] }) },
    });
    const failed = await screen.findByRole('region', { name: 'Network server: Failed' });
    await act(async () => fireEvent.click(within(failed).getByRole('button', { name: 'Retry now' })));
    expect(retryNetworkSync).toHaveBeenCalledWith('device', 'd1');
    expect(await screen.findByRole('region', { name: 'Network server: Pending' })).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledTimes(2);
  });

  it('profile: the panel above the form', async () => {
    const getOne = vi.fn(async () => ({ data: { id: 'p1', name: 'LHT65N', codec: '', network_sync: syncStates.synced } })) as DataProvider['getOne'] & Mock;
    renderInAdmin(<ProfileEdit />, { resource: 'profiles', path: '/profiles/p1', routePath: '/profiles/:id', dataProvider: { getOne } });
    expect(await screen.findByRole('region', { name: 'Network server: In sync' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('LHT65N')).toBeInTheDocument();
  });

  it('standalone: the edit page shows no panel', async () => {
    const getOne = vi.fn(async () => ({ data: { id: 'p1', name: 'LHT65N', codec: '' } })) as DataProvider['getOne'] & Mock;
    renderInAdmin(<ProfileEdit />, { resource: 'profiles', path: '/profiles/p1', routePath: '/profiles/:id', dataProvider: { getOne } });
    expect(await screen.findByDisplayValue('LHT65N')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Network server/ })).toBeNull();
  });
});
