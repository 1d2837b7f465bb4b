import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, Notification, RecordContextProvider, type DataProvider } from 'react-admin';
import { DeviceCreate } from '../../../admin/devices/DeviceCreate';
import { DeviceList } from '../../../admin/devices/DeviceList';
import { normaliseDevEui, validateAppKey, validateDevEui } from '../../../admin/devices/hex';
import { TopicsPanel } from '../../../admin/devices/TopicsPanel';
import { renderInAdmin } from '../helpers';
import { isShowingSkeleton, listAnswers } from '../listStates';
import { fieldErrorMessage } from '../../../admin/providers/serverMessages';
import { syncStates } from '../network/samples';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const device = {
  id: 'd1',
  name: 'Cellar',
  dev_eui: 'A84041000181C61E',
  config_name: 'LHT65N',
  unit_name: null,
  last_seen: null,
  power_status: 'battery_low',
  battery_level: 9,
};

describe('DevEUI and AppKey in the form', () => {
  it.each(['A84041000181C61E', 'a84041000181c61e', '0xA84041000181C61E', 'A8-40-41-00-01-81-C6-1E', 'a8:40:41:00:01:81:c6:1e', ' A84041000181C61E '])(
    'accepts the DevEUI %j',
    (value) => {
      expect(validateDevEui(value)).toBeUndefined();
      expect(normaliseDevEui(value)).toBe('A84041000181C61E');
    },
  );

  it.each(['A84041', 'A84041000181C61E00', 'G84041000181C61E', ''])('refuses the DevEUI %j', (value) => {
    expect(validateDevEui(value)).toBe('app.devices.dev_eui_invalid');
  });

  it('checks the AppKey length', () => {
    expect(validateAppKey('2B7E151628AED2A6ABF7158809CF4F3C')).toBeUndefined();
    expect(validateAppKey('2B7E151628AED2A6ABF7158809CF4F')).toBe('app.devices.app_key_invalid');
  });
});

