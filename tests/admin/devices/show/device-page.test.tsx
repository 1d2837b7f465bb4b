import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordContextProvider, type DataProvider } from 'react-admin';
import { DeviceList } from '../../../../admin/devices/DeviceList';
import { DeviceShow } from '../../../../admin/devices/show/DeviceShow';
import { EventsSection } from '../../../../admin/devices/show/EventsSection';
import type { Language } from '../../../../admin/providers/i18nProvider';
import { renderInAdmin, signInWith, signOut } from '../../helpers';
import { LiveUpdates } from '../../../../admin/layout/LiveUpdates';
import type { LiveHandlers } from '../../../../admin/providers/liveApi';
import { listAnswers } from '../../listStates';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../../viewport';
import { syncStates } from '../../network/samples';
import { battery, device, events, frames, newerFrame, page, series, topics } from './samples';

const standalone = async () => ({ mode: 'standalone', pending: 0, failed: 0 });

function dataProviderOf(overrides: Partial<DataProvider> & Record<string, unknown> = {}) {
  return {
    getOne: (async () => ({ data: device })) as DataProvider['getOne'],
    deviceTopics: vi.fn(async () => topics),
    topicSeries: vi.fn(async () => series),
    deviceFrames: vi.fn(async () => page(frames)),
    deviceEvents: vi.fn(async () => page(events)),
    batteryHistory: vi.fn(async () => battery),
    networkStatus: vi.fn(standalone),
    ...overrides,
  };
}

function renderPage(overrides: Partial<DataProvider> & Record<string, unknown> = {}, locale?: Language) {
  const dataProvider = dataProviderOf(overrides);
  renderInAdmin(<DeviceShow />, { resource: 'devices', path: '/devices/d1/show', routePath: '/devices/:id/show', dataProvider, locale });
  return dataProvider;
}

afterEach(() => vi.unstubAllGlobals());

describe('the device page', () => {
  it.each([
    ['en', PHONE_WIDTH, 'Last seen', 'Battery 64 %', 'Edit'],
    ['en', DESKTOP_WIDTH, 'Last seen', 'Battery 64 %', 'Edit'],
    ['de', PHONE_WIDTH, 'Zuletzt gesehen', 'Batterie 64 %', 'Bearbeiten'],
    ['de', DESKTOP_WIDTH, 'Zuletzt gesehen', 'Batterie 64 %', 'Bearbeiten'],
  ] as const)('in %s at %i px: header, every section, the downlinks, and Edit', async (locale, width, lastSeen, power, edit) => {
    stubViewportWidth(width);
    renderPage({}, locale);
    expect(await screen.findByRole('heading', { level: 1, name: 'Greenhouse 3' })).toBeInTheDocument();
    expect(screen.getByText(lastSeen)).toBeInTheDocument();
    expect(screen.getByText(power)).toBeInTheDocument();
    expect(screen.getByText('LHT65N')).toBeInTheDocument();
    // TopicsPanel's topics beside the small charts: a table on a desktop, short blocks on a phone.
    if (width === PHONE_WIDTH) expect(within(await screen.findByTestId('topic-cards')).getByText('temperature')).toBeInTheDocument();
    else expect(await screen.findByRole('cell', { name: 'temperature' })).toBeInTheDocument();
    expect(await screen.findByText('DevNonce has already been used')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Downlinks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: edit })).toHaveAttribute('href', '/devices/d1');
  });

  it('linked to a network server: the device’s sync state above its sections', async () => {
    renderPage({ getOne: (async () => ({ data: { ...device, network_sync: syncStates.pending } })) as DataProvider['getOne'] });
    expect(await screen.findByRole('region', { name: 'Network server: Pending' })).toBeInTheDocument();
  });

  it('before the device has loaded: a progress indicator, no sections', async () => {
    renderPage({ getOne: () => new Promise<never>(() => undefined) });
    await waitFor(() => expect(screen.getAllByRole('progressbar').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Frames' })).toBeNull();
  });

  it('another company’s device (404): react-admin’s not-found handling, no sections', async () => {
    renderPage({ getOne: () => Promise.reject(Object.assign(new Error('app.errors.notFound'), { status: 404 })) });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Frames' })).toBeNull());
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('/devices/d1/show'));
  });

  it('live: a new frame appears without a reload once the stream says the device was heard', async () => {
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null }] });
    let handlers: LiveHandlers | undefined;
    const followLiveEvents = vi.fn(
      (_company: string, given: LiveHandlers) =>
        new Promise<void>(() => {
          handlers = given;
        }),
    );
    const deviceFrames = vi
      .fn()
      .mockResolvedValueOnce(page(frames))
      .mockResolvedValue(page([newerFrame, ...frames]));
    renderInAdmin(
      <LiveUpdates>
        <DeviceShow />
      </LiveUpdates>,
      {
        resource: 'devices',
        path: '/devices/d1/show',
        routePath: '/devices/:id/show',
        dataProvider: { ...dataProviderOf({ deviceFrames }), followLiveEvents },
      },
    );
    const region = await screen.findByRole('region', { name: 'Frames' });
    expect(await within(region).findByRole('cell', { name: '153' })).toBeInTheDocument();
    await waitFor(() => expect(handlers).toBeDefined());
    await act(() => {
      handlers?.onOpen();
      handlers?.onEvent({ type: 'device_status', company_id: 'c1', device_id: String(device.id), last_seen: '2026-11-28T07:00:00.000Z' });
    });
    expect(await within(region).findByRole('cell', { name: '154' })).toBeInTheDocument();
    expect(within(region).getByRole('img', { name: 'Link quality: RSSI and SNR of the last 3 frames' })).toBeInTheDocument();
    signOut();
  });
});

describe('the events filter', () => {
  it('a log level reads log events of that level; another type clears the level', async () => {
    const deviceEvents = vi.fn(async () => page(events));
    renderInAdmin(
      <RecordContextProvider value={device}>
        <EventsSection />
      </RecordContextProvider>,
      { dataProvider: { deviceEvents } },
    );
    await screen.findByText('DevNonce has already been used');
    expect(deviceEvents).toHaveBeenLastCalledWith('d1', { type: undefined, level: undefined, q: undefined, days: 7, page: 1, perPage: 25 });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Log level' }));
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: 'Error' })));
    await waitFor(() => expect(deviceEvents).toHaveBeenLastCalledWith('d1', { type: 'log', level: 'ERROR', q: undefined, days: 7, page: 1, perPage: 25 }));
    expect(screen.getByRole('combobox', { name: 'Event type' })).toHaveTextContent('Network-server log');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Event type' }));
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: 'Uplink' })));
    await waitFor(() => expect(deviceEvents).toHaveBeenLastCalledWith('d1', { type: 'up', level: undefined, q: undefined, days: 7, page: 1, perPage: 25 }));
  });
});

describe('the device list', () => {
  it('a row opens the device page', async () => {
    renderInAdmin(<DeviceList />, {
      resource: 'devices',
      path: '/devices',
      dataProvider: { getList: listAnswers.rows([device]), getMany: async () => ({ data: [] }) },
    });
    fireEvent.click(await screen.findByText('Greenhouse 3'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/devices/d1/show'));
  });
});
