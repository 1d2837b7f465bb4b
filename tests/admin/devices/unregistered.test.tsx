import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { HttpError, type DataProvider } from 'react-admin';
import { DeviceCreate } from '../../../admin/devices/DeviceCreate';
import { DeviceList } from '../../../admin/devices/DeviceList';
import type { Language } from '../../../admin/providers/i18nProvider';
import type { UnregisteredDevice } from '../../../admin/types/api';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { listAnswers } from '../listStates';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const LAST_SEEN = '2026-11-22T08:40:00.000Z';
const greenhouse: UnregisteredDevice = {
  dev_eui: 'A840410000000999',
  join_eui: 'A840410000000107',
  device_name: 'greenhouse-3',
  application_id: '95856ede-1238-4272-b616-41f18dc10fc3',
  last_event: 'up',
  last_rssi: -68,
  last_snr: 13.2,
  last_gateway_id: '0016C001F153A14C',
  count: 4,
  first_seen: '2026-11-22T08:15:42.381Z',
  last_seen: LAST_SEEN,
};
// Heard only through a join: no JoinEUI, name or reception to show.
const stranger: UnregisteredDevice = {
  ...greenhouse,
  dev_eui: 'A840410000000AAA',
  join_eui: null,
  device_name: null,
  last_event: 'join',
  last_rssi: null,
  last_snr: null,
  last_gateway_id: null,
  count: 1,
};
const seenIn = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(LAST_SEEN));

const panelButton = (name: RegExp | string = /Heard, not registered/) => screen.findByRole('button', { name });

async function openList(
  unregisteredDevices: () => Promise<UnregisteredDevice[]>,
  { locale, getList = listAnswers.empty }: { locale?: Language; getList?: DataProvider['getList'] } = {},
) {
  await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'member' }] });
  renderInAdmin(<DeviceList />, { resource: 'devices', locale, dataProvider: { getList, getMany: async () => ({ data: [] }), unregisteredDevices } });
}