describe('device list', () => {
  const renderList = (dataProvider: Partial<DataProvider> & Record<string, unknown>) =>
    renderInAdmin(<DeviceList />, { resource: 'devices', dataProvider: { getMany: async () => ({ data: [] }), ...dataProvider } });

  it('loading: skeleton rows', async () => {
    renderList({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton()).toBe(true));
  });

  it('empty: the three ways to the first devices (register, import a CSV, the templates)', async () => {
    renderList({ getList: listAnswers.empty });
    expect(await screen.findByText(/No Devices yet/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register a device' })).toHaveAttribute('href', '/devices/create');
    expect(screen.getByRole('link', { name: 'Import CSV' })).toHaveAttribute('href', '/devices/import');
    expect(screen.getByRole('link', { name: 'See the templates' })).toHaveAttribute('href', '/templates');
  });

  it('empty, in German', async () => {
    renderInAdmin(<DeviceList />, {
      resource: 'devices',
      locale: 'de',
      dataProvider: { getMany: async () => ({ data: [] }), getList: listAnswers.empty },
    });
    expect(await screen.findByRole('link', { name: 'Gerät registrieren' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vorlagen ansehen' })).toHaveAttribute('href', '/templates');
  });

  it('exports the list as it is filtered and sorted, under the name the server gives', async () => {
    const exportDevices = vi.fn(async () => ({ blob: new Blob(['name\r\n']), filename: 'devices-acme-2026-11-27.csv' }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    // jsdom has no object URLs: the browser's part is stood in for, and put back afterwards.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    renderList({ getList: listAnswers.rows([{ id: 'd1', name: 'Pump', dev_eui: 'A840410000000001', last_seen: null }]), exportDevices });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' })));
    await waitFor(() => expect(clicked).toEqual(['devices-acme-2026-11-27.csv']));
    expect(exportDevices).toHaveBeenCalledWith({ filter: {}, sort: { field: 'last_seen', order: 'DESC' } });
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('a failed export is said in words', async () => {
    renderInAdmin(
      <>
        <DeviceList />
        <Notification />
      </>,
      {
        resource: 'devices',
        dataProvider: {
          getMany: async () => ({ data: [] }),
          getList: listAnswers.rows([{ id: 'd1', name: 'Pump', dev_eui: 'A840410000000001', last_seen: null }]),
          exportDevices: () => Promise.reject(new HttpError('app.errors.general', 500)),
        },
      },
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' })));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('error: the failure, not the empty page', async () => {
    renderList({ getList: listAnswers.error });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  });

  it("success: 'Never' when never seen, the profile and the power status", async () => {
    renderList({ getList: listAnswers.rows([device]) });
    const row = (await screen.findByText('Cellar')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('LHT65N')).toBeInTheDocument();
    expect(within(row).getByText('Battery low')).toBeInTheDocument();
  });

  it("sorts by the device's own columns only: profile and unit are not an ordering the API offers", async () => {
    renderList({ getList: listAnswers.rows([device]) });
    await screen.findByText('Cellar');
    const sortable = (name: string) => within(screen.getByRole('columnheader', { name })).queryByRole('button') !== null;
    expect(['Name', 'DevEUI', 'Last seen'].map(sortable)).toEqual([true, true, true]);
    expect(['Device profile', 'Unit'].map(sortable)).toEqual([false, false]);
  });

  it('network server linked: a "Network server" column with each device’s sync state', async () => {
    renderList({ getList: listAnswers.rows([{ ...device, network_sync: syncStates.failed }]) });
    const row = (await screen.findByText('Cellar')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Network server' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Network server: Failed' })).toHaveAccessibleDescription('The network server refused the values.');
  });

  it('standalone: no "Network server" column at all', async () => {
    renderList({ getList: listAnswers.rows([device]) });
    await screen.findByText('Cellar');
    expect(screen.getByRole('columnheader', { name: 'Power status' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Network server' })).toBeNull();
  });
});

describe('register a device', () => {
  it("says \"Device 'Cellar sensor' registered\" in the user's language", async () => {
    const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 'd9', ...params.data } })) as DataProvider['create'] & Mock;
    renderInAdmin(
      <>
        <DeviceCreate />
        <Notification />
      </>,
      { resource: 'devices', locale: 'de', dataProvider: { create, getList: listAnswers.empty, getMany: async () => ({ data: [] }) } },
    );
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Cellar sensor' } });
    fireEvent.change(screen.getByLabelText(/DevEUI/), { target: { value: 'A84041000181C61E' } });
    fireEvent.change(screen.getByLabelText(/AppKey/), { target: { value: '2B7E151628AED2A6ABF7158809CF4F3C' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(await screen.findByText('Gerät „Cellar sensor“ registriert')).toBeInTheDocument();
  });

  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('shows the DevEUI error in the form and sends nothing', async () => {
    const create = vi.fn() as DataProvider['create'] & Mock;
    renderInAdmin(<DeviceCreate />, { resource: 'devices', dataProvider: { create, getList: listAnswers.empty, getMany: async () => ({ data: [] }) } });
    fill(/DevEUI/, 'A84041');
    fill(/AppKey/, '2B7E151628AED2A6ABF7158809CF4F3C');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('DevEUI must be 16 hexadecimal digits.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the hex normalised, and shows a server field error under its field', async () => {
    const create = vi.fn(async () => {
      throw new HttpError('app.errors.validation', 409, { code: 'duplicate', errors: { dev_eui: fieldErrorMessage({ code: 'dev_eui_taken' }) } });
    }) as DataProvider['create'] & Mock;
    renderInAdmin(<DeviceCreate />, { resource: 'devices', dataProvider: { create, getList: listAnswers.empty, getMany: async () => ({ data: [] }) } });
    fill(/DevEUI/, 'a8-40-41-00-01-81-c6-1e');
    fill(/AppKey/, '0x2b7e151628aed2a6abf7158809cf4f3c');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(create).toHaveBeenCalledWith(
      'devices',
      expect.objectContaining({ data: expect.objectContaining({ dev_eui: 'A84041000181C61E', app_key: '2B7E151628AED2A6ABF7158809CF4F3C' }) }),
    );
    expect(await screen.findByText('This DevEUI is already registered.')).toBeInTheDocument();
  });

  it.each([
    ['en', 'The Free plan allows at most 5 devices.'],
    ['de', 'Der Tarif Free erlaubt höchstens 5 Geräte.'],
  ] as const)("shows the plan's device limit under the DevEUI (%s)", async (locale, text) => {
    const create = vi.fn(async () => {
      const reason = { code: 'plan_device_limit', params: { plan: 'Free', limit: 5 } } as const;
      throw new HttpError('app.errors.planLimit', 403, { code: 'planLimit', errors: { dev_eui: fieldErrorMessage(reason) } });
    }) as DataProvider['create'] & Mock;
    renderInAdmin(<DeviceCreate />, { resource: 'devices', locale, dataProvider: { create, getList: listAnswers.empty, getMany: async () => ({ data: [] }) } });
    // German is loaded lazily: wait for the form in its language.
    await screen.findByRole('button', { name: locale === 'de' ? 'Speichern' : 'Save' });
    fill(/DevEUI/, 'A84041000181C61E');
    fill(/AppKey/, '2B7E151628AED2A6ABF7158809CF4F3C');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: locale === 'de' ? 'Speichern' : 'Save' })));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('topics panel', () => {
  afterEach(() => vi.unstubAllGlobals());
  const renderPanel = (deviceTopics: () => Promise<unknown>) =>
    renderInAdmin(
      <RecordContextProvider value={device}>
        <TopicsPanel />
      </RecordContextProvider>,
      { dataProvider: { deviceTopics } },
    );

  it('loading: a progress bar', () => {
    renderPanel(() => new Promise(() => undefined));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('empty: no data yet', async () => {
    renderPanel(async () => []);
    expect(await screen.findByText('No data received yet.')).toBeInTheDocument();
  });

  it("error: 'Error loading topics'", async () => {
    renderPanel(() => Promise.reject(new HttpError('app.errors.networkError', 0)));
    expect(await screen.findByText('Error loading topics')).toBeInTheDocument();
  });

  it('success: topic, last value and timestamp', async () => {
    renderPanel(async () => [{ topic: 'sensor.temperature', last_value: 21.5, last_timestamp: '2026-11-22T10:00:00.000Z', decoded_by: null }]);
    const row = (await screen.findByText('sensor.temperature')).closest('tr') as HTMLElement;
    expect(within(row).getByText('21.5')).toBeInTheDocument();
  });

  const decodedTopics = async () => [
    { topic: 'battery', last_value: 3.1, last_timestamp: '2026-11-22T10:00:00.000Z', decoded_by: 'network_server' },
    { topic: 'temperature', last_value: 21.5, last_timestamp: '2026-11-22T10:00:00.000Z', decoded_by: 'profile_codec' },
    { topic: 'old', last_value: 'x', last_timestamp: '2026-11-01T10:00:00.000Z', decoded_by: null },
  ];
  const decoderOf = (topic: string) => within(screen.getByText(topic).closest('tr') as HTMLElement).getAllByRole('cell')[3];

  it('success at desktop width: which decoder produced each value, nothing for values from before it was recorded', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    renderPanel(decodedTopics);
    expect(await screen.findByRole('columnheader', { name: 'Decoded by' })).toBeInTheDocument();
    expect(decoderOf('battery')).toHaveTextContent('Network server');
    expect(decoderOf('temperature')).toHaveTextContent('Profile codec');
    expect(decoderOf('old')).toBeEmptyDOMElement();
  });

  it('success at phone width: a block per topic instead of a four-column table (issue #22)', async () => {
    stubViewportWidth(PHONE_WIDTH);
    renderPanel(decodedTopics);
    const cards = await screen.findByTestId('topic-cards');
    expect(screen.queryByRole('table')).toBeNull();
    const card = (topic: string) => within(cards).getByText(topic).parentElement as HTMLElement;
    expect(card('battery')).toHaveTextContent('3.1');
    expect(card('battery')).toHaveTextContent('Network server');
    expect(card('temperature')).toHaveTextContent('Profile codec');
    expect(card('old')).not.toHaveTextContent('·');
  });

  it('names the decoders in German', async () => {
    renderInAdmin(
      <RecordContextProvider value={device}>
        <TopicsPanel />
      </RecordContextProvider>,
      { dataProvider: { deviceTopics: decodedTopics }, locale: 'de' },
    );
    expect(await screen.findByRole('columnheader', { name: 'Dekodiert von' })).toBeInTheDocument();
    expect(decoderOf('battery')).toHaveTextContent('Netzwerkserver');
    expect(decoderOf('temperature')).toHaveTextContent('Profil-Codec');
  });
});
