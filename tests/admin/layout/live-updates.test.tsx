import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { DataProvider } from 'react-admin';
import { LiveUpdates, useLive } from '../../../admin/layout/LiveUpdates';
import { NotificationBell } from '../../../admin/layout/NotificationBell';
import { DeviceList } from '../../../admin/devices/DeviceList';
import type { LiveHandlers } from '../../../admin/providers/liveApi';
import type { LiveEvent } from '../../../admin/types/api';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { listAnswers } from '../listStates';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const COMPANY = { id: '6f1c4c8e-0000-4000-8000-000000000001', name: 'Acme', tenant_id: null };

/** A stand-in for the data provider's stream: the test opens it, sends events, or breaks it. */
function fakeStream() {
  const calls: { handlers: LiveHandlers; fail: (error: Error) => void; end: () => void }[] = [];
  const followLiveEvents = vi.fn(
    (_company: string, handlers: LiveHandlers, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ handlers, fail: reject, end: resolve });
        signal.addEventListener('abort', () => resolve());
      }),
  );
  const latest = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('the stream was not opened');
    return call;
  };
  return {
    followLiveEvents,
    calls,
    open: async () => {
      // The layout opens the stream once it rendered (a language still loading delays that).
      await waitFor(() => expect(calls.length).toBeGreaterThan(0));
      await act(() => latest().handlers.onOpen());
    },
    emit: (event: LiveEvent) => act(() => latest().handlers.onEvent(event)),
    fail: () => act(() => latest().fail(new Error('cut off'))),
  };
}

function StateProbe() {
  return <span data-testid="live-state">{useLive().state}</span>;
}

const bellCount = (total: number) => vi.fn(async () => ({ data: total ? [{ id: 'n1' }] : [], total })) as DataProvider['getList'] & Mock;

describe.each([
  ['phone', PHONE_WIDTH],
  ['desktop', DESKTOP_WIDTH],
] as const)('live updates at %s width', (_width, pixels) => {
  beforeEach(async () => {
    stubViewportWidth(pixels);
    await signInWith({ companies: [COMPANY] });
  });
  afterEach(signOut);

  const renderBell = (stream: ReturnType<typeof fakeStream>, getList: DataProvider['getList'], locale?: 'de') =>
    renderInAdmin(
      <LiveUpdates>
        <StateProbe />
        <NotificationBell />
      </LiveUpdates>,
      { dataProvider: { getList, followLiveEvents: stream.followLiveEvents }, ...(locale ? { locale } : {}) },
    );

  it('loading (connecting): one stream for the selected company, the bell counts from a read meanwhile', async () => {
    const stream = fakeStream();
    renderBell(stream, bellCount(2));
    expect(screen.getByTestId('live-state')).toHaveTextContent('connecting');
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(stream.followLiveEvents).toHaveBeenCalledTimes(1);
    expect(stream.followLiveEvents).toHaveBeenCalledWith(COMPANY.id, expect.anything(), expect.any(AbortSignal));
  });

  it('success (open): the bell follows the count the stream tells', async () => {
    const stream = fakeStream();
    const getList = bellCount(0);
    renderBell(stream, getList);
    await stream.open();
    expect(screen.getByTestId('live-state')).toHaveTextContent('open');
    await stream.emit({ type: 'notifications', unread: 4 });
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    await stream.emit({ type: 'notifications', unread: 5 });
    expect(await screen.findByRole('link', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
  });

  it('success in German', async () => {
    const stream = fakeStream();
    renderBell(stream, bellCount(0), 'de');
    await stream.open();
    await stream.emit({ type: 'notifications', unread: 1 });
    expect(await screen.findByRole('link', { name: 'Benachrichtigungen, 1 ungelesen' })).toBeInTheDocument();
  });

  it('empty: no unread notifications, the plain bell', async () => {
    const stream = fakeStream();
    renderBell(stream, bellCount(3));
    await stream.open();
    await stream.emit({ type: 'notifications', unread: 0 });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('error (down): the stream breaks, the bell keeps the count it read, and it reconnects and refetches once', async () => {
    const stream = fakeStream();
    const getList = bellCount(2);
    renderBell(stream, getList);
    await stream.open();
    await stream.fail();
    expect(screen.getByTestId('live-state')).toHaveTextContent('down');
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(() => expect(stream.followLiveEvents).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    const readsBefore = getList.mock.calls.length;
    await stream.open();
    expect(screen.getByTestId('live-state')).toHaveTextContent('open');
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(readsBefore));
  });

  it('a device heard: the device list on screen is read again, once for a burst', async () => {
    const stream = fakeStream();
    const getList = vi.fn(listAnswers.rows([{ id: 'd1', name: 'Cellar sensor', dev_eui: 'A84041000181C61E', last_seen: null }]));
    renderInAdmin(
      <LiveUpdates>
        <DeviceList />
      </LiveUpdates>,
      { resource: 'devices', dataProvider: { getList, getMany: async () => ({ data: [] }), followLiveEvents: stream.followLiveEvents } },
    );
    await screen.findAllByText('Cellar sensor');
    await stream.open();
    const readsBefore = getList.mock.calls.length;
    const heard = (second: number): LiveEvent => ({
      type: 'device_status',
      company_id: COMPANY.id,
      device_id: 'd1',
      last_seen: `2026-11-28T07:00:0${second}.000Z`,
    });
    await stream.emit(heard(1));
    await stream.emit(heard(2));
    await waitFor(() => expect(getList.mock.calls.length).toBe(readsBefore + 1));
  });
});