describe('heard, not registered: the panel above the device list', () => {
  beforeEach(() => {
    localStorage.clear();
    stubViewportWidth(DESKTOP_WIDTH);
  });
  afterEach(signOut);

  it('loading: nothing is shown until there is something to add; the device list does not wait for it', async () => {
    const unregisteredDevices = vi.fn(() => new Promise<UnregisteredDevice[]>(() => undefined));
    await openList(unregisteredDevices, { getList: listAnswers.rows([{ id: 'd1', name: 'Cellar', dev_eui: '0011223344556677', last_seen: null }]) });
    expect(await screen.findByText('Cellar')).toBeInTheDocument();
    expect(unregisteredDevices).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Heard, not registered/ })).toBeNull();
  });

  it('empty: no panel at all, the device list as before', async () => {
    const unregisteredDevices = vi.fn(async () => []);
    await openList(unregisteredDevices);
    expect(await screen.findByText(/No Devices yet/i)).toBeInTheDocument();
    await waitFor(() => expect(unregisteredDevices).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Heard, not registered/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('error: says so beside the list, and Retry reads it again', async () => {
    const unregisteredDevices = vi
      .fn<() => Promise<UnregisteredDevice[]>>()
      .mockRejectedValueOnce(new HttpError('app.errors.networkError', 0))
      .mockResolvedValue([greenhouse]);
    await openList(unregisteredDevices);
    const alert = await screen.findByText('The devices heard but not registered could not be loaded.');
    expect(await screen.findByText(/No Devices yet/i)).toBeInTheDocument();
    await act(async () => fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' })));
    expect(await panelButton()).toHaveTextContent('The network server sent events for 1 device that is not registered here.');
  });

  it('success on a desktop: folded with the count, unfolded a table of what the network server told', async () => {
    await openList(async () => [greenhouse, stranger]);
    const toggle = await panelButton();
    expect(toggle).toHaveTextContent('The network server sent events for 2 devices that are not registered here.');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const table = await screen.findByRole('table', { name: 'Devices heard but not registered' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['DevEUI', 'JoinEUI', 'Name in the network server', 'Last event', 'RSSI / SNR', 'Gateway', 'Events', 'Last seen', '']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'A840410000000999',
      'A840410000000107',
      'greenhouse-3',
      'Uplink',
      '-68 dBm / 13.2 dB',
      '0016C001F153A14C',
      '4',
      seenIn('en'),
      'Add this device',
    ]);
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['A840410000000AAA', '—', '—', 'Join', '—', '—', '1', seenIn('en'), 'Add this device']);
    expect(within(second as HTMLElement).getByRole('link', { name: 'Add device A840410000000AAA' })).toHaveAttribute('href', '/devices/create');
  });

  it('success on a phone: a list with the same facts under each DevEUI, and the add button', async () => {
    stubViewportWidth(PHONE_WIDTH);
    await openList(async () => [greenhouse]);
    fireEvent.click(await panelButton());
    const list = await screen.findByRole('list', { name: 'Devices heard but not registered' });
    expect(screen.queryByRole('table', { name: 'Devices heard but not registered' })).toBeNull();
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('A840410000000999');
    expect(item).toHaveTextContent('greenhouse-3');
    expect(item).toHaveTextContent('JoinEUI: A840410000000107');
    expect(item).toHaveTextContent(`Uplink · ${seenIn('en')} · Events: 4`);
    expect(item).toHaveTextContent('Gateway: 0016C001F153A14C · -68 dBm / 13.2 dB');
    expect(within(item as HTMLElement).getByRole('link', { name: 'Add device A840410000000999' })).toBeInTheDocument();
  });

  it('in German: title, count, columns, event and numbers in German', async () => {
    await openList(async () => [greenhouse, stranger], { locale: 'de' });
    const toggle = await panelButton(/Empfangen, nicht registriert/);
    expect(toggle).toHaveTextContent('Der Netzwerkserver hat Ereignisse für 2 Geräte gesendet, die hier nicht registriert sind.');
    fireEvent.click(toggle);
    const table = await screen.findByRole('table', { name: 'Empfangene, nicht registrierte Geräte' });
    expect(within(table).getByRole('columnheader', { name: 'Name im Netzwerkserver' })).toBeInTheDocument();
    expect(table).toHaveTextContent('-68 dBm / 13,2 dB');
    expect(table).toHaveTextContent(seenIn('de'));
    expect(within(table).getByText('Beitritt')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Gerät A840410000000999 hinzufügen' })).toHaveTextContent('Dieses Gerät hinzufügen');
  });
});

describe('heard, not registered: add this device', () => {
  beforeEach(() => {
    localStorage.clear();
    stubViewportWidth(DESKTOP_WIDTH);
  });
  afterEach(signOut);

  it('opens the form with DevEUI, JoinEUI and name filled in; once saved the list no longer shows the DevEUI', async () => {
    // The server leaves out DevEUIs a device has (server/src/repositories/unregistered-devices.ts).
    let registered = false;
    const unregisteredDevices = vi.fn(async () => (registered ? [stranger] : [greenhouse, stranger]));
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => {
      registered = true;
      return { data: { id: 'd1', ...params.data } };
    }) as DataProvider['create'] & Mock;
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'member' }] });
    renderInAdmin(
      <Routes>
        <Route path="/devices" element={<DeviceList />} />
        <Route path="/devices/create" element={<DeviceCreate />} />
      </Routes>,
      {
        path: '/devices',
        resource: 'devices',
        dataProvider: { getList: listAnswers.empty, getMany: async () => ({ data: [] }), unregisteredDevices, create },
      },
    );
    fireEvent.click(await panelButton());
    fireEvent.click(await screen.findByRole('link', { name: 'Add device A840410000000999' }));

    expect(await screen.findByLabelText(/DevEUI/)).toHaveValue('A840410000000999');
    expect(screen.getByLabelText(/JoinEUI/)).toHaveValue('A840410000000107');
    expect(screen.getByLabelText('Name')).toHaveValue('greenhouse-3');
    expect(screen.getByLabelText(/AppKey/)).toHaveValue('');
    fireEvent.change(screen.getByLabelText(/AppKey/), { target: { value: '2b7e151628aed2a6abf7158809cf4f3c' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(create).toHaveBeenCalledWith(
      'devices',
      expect.objectContaining({
        data: expect.objectContaining({
          dev_eui: 'A840410000000999',
          join_eui: 'A840410000000107',
          name: 'greenhouse-3',
          app_key: '2B7E151628AED2A6ABF7158809CF4F3C',
        }),
      }),
    );

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/devices$/));
    const toggle = await panelButton();
    await waitFor(() => expect(toggle).toHaveTextContent('for 1 device that is'));
    fireEvent.click(toggle);
    const table = await screen.findByRole('table', { name: 'Devices heard but not registered' });
    expect(within(table).queryByText('A840410000000999')).toBeNull();
    expect(within(table).getByText('A840410000000AAA')).toBeInTheDocument();
  });
});
