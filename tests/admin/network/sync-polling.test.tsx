import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { DeviceEdit } from '../../../admin/devices/DeviceEdit';
import { DeviceList } from '../../../admin/devices/DeviceList';
import { GatewayList } from '../../../admin/gateways/GatewayList';
import { SYNC_POLL_MS } from '../../../admin/network/pollWhilePending';
import { LIVE_FALLBACK_MS } from '../../../admin/layout/LiveUpdates';
import { ProfileEdit } from '../../../admin/profiles/ProfileEdit';
import { ProfileList } from '../../../admin/profiles/ProfileList';
import type { SyncStatus } from '../../../admin/types/api';
import { renderInAdmin } from '../helpers';
import { listAnswers } from '../listStates';
import { syncStates } from './samples';

const DEVICE = { dev_eui: 'A84041000181C61E', app_key: '2B7E151628AED2A6ABF7158809CF4F3C', last_seen: null };
const withSync = (record: { id: string; name: string }, network_sync?: SyncStatus) => ({ ...record, ...(network_sync ? { network_sync } : {}) });
/** Lets react-query's interval run as if `times` polling periods passed. */
const waitPolls = (times = 1) => act(async () => vi.advanceTimersByTimeAsync(SYNC_POLL_MS * times));

/** Each list, and how often it is read once nothing is pending while the live stream is down (here: no LiveUpdates): profiles never, devices and gateways slowly. */
const lists: [string, () => ReactElement, number | false][] = [
  ['devices', () => <DeviceList />, LIVE_FALLBACK_MS],
  ['profiles', () => <ProfileList />, false],
  ['gateways', () => <GatewayList />, LIVE_FALLBACK_MS],
];

describe('sync state without a reload', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(lists)('%s list: a pending row turns "In sync" on its own, then the list is read at its steady pace', async (resource, list, steady) => {
    const rows = (second: SyncStatus) => ({
      data: [withSync({ id: 'r1', name: 'Cellar' }, syncStates.synced), withSync({ id: 'r2', name: 'Attic' }, second)],
      total: 2,
    });
    const getList = vi.fn().mockResolvedValueOnce(rows(syncStates.pending)).mockResolvedValue(rows(syncStates.synced));
    renderInAdmin(list(), { resource, dataProvider: { getList, getMany: async () => ({ data: [] }) } });
    const attic = (await screen.findByText('Attic')).closest('tr') as HTMLElement;
    expect(within(attic).getByLabelText('Network server: Pending')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledTimes(1);

    await waitPolls();
    expect(await within(attic).findByLabelText('Network server: In sync')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(3 * LIVE_FALLBACK_MS));
    if (steady === false) expect(getList).toHaveBeenCalledTimes(2);
    else expect(getList.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('a list stays pending as long as the network server has not answered, read again each period', async () => {
    const getList = vi.fn(listAnswers.rows([{ ...withSync({ id: 'd1', name: 'Cellar' }, syncStates.pending), ...DEVICE }]));
    renderInAdmin(<DeviceList />, { resource: 'devices', dataProvider: { getList, getMany: async () => ({ data: [] }) } });
    await screen.findByLabelText('Network server: Pending');
    await waitPolls();
    await waitPolls();
    expect(getList.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(screen.getByLabelText('Network server: Pending')).toBeInTheDocument();
  });

  it('profiles, standalone or failed: nothing changes on its own, so nothing is polled', async () => {
    const getList = vi.fn(listAnswers.rows([withSync({ id: 'p1', name: 'Cellar' }), withSync({ id: 'p2', name: 'Attic' }, syncStates.failed)]));
    renderInAdmin(<ProfileList />, { resource: 'profiles', dataProvider: { getList, getMany: async () => ({ data: [] }) } });
    await screen.findByText('Cellar');
    await waitPolls(3);
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('device edit: the panel turns from pending to in sync while the form keeps what the user typed', async () => {
    const getOne = vi
      .fn()
      .mockResolvedValueOnce({ data: { ...withSync({ id: 'd1', name: 'Cellar' }, syncStates.pending), ...DEVICE } })
      .mockResolvedValue({ data: { ...withSync({ id: 'd1', name: 'Cellar' }, syncStates.synced), ...DEVICE } });
    renderInAdmin(<DeviceEdit />, {
      resource: 'devices',
      path: '/devices/d1',
      routePath: '/devices/:id',
      dataProvider: {
        getOne,
        deviceTopics: async () => [],
        getList: listAnswers.empty,
        getMany: async () => ({ data: [] }),
        networkStatus: async () => ({ mode: 'chirpstack', pending: 1, failed: 0 }),
        downlinkQueue: async () => [],
      },
    });
    expect(await screen.findByRole('region', { name: 'Network server: Pending' })).toBeInTheDocument();
    const name = await screen.findByDisplayValue('Cellar');
    fireEvent.change(name, { target: { value: 'Cellar north' } });

    await waitPolls();
    expect(await screen.findByRole('region', { name: 'Network server: In sync' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Cellar north');
    await waitPolls(3);
    expect(getOne).toHaveBeenCalledTimes(2);
  });

  it('profile edit: pending, then failed with the reason, without a reload', async () => {
    const profile = { id: 'p1', name: 'LHT65N', codec: '' };
    const getOne = vi
      .fn()
      .mockResolvedValueOnce({ data: withSync(profile, syncStates.pending) })
      .mockResolvedValue({ data: withSync(profile, syncStates.failed) });
    renderInAdmin(<ProfileEdit />, { resource: 'profiles', path: '/profiles/p1', routePath: '/profiles/:id', dataProvider: { getOne } });
    expect(await screen.findByRole('region', { name: 'Network server: Pending' })).toBeInTheDocument();
    await waitPolls();
    expect(await screen.findByRole('region', { name: 'Network server: Failed' })).toHaveTextContent('The network server refused the values.');
  });
});
